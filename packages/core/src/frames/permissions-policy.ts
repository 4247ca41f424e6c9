import { trustworthyOrigin } from '../webmcp/origin'

/** What decides whether the document in a frame may use the `tools` feature. */
export interface FramePolicyInput {
  /** The `<iframe>`'s `allow` attribute as it was when the frame navigated (`null` when absent). */
  allow: string | null
  /** The serialised origin of the document in the frame (`"null"` when opaque). */
  origin: string
  /** The serialised origin of the document that holds the `<iframe>` element. */
  parentOrigin: string
  /** The origin the frame's `src` declares (the parent's for `srcdoc` and `about:blank`). */
  srcOrigin: string
}

// HTML's ASCII whitespace: Chromium splits the attribute on these only, so U+00A0 and other Unicode
// spaces are part of a token (security review D8).
const ASCII_WHITESPACE = /[\t\n\f\r ]+/

/** An origin that is never same-origin with anything, not even another opaque origin. */
const opaque = (origin: string) => origin === 'null'

/**
 * Chromium matches no allowlist entry but `*` for an IPv6 loopback origin (security review D10:
 * `allow="tools"`, `'src'` and `tools http://[::1]:PORT` are all refused natively). Followed here, as
 * docs/conformance.md records.
 */
const unmatchable = (origin: string) =>
  opaque(origin) || origin.startsWith('http://[') || origin.startsWith('https://[')

/**
 * Whether the `tools` policy-controlled feature (default allowlist `'self'`) is enabled for the
 * document in a frame, given the frame's `allow` attribute: the first `tools` directive decides
 * (`tools`, `tools *`, `tools 'self'`, `tools 'src'`, `tools 'none'`, `tools https://origin …`);
 * without one, only a document same-origin with the parent may. Opaque origins (sandboxed frames)
 * are same-origin with nothing. The parent must itself be allowed; that is for the caller to check.
 *
 * @example
 * ```ts
 * framePolicyAllowsTools({
 *   allow: 'tools https://widget.example',
 *   origin: 'https://widget.example',
 *   parentOrigin: 'https://app.example',
 *   srcOrigin: 'https://widget.example',
 * }) // true
 * ```
 */
export function framePolicyAllowsTools({
  allow,
  origin,
  parentOrigin,
  srcOrigin,
}: FramePolicyInput): boolean {
  const same = (other: string) => !unmatchable(origin) && origin === other
  for (const directive of (allow ?? '').split(';')) {
    const [feature, ...list] = directive.split(ASCII_WHITESPACE).filter(Boolean)
    if (feature !== 'tools') continue
    if (!list.length) return same(srcOrigin)
    return list.some((token) =>
      token === '*'
        ? true
        : token === "'self'"
          ? same(parentOrigin)
          : token === "'src'"
            ? same(srcOrigin)
            : token !== "'none'" && same(trustworthyOrigin(token) ?? ''),
    )
  }
  return !opaque(origin) && origin === parentOrigin
}
