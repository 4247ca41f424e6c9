// The value serialiser of the engines (src/serialise.ts): `script` runs in the page's realm and
// encodes the value there; `unwrap` decodes it here. A page is another realm, so each case runs the
// script in a fresh `node:vm` context (with the DOM's Window, Document and Node as bare classes)
// and compares what comes back with what playwright's `page.evaluate` gives.
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { decode, encodeInPage, script, unwrap } from '../src/serialise'
import type { PageFunction } from '../src/serialise'

const PAGE_GLOBALS = `
  class Node {}
  class Document extends Node {}
  class Window {}
  globalThis.Node = Node
  globalThis.Document = Document
  globalThis.Window = Window
`

/** Runs `script(expressionOrFn, arg)` in a realm of its own and decodes its outcome. */
async function evaluate(
  expressionOrFn: string | PageFunction<never, unknown>,
  arg?: unknown,
): Promise<unknown> {
  const realm = { URL }
  runInNewContext(PAGE_GLOBALS, realm)
  return unwrap(await runInNewContext(script(expressionOrFn, arg), realm))
}

/** Evaluates `source`, an expression, in the page realm. */
const value = (source: string) => evaluate(`(${source})`)

describe('values the page gives back', () => {
  it('keeps the primitives JSON loses', async () => {
    expect(await value('undefined')).toBeUndefined()
    expect(await value('null')).toBeNull()
    expect(await value('NaN')).toBeNaN()
    expect(await value('Infinity')).toBe(Infinity)
    expect(await value('-Infinity')).toBe(-Infinity)
    expect(Object.is(await value('-0'), -0)).toBe(true)
    expect(Object.is(await value('0'), 0)).toBe(true)
    expect(await value('12345678901234567890n')).toBe(12345678901234567890n)
  })

  it('keeps the plain JSON values as they are', async () => {
    expect(await value('true')).toBe(true)
    expect(await value('"text"')).toBe('text')
    expect(await value('3.25')).toBe(3.25)
    expect(await value('[1, "two", [3], { four: 4 }]')).toStrictEqual([1, 'two', [3], { four: 4 }])
  })

  it('gives back dates, URLs and regular expressions of the page realm as this realm’s', async () => {
    const date = await value('new Date("2026-12-02T03:04:05.678Z")')
    expect(date).toBeInstanceOf(Date)
    expect((date as Date).toISOString()).toBe('2026-12-02T03:04:05.678Z')
    const url = await value('new URL("http://localhost:8080/a?b=c#d")')
    expect(url).toBeInstanceOf(URL)
    expect(String(url)).toBe('http://localhost:8080/a?b=c#d')
    const pattern = await value('/a[bc]+$/giu')
    expect(pattern).toBeInstanceOf(RegExp)
    expect(pattern).toStrictEqual(/a[bc]+$/giu)
  })

  it('gives back an error with its name, message and stack', async () => {
    const error = await value(
      '(() => { const e = new TypeError("bad"); e.stack = "at page"; return e })()',
    )
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'TypeError', message: 'bad', stack: 'at page' })
    const dom = await value('Object.assign(new Error("gone"), { name: "NotFoundError" })')
    expect(dom).toMatchObject({ name: 'NotFoundError', message: 'gone' })
  })

  it('gives back cycles and shared objects as the same objects', async () => {
    const cyclic = (await value(
      '(() => { const o = { list: [] }; o.self = o; o.list.push(o.list, o); return o })()',
    )) as {
      self: unknown
      list: unknown[]
    }
    expect(cyclic.self).toBe(cyclic)
    expect(cyclic.list[0]).toBe(cyclic.list)
    expect(cyclic.list[1]).toBe(cyclic)
    const shared = (await value(
      '(() => { const leaf = { n: 1 }; return { a: leaf, b: [leaf] } })()',
    )) as {
      a: unknown
      b: unknown[]
    }
    expect(shared.a).toStrictEqual({ n: 1 })
    expect(shared.b[0]).toBe(shared.a)
  })

  it('names windows, documents and nodes instead of copying them', async () => {
    expect(await value('new Window()')).toBe('ref: <Window>')
    expect(await value('new Document()')).toBe('ref: <Document>')
    expect(await value('{ node: new Node(), nodes: [new Node()] }')).toStrictEqual({
      node: 'ref: <Node>',
      nodes: ['ref: <Node>'],
    })
  })

  it('gives back functions and symbols as undefined, keeping their keys', async () => {
    expect(await evaluate(() => () => 1)).toBeUndefined()
    expect(await value('Symbol("s")')).toBeUndefined()
    const record = (await value('{ f() {}, s: Symbol("s"), n: 1 }')) as Record<string, unknown>
    expect(Object.keys(record)).toStrictEqual(['f', 's', 'n'])
    expect(record).toStrictEqual({ f: undefined, s: undefined, n: 1 })
  })

  it('uses an inherited toJSON for an object with no own keys, and skips getters that throw', async () => {
    const money = await value(
      'new (class { toJSON() { return { amount: 5, currency: "EUR" } } })()',
    )
    expect(money).toStrictEqual({ amount: 5, currency: 'EUR' })
    expect(await value('{ toJSON: () => 7, kept: 1 }')).toStrictEqual({ toJSON: {}, kept: 1 })
    const guarded = await value(
      'Object.defineProperty({ kept: 1 }, "boom", { enumerable: true, get() { throw new Error("no") } })',
    )
    expect(guarded).toStrictEqual({ kept: 1 })
  })

  it('never sets a prototype from a page’s "__proto__" key', async () => {
    const parsed = (await value(
      'JSON.parse(\'{"__proto__": { "polluted": true }, "kept": 1 }\')',
    )) as Record<string, unknown>
    expect(parsed).toStrictEqual({ kept: 1 })
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('what the page runs', () => {
  it('calls a function with its argument, which crosses as JSON', async () => {
    expect(await evaluate((n: number) => n + 1, 41)).toBe(42)
    expect(await evaluate((o: { list: number[] }) => o.list.length, { list: [1, 2, 3] })).toBe(3)
    expect(await evaluate(() => 'no argument')).toBe('no argument')
  })

  it('evaluates a string, and calls it when it evaluates to a function', async () => {
    expect(await evaluate('1 + 1')).toBe(2)
    expect(await evaluate('() => 42')).toBe(42)
    expect(await evaluate('async () => "later"')).toBe('later')
    // A trailing line comment ends before the closing parenthesis.
    expect(await evaluate('7 // seven')).toBe(7)
  })

  it('awaits a promise the page returns', async () => {
    expect(await evaluate(() => Promise.resolve([1, NaN]))).toStrictEqual([1, NaN])
  })

  it('throws what the page threw, as `evaluate: <message>` with the page’s stack', async () => {
    await expect(
      evaluate(() => {
        throw new RangeError('out of range')
      }),
    ).rejects.toThrow(/^evaluate: out of range\n.*RangeError/s)
    await expect(evaluate('Promise.reject("plain")')).rejects.toThrow(/^evaluate: plain$/)
  })
})

describe('decode', () => {
  it('reads what encodeInPage wrote in this realm too', () => {
    const source = { at: new Date(0), big: 1n, none: undefined, list: [-0, NaN] }
    expect(decode(encodeInPage(source))).toStrictEqual(source)
  })

  it('reads a top-level undefined as undefined', () => {
    expect(encodeInPage(undefined)).toBe('null')
    expect(decode('null')).toBeUndefined()
  })

  it('refuses an outcome that carries no value', () => {
    expect(() => unwrap(undefined)).toThrow('evaluate: no result')
    expect(() => unwrap({ error: 'Error: boom' })).toThrow('evaluate: Error: boom')
  })
})
