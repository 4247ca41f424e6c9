// The public constants of the declarative forms: the attributes the polyfill sets where native
// Chromium has only its pseudo-classes. (No global type here: submission.ts augments SubmitEvent.)
/**
 * The attribute the polyfill sets on a form while an agent fills it: its `:tool-form-active`, which
 * script cannot add (native Chromium has only the pseudo-class).
 *
 * @example
 * ```css
 * form:is(:tool-form-active, [data-tool-form-active]) { outline: 2px dashed rebeccapurple; }
 * ```
 * ```ts
 * import { FORM_ACTIVE } from '@webmcp-kit/core'
 * const filling = document.querySelector(`form[${FORM_ACTIVE}]`)
 * ```
 */
export const FORM_ACTIVE = 'data-tool-form-active'

/**
 * The attribute the polyfill sets on that form's submit button: its `:tool-submit-active`.
 *
 * @example
 * ```ts
 * import { SUBMIT_ACTIVE } from '@webmcp-kit/core'
 * const button = document.querySelector(`[${SUBMIT_ACTIVE}]`)
 * ```
 */
export const SUBMIT_ACTIVE = 'data-tool-submit-active'
