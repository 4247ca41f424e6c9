import { describe, expect, it } from 'vitest'
import { framePolicyAllowsTools } from '../src/frames/permissions-policy'

const A = 'http://localhost:8000'
const B = 'http://127.0.0.1:8000'
const D = 'http://d.localhost:8000'
const V6 = 'http://[::1]:8000'

/** Whether a document of `origin` in an `<iframe allow={allow} src={srcOrigin…}>` of an `A` page may use tools. */
const allows = (allow: string | null, origin: string, srcOrigin = origin, parentOrigin = A) =>
  framePolicyAllowsTools({ allow, origin, parentOrigin, srcOrigin })

describe('framePolicyAllowsTools', () => {
  it("defaults to 'self': same-origin documents only", () => {
    expect(allows(null, A)).toBe(true)
    expect(allows(null, B)).toBe(false)
    expect(allows('', A)).toBe(true)
    expect(allows('camera *', B)).toBe(false)
  })

  it("reads the first tools directive: bare (the src's origin), *, 'self', 'src', 'none', origins", () => {
    expect(allows('tools', B)).toBe(true)
    expect(allows('tools', B, D)).toBe(false)
    expect(allows('tools *', B)).toBe(true)
    expect(allows("tools 'self'", B)).toBe(false)
    expect(allows("tools 'self'", A)).toBe(true)
    expect(allows("tools 'src'", B)).toBe(true)
    expect(allows("tools 'src'", B, D)).toBe(false)
    expect(allows("tools 'none'", A)).toBe(false)
    expect(allows(`tools ${B}`, B)).toBe(true)
    expect(allows(`tools ${D} ${B}/path`, B)).toBe(true)
    expect(allows(`tools ${D}`, B)).toBe(false)
    expect(allows("tools 'none'; tools *", B)).toBe(false)
    expect(allows('tools; tools *', B, D)).toBe(false)
    expect(allows('camera; tools *', B)).toBe(true)
  })

  it('is case-sensitive in the feature name, as Chromium (TOOLS, tools= are other features)', () => {
    expect(allows('TOOLS *', B)).toBe(false)
    expect(allows('tools=*', B)).toBe(false)
    expect(allows('TOOLS *', A)).toBe(true)
  })

  it('splits on ASCII whitespace only: U+00A0 and other Unicode spaces are part of a token (D8)', () => {
    expect(allows('tools\u00a0*', B)).toBe(false)
    expect(allows('tools\u2003*', B)).toBe(false)
    expect(allows('tools\u00a0*', A)).toBe(true)
    expect(allows('\ttools\n*\f', B)).toBe(true)
    expect(allows(' tools\r\n *; ', B)).toBe(true)
  })

  it('never counts an opaque origin as same-origin, not even with another opaque origin (V3)', () => {
    expect(allows(null, 'null', 'null', 'null')).toBe(false)
    expect(allows("tools 'self'", 'null', 'null', 'null')).toBe(false)
    expect(allows("tools 'src'", 'null', 'null')).toBe(false)
    expect(allows('tools', 'null', 'null')).toBe(false)
    expect(allows('tools *', 'null', B)).toBe(true)
  })

  it('matches an IPv6 loopback origin by * only, as native Chromium 156 does (D10)', () => {
    expect(allows('tools', V6)).toBe(false)
    expect(allows("tools 'src'", V6)).toBe(false)
    expect(allows(`tools ${V6}`, V6)).toBe(false)
    expect(allows('tools *', V6)).toBe(true)
  })
})
