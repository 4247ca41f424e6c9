// Everything: the lifecycle layer (listed in lifecycle.ts), the polyfill's installer and the
// platform's event classes, markers, frame-policy check and origin rule.
export * from './lifecycle'
export { installModelContext } from './install'
export { ToolActivatedEvent, ToolCancelEvent } from './webmcp/events'
export type { ToolEventInit } from './webmcp/events'
export { framePolicyAllowsTools } from './frames/permissions-policy'
export type { FramePolicyInput } from './frames/permissions-policy'
export { trustworthyOrigin } from './webmcp/origin'
export { FORM_ACTIVE, SUBMIT_ACTIVE } from './forms/markers'
