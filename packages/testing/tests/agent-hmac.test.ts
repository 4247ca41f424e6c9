import { createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hmacOf } from '../src/agent-hmac'

// The reader's HMAC-SHA-256, against Node's, over texts as UTF-16LE: empty, one block, the lengths
// about the padding's edges, several blocks, and characters beyond Latin-1 and the BMP.
describe('hmacOf', () => {
  const key = randomBytes(32)
  const texts = [
    '',
    'a',
    '{"op":"tools"}\n{"tools":[]}',
    'x'.repeat(27),
    'x'.repeat(28),
    'x'.repeat(32),
    'é€😀'.repeat(50),
    'y'.repeat(5000),
  ]
  it.each(texts.map((text) => [text.length, text]))(
    'agrees with node:crypto (%i units)',
    (_, text) => {
      const expected = createHmac('sha256', key).update(Buffer.from(text, 'utf16le')).digest('hex')
      expect(hmacOf(key.toString('hex'))(text)).toBe(expected)
    },
  )
  it('without a key, signs under a key of zeros', () => {
    const expected = createHmac('sha256', Buffer.alloc(32)).update(Buffer.from('z', 'utf16le'))
    expect(hmacOf(null)('z')).toBe(expected.digest('hex'))
  })
})
