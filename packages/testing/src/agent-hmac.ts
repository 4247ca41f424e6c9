// The reader's HMAC-SHA-256 (FIPS 180-4, RFC 2104), in arithmetic only: a self-contained function
// the reader's script carries beside `install` (see `agent.ts`), called once as the reader starts. It
// takes the built-ins it uses when it is called, then calls nothing a page script can reach.

/**
 * The HMAC-SHA-256 under `key` (64 hex digits; none: a key of zeros) of a text as UTF-16LE, as 64
 * hex digits.
 */
export function hmacOf(key: string | null): (text: string) => string {
  const apply = Reflect.apply
  const charCodeAt = String.prototype.charCodeAt
  const indexOf = String.prototype.indexOf
  const U8 = Uint8Array
  const I32 = Int32Array
  const HEX = '0123456789abcdef'
  const K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]
  const H0 = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]
  const ror = (x: number, n: number) => (x >>> n) | (x << (32 - n))
  /** The SHA-256 of the first `n` bytes of `m`, which has room for the padding. */
  const digest = (m: Uint8Array, n: number): Int32Array => {
    const total = ((n + 72) >>> 6) << 6
    m[n] = 0x80
    const high = (n / 0x20000000) | 0
    const low = n << 3
    m[total - 8] = high >>> 24
    m[total - 7] = high >>> 16
    m[total - 6] = high >>> 8
    m[total - 5] = high
    m[total - 4] = low >>> 24
    m[total - 3] = low >>> 16
    m[total - 2] = low >>> 8
    m[total - 1] = low
    const h = new I32(8)
    for (let i = 0; i < 8; i++) h[i] = H0[i]!
    const w = new I32(64)
    for (let o = 0; o < total; o += 64) {
      for (let i = 0; i < 16; i++)
        w[i] =
          (m[o + 4 * i]! << 24) |
          (m[o + 4 * i + 1]! << 16) |
          (m[o + 4 * i + 2]! << 8) |
          m[o + 4 * i + 3]!
      for (let i = 16; i < 64; i++) {
        const a = w[i - 15]!
        const b = w[i - 2]!
        w[i] =
          (w[i - 16]! +
            (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) +
            w[i - 7]! +
            (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10))) |
          0
      }
      let a = h[0]!
      let b = h[1]!
      let c = h[2]!
      let d = h[3]!
      let e = h[4]!
      let f = h[5]!
      let g = h[6]!
      let hh = h[7]!
      for (let i = 0; i < 64; i++) {
        const t1 =
          (hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0
        const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
        hh = g
        g = f
        f = e
        e = (d + t1) | 0
        d = c
        c = b
        b = a
        a = (t1 + t2) | 0
      }
      h[0] = (h[0]! + a) | 0
      h[1] = (h[1]! + b) | 0
      h[2] = (h[2]! + c) | 0
      h[3] = (h[3]! + d) | 0
      h[4] = (h[4]! + e) | 0
      h[5] = (h[5]! + f) | 0
      h[6] = (h[6]! + g) | 0
      h[7] = (h[7]! + hh) | 0
    }
    return h
  }
  const secret = new U8(64)
  if (key)
    for (let i = 0; i < 32; i++) {
      const digit = (at: number) => apply(indexOf, HEX, [key[at]]) as number
      secret[i] = (digit(2 * i) << 4) | digit(2 * i + 1)
    }
  return (text: string): string => {
    const n = 64 + 2 * text.length
    const inner = new U8(((n + 72) >>> 6) << 6)
    for (let i = 0; i < 64; i++) inner[i] = secret[i]! ^ 0x36
    for (let i = 0; i < text.length; i++) {
      const code = apply(charCodeAt, text, [i]) as number
      inner[64 + 2 * i] = code
      inner[65 + 2 * i] = code >>> 8
    }
    const ih = digest(inner, n)
    const outer = new U8(128)
    for (let i = 0; i < 64; i++) outer[i] = secret[i]! ^ 0x5c
    for (let i = 0; i < 8; i++) {
      outer[64 + 4 * i] = ih[i]! >>> 24
      outer[65 + 4 * i] = ih[i]! >>> 16
      outer[66 + 4 * i] = ih[i]! >>> 8
      outer[67 + 4 * i] = ih[i]!
    }
    const oh = digest(outer, 96)
    let out = ''
    for (let i = 0; i < 8; i++) for (let s = 28; s >= 0; s -= 4) out += HEX[(oh[i]! >>> s) & 15]
    return out
  }
}
