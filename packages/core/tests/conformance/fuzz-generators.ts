// Property-based generation of WebMCP API calls for the fuzz suite (fuzz.test.ts): tool definitions,
// names, schemas, inputs, results and options, with the hostile kinds (`__proto__` and `constructor`
// keys, getters that throw or re-enter, Proxies, BigInt, cycles, huge and deeply nested values, lone
// surrogates, symbols, non-callable execute, odd annotations and exposedTo). A case is plain data
// (JSON, lone surrogates escaped), so that it crosses to any engine; the page's interpreter
// (fuzz-page.ts) turns it into the hostile values and runs it against `document.modelContext`.
//
// What the generator leaves out, and why (each is a divergence or a crash of native Chromium 156,
// reproduced in the comment; docs/conformance.md lists the documented ones):
//
// - A tool whose result is a string with a lone surrogate: native Chromium resolves executeTool()
//   with null, the polyfill with the string (an object result's JSON escapes it: both agree):
//     await mc.registerTool({ name: 'a', description: 'd', execute: () => 'x\ud800' }, { signal })
//     await mc.executeTool(tool, {})  // native null, polyfill 'x\ud800'
//   Suspected cause: native converts the result to UTF-8 for the browser process, which fails;
//   model-context.ts `serializeResult` returns the string as it is.
// - A `description` with a lone surrogate: native Chromium registers the tool, and lists its
//   description as '' (the title, a USVString, becomes U+FFFD in both); the polyfill lists it as
//   it was given:
//     await mc.registerTool({ name: 'a', description: 'x\ud800', execute() {} }, { signal })
//     (await mc.getTools())[0].description  // native '', polyfill 'x\ud800'
//   Suspected cause: native converts the DOMString to UTF-8 for the browser process, which fails
//   and leaves it empty; model-context.ts keeps `String(description)`.
// - A registration made from inside getTools()'s argument conversion (a getter of its options):
//   in native Chromium that registration's promise sometimes never settles (1 run in 20 to 40 of
//   the case below; the polyfill: 0 in 60), though its toolchange fires and getTools() lists it.
//   Found as seed 9, case 439 (generated before this exclusion), in short: a registration whose
//   execute getter aborts another signal and whose title getter throws; another rejected one; then
//     mc.getTools({ get fromOrigins() { mc.registerTool(tool, { signal }); return ['http://insecure.example'] } })
//   (rejects SecurityError), after which the inner registration stays pending until its signal
//   aborts. Not reproduced without the rest of that case. A native bug (a promise that never
//   settles), not the polyfill's.
// - A registration made from inside the serialisation of another registration's input schema (a
//   getter or toJSON() of the schema calls registerTool): native Chromium's renderer crashes when
//   both have the same name; the polyfill resolves both, and the outer tool silently replaces the
//   inner one in the tool map:
//     await mc.registerTool({ name: 'a', description: 'd', execute() {},
//       inputSchema: { get x() { mc.registerTool({ name: 'a', description: 'd', execute() {} }); return 1 } } })
//     // native: "Target crashed"; polyfill: both resolve, getTools() lists one 'a' (the outer)
//   (A different inner name, or a registration from a getter read before the schema, e.g. `title`,
//   agree: the latter rejects the outer one InvalidStateError in both.) Suspected cause, in the
//   polyfill: model-context.ts `registerTool` checks for a duplicate before `serializeJSON` runs
//   the page's code, and does not check again before `tools.set`.
// - A tool whose result is a Symbol (`execute: () => Symbol('x')`, returned, resolved or passed to a
//   thenable's resolve): native Chromium's renderer crashes (docs/conformance.md, "Where the polyfill
//   differs"); the polyfill resolves with 'Symbol(x)'. Symbols inside an object result are generated
//   (JSON drops them).
// - `chrome://` origins in `exposedTo` / `fromOrigins`: Chromium accepts its own scheme, the polyfill
//   rejects SecurityError (documented).
// - Registrations without an AbortSignal the case controls: a tool that cannot be unregistered would
//   outlive its case, and the next case would not start from an empty document. Every options value
//   for `registerTool` carries one of the case's signals, or is not an object at all (a TypeError,
//   except `null` and `undefined`, which are not generated).
// - Changes to the tools between a `getTools()` call and the task that answers it: native Chromium
//   lists the tools as they were at the call, the polyfill as they are in its task. So every `list`
//   step first waits for everything the case started, and is awaited; getters and tools do not
//   call getTools(). Smallest (each registration and abort with a signal):
//     await mc.registerTool({ ...tool, get title() { mc.getTools().then(log); return 't' } })
//     // native logs 0 tools, the polyfill 1 (the tool being registered)
//     const p = mc.getTools(); await mc.registerTool(tool); (await p).length  // native 0, polyfill 1
//     await mc.registerTool(tool); const p = mc.getTools(); await null; controller.abort()
//     (await p).length                                                       // native 1, polyfill 0
//   (A registration later in the task of the call agrees since ad48497.) Suspected cause:
//   model-context.ts `getTools` reads `engine.list()` in its queued task, not at the call.
// - The order of `toolchange` events among the other outcomes: native fires one per change, but at
//   a time that races its other work (bursts of ten registrations or removals show anywhere from
//   one to ten of their events before the next getTools() resolves, differently from run to run).
//   Cases count them instead (native waits until it has fired as many as the polyfill did), and a
//   `toolchange` handler only returns or throws, since when it runs is racy.
// - An input whose JSON is not an object or an array (a Date, a boxed primitive, an object whose
//   toJSON() returns a primitive): native Chromium fires `toolactivated` but never calls the tool,
//   and rejects UnknownError; the polyfill runs the tool with that primitive as its input:
//     await mc.executeTool(tool, new Date(0))          // native UnknownError, polyfill calls execute('1970-…')
//     await mc.executeTool(tool, { toJSON: () => 5 })  // native UnknownError, polyfill calls execute(5)
//   Suspected cause: model-context.ts `Engine.run` passes `JSON.parse(input)` to the tool whatever
//   it is; native accepts only an object or an array there.
// - An exception thrown while the input schema or the input is serialised (a getter, a proxy trap
//   or a toJSON() that throws): native Chromium rejects with that exception itself, the polyfill
//   with a TypeError of its own:
//     mc.registerTool({ ...tool, inputSchema: { toJSON() { throw error } } })  // native: error; polyfill: TypeError
//     mc.executeTool(tool, { get a() { throw true } })                        // native: true; polyfill: TypeError
//   Suspected cause: model-context.ts `serializeJSON` wraps every exception in `idlError`; native
//   rethrows it (cycles and BigInt throw TypeErrors anyway, where both agree).
// - `executeTool(tool, undefined, options)`: native Chromium rejects TypeError ('invalid input
//   object: value is not an object'); the polyfill runs the tool with `{}`. Native treats the input
//   as missing only when no argument follows it (WebIDL drops trailing undefined arguments):
//     mc.executeTool(tool, undefined, {})         // native TypeError, polyfill resolves
//     mc.executeTool(tool, undefined, undefined)  // both: the tool gets {}
//   Suspected cause: model-context.ts `executeTool` replaces an undefined input whatever follows.
// - A RegisteredTool whose `window` is an object with observable reads (a proxy, a `window`
//   getter): the polyfill reads its `window` property to tell a Window (both then reject
//   TypeError); native checks the brand without a read:
//     mc.executeTool({ ...tool, window: new Proxy({}, { get(t, k) { log.push(k) } }) }, {})
//     // both reject TypeError; the polyfill's log has 'window', native's is empty
//   Suspected cause: webidl.ts `isWindow` (`value.window === value`).
// - Values nested more than about 4,700 levels deep in an input schema, an input or a result:
//   native Chromium's serialiser recurses on the native stack and rejects past a depth that depends
//   on the stack (RangeError, or UnknownError for a result); the polyfill rejects at native's
//   measured depth (json-depth.ts), which a generated case near it could cross in one and not the
//   other. A `deep` value nests 200 levels at most (Firefox's Array.prototype.join gives up between
//   500 and 1,000). The limits have their own cases (frames-attacks.test.ts D9, conversion.test.ts).
// - Waits by the clock (`setTimeout`): the polyfill queues its tasks on a MessageChannel, whose order
//   against timers the spec leaves open (documented). Cases interleave with microtask yields only.
import fc from 'fast-check'

/** A number, with the values JSON cannot carry spelled out. */
export type Num = number | 'NaN' | 'Infinity' | '-Infinity' | '-0'

/** A value the page builds (fuzz-page.ts `build`). */
export type Value =
  | ['undefined']
  | ['null']
  | ['bool', boolean]
  | ['num', Num]
  | ['str', string]
  | ['big', string]
  | ['sym', string]
  /** `text.repeat(count)`: huge strings. */
  | ['repeat', string, number]
  | ['arr', Value[]]
  /** Own properties, defined (so `__proto__` stays an own key, as JSON.parse makes it). */
  | ['obj', Entry[]]
  /** `object[key] = value`: a `__proto__` key sets the prototype. */
  | ['assign', Entry[]]
  | ['nullProto', Entry[]]
  /** Own entries, and entries on its prototype (dictionaries read inherited members). */
  | ['inherit', Entry[], Entry[]]
  | ['proxy', Value, ProxyMode]
  /** An object or array that holds itself (under `self`, or as its last element). */
  | ['cycle', Value]
  /** `value` nested `depth` times in arrays or objects. */
  | ['deep', number, 'arr' | 'obj', Value]
  /** An array of `count` copies of `value`. */
  | ['wide', number, Value]
  /** An object whose `toJSON()` returns the value (`null`: throws). */
  | ['toJSON', Value | null]
  /** A function: called, it logs the call and behaves as told. */
  | ['fn', Behaviour]
  | ['date', number]
  | ['boxed', string]
  | ['map']
  | ['typed', number]
  | ['error', string]
  | ['window']
  /** `document.body`: a platform object that is not a Window (its JSON is `{}` everywhere). */
  | ['node']
  /** The signal of the case's controller `index`. */
  | ['signal', number]
  | ['abortedSignal', Value]
  /** An iterable that is not an array. */
  | ['iter', Value[], IterMode]
  | ['frozen', Value]

export type Entry = [key: string, property: Property]

/** How an object holds a member. */
export type Property =
  | ['v', Value]
  | ['get', Value]
  /** A getter that logs each read (read order and count). */
  | ['getLog', Value]
  /** A getter that throws the value. */
  | ['getThrow', Value]
  /** A getter that calls the API again (re-entrance), then returns the value. */
  | ['getReenter', Reentry, Value]

export type ProxyMode = 'plain' | 'log' | 'throwGet' | 'throwOwnKeys' | 'revoked'
export type IterMode = 'generator' | 'set' | 'throwIterator' | 'throwNext'

/** A call into the API from inside a getter or a tool. */
export type Reentry = ['register', Value] | ['abort', number]

/** What a generated function does when called. */
export type Behaviour =
  | ['ret', Value]
  | ['throw', Value]
  | ['resolve', Value]
  | ['reject', Value]
  | ['thenable', Value]
  | ['thenableThrow', Value]
  /** Returns a promise that a later `finish` step (or the end of the case) resolves. */
  | ['pending']
  /** Returns the JSON of what it was called with. */
  | ['echo']
  | ['reenter', Reentry, Behaviour]

/** Which tool an `execute` step runs. */
export type Target =
  /** The `index`th tool of the last `getTools()` (listed first if nothing was). */
  | ['listed', number]
  /** That tool with some members replaced and others deleted. */
  | ['patched', number, Entry[], string[]]
  /** A RegisteredTool made up from scratch. */
  | ['forged', Value]

/** `null` for an argument leaves it out of the call. */
export type Step =
  | ['register', Value, Value, boolean]
  | ['list', Value | null]
  | ['execute', Target, Value | null, Value | null, boolean]
  | ['abort', number, Value]
  | ['finish', number, Value]
  | ['handler', 'toolchange' | 'toolactivated' | 'toolcancel', Value]
  | ['yield', number]

/** One generated case: steps run in order (each awaited or left running, as its flag says). */
export interface FuzzCase {
  steps: Step[]
}

/** AbortControllers a case has (its signals are `['signal', 0 … CONTROLLERS - 1]`). */
export const CONTROLLERS = 3

// ------------------------------------------------------------------------------------------------
// Leaves

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(loneSurrogate, fc.string({ unit: 'binary', maxLength: 2 })), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => parts.join('')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '\0', 'Operation succeeded', '\ufeff', 'undefined', 'null'),
  },
)

const num: fc.Arbitrary<Num> = fc.oneof(
  fc.integer({ min: -3, max: 130 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.constantFrom<Num>('NaN', 'Infinity', '-Infinity', '-0', 2 ** 53, -(2 ** 31)),
)

/** Member names: the API's own, the dangerous ones, and any. */
const key: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'type', 'properties', 'x', 'id') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'toJSON',
      'prototype',
      'then',
      'valueOf',
      'toString',
      'length',
      '0',
      '',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'name',
      'description',
      'execute',
      'inputSchema',
      'title',
      'annotations',
      'signal',
      'exposedTo',
      'fromOrigins',
      'origin',
      'window',
      'readOnlyHint',
    ),
  },
  { weight: 1, arbitrary: text },
)

// ------------------------------------------------------------------------------------------------
// Values, recursively

type Tree = {
  value: Value
  /** A value that is not a Symbol (see the exclusions above): what a tool may return. */
  result: Value
  entry: Entry
  property: Property
  behaviour: Behaviour
  reentry: Reentry
}

/** Whether a value builds to a Symbol (a tool must not return one: see the exclusions). */
const symbolic = (v: Value): boolean => v[0] === 'sym' || (v[0] === 'frozen' && symbolic(v[1]))

/**
 * Whether a value builds to a string with a lone surrogate (a tool must not return one: see the
 * exclusions). JSON.stringify writes a lone surrogate as an escape, a pair as it is.
 */
const loneString = (v: Value): boolean =>
  ((v[0] === 'str' || v[0] === 'repeat') && JSON.stringify(v[1]).includes('\\ud')) ||
  (v[0] === 'frozen' && loneString(v[1]))

/** Whether a value builds to `undefined`. */
const undefinedValue = (v: Value): boolean =>
  v[0] === 'undefined' || (v[0] === 'frozen' && undefinedValue(v[1]))

const signalIndex = fc.nat({ max: CONTROLLERS - 1 })

/** Names: a few valid ones (so that they collide), the edges of the rules, and anything. */
const name: fc.Arbitrary<Value> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'c', 'a.b-c_1').map((s): Value => ['str', s]) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Value>(
      ['repeat', 'n', 128],
      ['repeat', 'n', 129],
      ['str', ''],
      ['str', 'a b'],
      ['str', '\ud800'],
      ['str', 'é'],
      ['str', 'Symbol(a)'],
      ['num', 7],
      ['null'],
      ['bool', true],
      ['big', '12'],
      ['obj', [['toString', ['v', ['fn', ['ret', ['str', 'b']]]]]]],
      ['obj', [['toString', ['v', ['fn', ['throw', ['error', 'name']]]]]]],
      ['obj', []],
      ['arr', [['str', 'a']]],
    ),
  },
  { weight: 1, arbitrary: text.map((s): Value => ['str', s]) },
  { weight: 1, arbitrary: fc.constant<Value>(['undefined']) },
)

const tree = fc.letrec<Tree>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'value', withCrossShrink: true },
    // The first is what the depth limit falls back to: leaves only.
    fc.oneof(
      fc.constant<Value>(['undefined']),
      fc.constant<Value>(['null']),
      fc.boolean().map((b): Value => ['bool', b]),
      num.map((n): Value => ['num', n]),
      text.map((s): Value => ['str', s]),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n): Value => ['big', String(n)]),
      text.map((s): Value => ['sym', s]),
      fc
        .tuple(fc.constantFrom('x', '\ud800', 'é'), fc.constantFrom(128, 129, 5_000, 1 << 20))
        .map(([s, n]): Value => ['repeat', s, n]),
      fc.integer({ min: -1e13, max: 1e13 }).map((t): Value => ['date', t]),
      text.map((s): Value => ['boxed', s]),
      fc.constant<Value>(['map']),
      fc.nat({ max: 4 }).map((n): Value => ['typed', n]),
      text.map((s): Value => ['error', s]),
      fc.constant<Value>(['window']),
      fc.constant<Value>(['node']),
      signalIndex.map((i): Value => ['signal', i]),
    ),
    fc.array(tie('value'), { maxLength: 4 }).map((items): Value => ['arr', items]),
    fc.array(tie('entry'), { maxLength: 4 }).map((entries): Value => ['obj', entries]),
    fc.array(tie('entry'), { maxLength: 3 }).map((entries): Value => ['assign', entries]),
    fc.array(tie('entry'), { maxLength: 3 }).map((entries): Value => ['nullProto', entries]),
    fc
      .tuple(fc.array(tie('entry'), { maxLength: 2 }), fc.array(tie('entry'), { maxLength: 3 }))
      .map(([own, inherited]): Value => ['inherit', own, inherited]),
    fc
      .tuple(
        // Not over a huge value: freezing or listing a megabyte through a proxy, a property at a
        // time, measures the machine.
        tie('value').filter((v) => size(v) < 10_000),
        fc.constantFrom<ProxyMode>('plain', 'log', 'log', 'throwGet', 'throwOwnKeys', 'revoked'),
      )
      // A platform object's properties are read in an order of each engine's own: no logging
      // proxy over one, nor over a proxy or a frozen value that wraps one.
      .filter(
        ([target, mode]) => mode !== 'log' || !['window', 'node'].includes(unwrapped(target)[0]),
      )
      .map(([target, mode]): Value => ['proxy', target, mode]),
    fc
      .oneof(
        fc.array(tie('entry'), { maxLength: 2 }).map((entries): Value => ['obj', entries]),
        fc.array(tie('value'), { maxLength: 2 }).map((items): Value => ['arr', items]),
      )
      .map((inner): Value => ['cycle', inner]),
    fc
      .tuple(
        // Far below native's recursion limit (see the exclusions).
        fc.constantFrom(1, 2, 3, 8, 30, 200),
        fc.constantFrom<'arr' | 'obj'>('arr', 'obj'),
        tie('value'),
      )
      .map(([depth, kind, inner]): Value => ['deep', depth, kind, inner]),
    fc
      .tuple(fc.constantFrom(0, 1, 50, 100_000), tie('value'))
      .map(([count, item]): Value => ['wide', count, item]),
    fc.option(tie('value'), { nil: null }).map((v): Value => ['toJSON', v]),
    tie('behaviour').map((b): Value => ['fn', b]),
    tie('value').map((reason): Value => ['abortedSignal', reason]),
    fc
      .tuple(
        fc.array(tie('value'), { maxLength: 3 }),
        fc.constantFrom<IterMode>('generator', 'set', 'throwIterator', 'throwNext'),
      )
      .map(([items, mode]): Value => ['iter', items, mode]),
    tie('value')
      // Not of a platform object, even through a proxy (Firefox refuses to freeze one).
      .filter((v) => size(v) < 10_000 && !['window', 'node'].includes(unwrapped(v)[0]))
      .map((v): Value => ['frozen', v]),
  ),
  result: tie('value').filter((v) => !symbolic(v) && !loneString(v)),
  entry: fc.tuple(key, tie('property')),
  property: fc.oneof(
    { weight: 6, arbitrary: tie('value').map((v): Property => ['v', v]) },
    { weight: 1, arbitrary: tie('value').map((v): Property => ['get', v]) },
    { weight: 2, arbitrary: tie('value').map((v): Property => ['getLog', v]) },
    { weight: 1, arbitrary: tie('value').map((v): Property => ['getThrow', v]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(tie('reentry'), tie('value'))
        .map(([r, v]): Property => ['getReenter', r, v]),
    },
  ),
  behaviour: fc.oneof(
    { maxDepth: 2, depthIdentifier: 'behaviour' },
    tie('result').map((v): Behaviour => ['ret', v]),
    tie('value').map((v): Behaviour => ['throw', v]),
    tie('result').map((v): Behaviour => ['resolve', v]),
    tie('value').map((v): Behaviour => ['reject', v]),
    tie('result').map((v): Behaviour => ['thenable', v]),
    tie('value').map((v): Behaviour => ['thenableThrow', v]),
    fc.constant<Behaviour>(['pending']),
    fc.constant<Behaviour>(['echo']),
    fc.tuple(tie('reentry'), tie('behaviour')).map(([r, b]): Behaviour => ['reenter', r, b]),
  ),
  reentry: fc.oneof(
    signalIndex.map((i): Reentry => ['abort', i]),
    // A tool of its own (its options carry signal 0: see the exclusions).
    fc.oneof(name, fc.constant<Value>(['str', 'reentered'])).map((n): Reentry => ['register', n]),
  ),
}))

const value = tree.value
const property = (v: fc.Arbitrary<Value>): fc.Arbitrary<Property> =>
  fc.oneof(
    { weight: 8, arbitrary: v.map((x): Property => ['v', x]) },
    { weight: 2, arbitrary: v.map((x): Property => ['getLog', x]) },
    { weight: 1, arbitrary: value.map((x): Property => ['getThrow', x]) },
    {
      weight: 1,
      arbitrary: fc.tuple(tree.reentry, v).map(([r, x]): Property => ['getReenter', r, x]),
    },
  )

/** A dictionary: each member present or not, in a random order, with extra members sometimes. */
const dictionary = (members: Record<string, fc.Arbitrary<Value>>): fc.Arbitrary<Entry[]> =>
  fc
    .tuple(
      ...Object.entries(members).map(([k, v]) =>
        fc.option(
          property(v).map((p): Entry => [k, p]),
          { nil: undefined, freq: 4 },
        ),
      ),
      fc.array(tree.entry, { maxLength: 2 }),
    )
    .chain((parts) => {
      const extra = parts[parts.length - 1] as Entry[]
      const present = (parts.slice(0, -1) as Array<Entry | undefined>).filter(
        (e): e is Entry => !!e,
      )
      return fc.shuffledSubarray([...present, ...extra], {
        minLength: present.length + extra.length,
      })
    })

/** How a dictionary argument is wrapped: mostly a plain object, sometimes a hostile one. */
const wrapped = (entries: fc.Arbitrary<Entry[]>): fc.Arbitrary<Value> =>
  fc.oneof(
    { weight: 10, arbitrary: entries.map((e): Value => ['obj', e]) },
    { weight: 2, arbitrary: entries.map((e): Value => ['proxy', ['obj', e], 'log']) },
    { weight: 1, arbitrary: entries.map((e): Value => ['assign', e]) },
    { weight: 1, arbitrary: entries.map((e): Value => ['inherit', [], e]) },
    { weight: 1, arbitrary: entries.map((e): Value => ['nullProto', e]) },
    {
      weight: 1,
      arbitrary: entries.map((e): Value => ['proxy', ['obj', e], 'throwGet']),
    },
    { weight: 1, arbitrary: entries.map((e): Value => ['frozen', ['obj', e]]) },
  )

const schemaLike: fc.Arbitrary<Value> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<Value>(
      ['obj', [['type', ['v', ['str', 'object']]]]],
      [
        'obj',
        [
          ['type', ['v', ['str', 'object']]],
          [
            'properties',
            ['v', ['obj', [['a', ['v', ['obj', [['type', ['v', ['str', 'string']]]]]]]]]],
          ],
          ['required', ['v', ['arr', [['str', 'a']]]]],
        ],
      ],
      ['obj', []],
      ['arr', []],
    ),
  },
  {
    weight: 6,
    // No registration from inside the schema's serialisation (see the exclusions: native crashes).
    arbitrary: value.filter((v) => !throwsInJSON(v) && !JSON.stringify(v).includes('["register",')),
  },
)

const executeValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 12, arbitrary: tree.behaviour.map((b): Value => ['fn', b]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Value>(
      ['obj', []],
      ['str', 'execute'],
      ['num', 1],
      ['null'],
      ['undefined'],
      ['proxy', ['fn', ['ret', ['str', 'p']]], 'plain'],
      ['proxy', ['fn', ['ret', ['str', 'p']]], 'revoked'],
    ),
  },
  { weight: 1, arbitrary: value },
)

const annotationsValue: fc.Arbitrary<Value> = fc.oneof(
  {
    weight: 3,
    arbitrary: dictionary({
      consequentialHint: value,
      debugging: value,
      readOnlyHint: value,
      untrustedContentHint: value,
    }).map((e): Value => ['obj', e]),
  },
  { weight: 1, arbitrary: value },
)

const description: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<Value>(['str', 'd'], ['str', 'Does a thing.']) },
  { weight: 3, arbitrary: value },
)

/** A `ModelContextTool`, with each member present most of the time. */
const tool: fc.Arbitrary<Value> = fc.oneof(
  {
    weight: 20,
    arbitrary: wrapped(
      dictionary({
        name,
        description,
        execute: executeValue,
        inputSchema: schemaLike,
        title: value,
        annotations: annotationsValue,
      }),
    ),
  },
  { weight: 1, arbitrary: value },
)

/** Origins for `exposedTo` / `fromOrigins`: secure ones, insecure ones, and non-strings. */
const origin: fc.Arbitrary<Value> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(
        'https://example.com',
        'HTTPS://EXAMPLE.COM:443/path?q#f',
        'http://localhost:1',
        'http://127.0.0.1',
        'http://[::1]:8',
        'wss://a.example',
        'file:///x',
        'blob:https://a.example/id',
        'http://example.com',
        '*',
        '',
        'about:blank',
        'data:,x',
        'javascript:1',
        'https://\ud800.example',
        'https://a.example:99999',
        'http://127.0.0.1.example.com',
        'ftp://a.example',
      )
      .map((s): Value => ['str', s]),
  },
  { weight: 1, arbitrary: value },
)

const origins: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: fc.array(origin, { maxLength: 3 }).map((o): Value => ['arr', o]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.array(origin, { maxLength: 3 }),
        fc.constantFrom<IterMode>('generator', 'set', 'throwIterator', 'throwNext'),
      )
      .map(([items, mode]): Value => ['iter', items, mode]),
  },
  { weight: 1, arbitrary: value },
)

/** A case signal, or something else in its place. */
const signal: fc.Arbitrary<Value> = fc.oneof(
  { weight: 8, arbitrary: signalIndex.map((i): Value => ['signal', i]) },
  { weight: 1, arbitrary: value.map((reason): Value => ['abortedSignal', reason]) },
  { weight: 1, arbitrary: value },
)

/**
 * `registerTool`'s options: always with one of the case's signals (see the exclusions), or not an
 * object (which rejects before anything is registered).
 */
const registerOptions: fc.Arbitrary<Value> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(
        signalIndex,
        fc.constantFrom<Property[0]>('v', 'v', 'v', 'getLog', 'get'),
        dictionary({ exposedTo: origins }),
      )
      .chain(([index, how, rest]) =>
        fc
          .shuffledSubarray<Entry>(
            [['signal', [how, ['signal', index]] as Property] as Entry, ...rest],
            { minLength: rest.length + 1 },
          )
          .chain((entries) =>
            fc.oneof(
              { weight: 8, arbitrary: fc.constant<Value>(['obj', entries]) },
              { weight: 2, arbitrary: fc.constant<Value>(['proxy', ['obj', entries], 'log']) },
              { weight: 1, arbitrary: fc.constant<Value>(['inherit', [], entries]) },
            ),
          ),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Value>(
      ['num', 5],
      ['str', 'options'],
      ['bool', false],
      ['sym', 'o'],
      ['big', '1'],
    ),
  },
)

const optional = (v: fc.Arbitrary<Value>) => fc.option(v, { nil: null, freq: 4 })

const listOptions = optional(
  fc
    .oneof(
      { weight: 4, arbitrary: dictionary({ fromOrigins: origins }).map((e): Value => ['obj', e]) },
      { weight: 1, arbitrary: value },
    )
    // No registration from inside getTools()'s conversion (see the exclusions: native hangs).
    .filter((v) => !JSON.stringify(v).includes('["register",')),
)

const executeOptions = optional(
  fc.oneof(
    { weight: 4, arbitrary: dictionary({ signal }).map((e): Value => ['obj', e]) },
    { weight: 1, arbitrary: value },
  ),
)

/**
 * Whether a value may serialise to JSON that is not an object or an array (see the exclusions): a
 * Date, a boxed primitive, or an object with a `toJSON` member (own or inherited).
 */
function primitiveJSON(v: Value): boolean {
  if (v[0] === 'proxy' || v[0] === 'frozen' || v[0] === 'cycle') return primitiveJSON(v[1])
  if (v[0] === 'date' || v[0] === 'boxed' || v[0] === 'toJSON') return true
  const entries =
    v[0] === 'obj' || v[0] === 'assign' || v[0] === 'nullProto'
      ? v[1]
      : v[0] === 'inherit'
        ? [...v[1], ...v[2]]
        : []
  // An assigned `__proto__` makes its value the prototype, whose toJSON() is inherited.
  return entries.some(
    ([key, property]) =>
      key === 'toJSON' ||
      (v[0] === 'assign' && key === '__proto__' && primitiveJSON(held(property))),
  )
}

/**
 * Whether serialising a value to JSON may throw something of the case's own (see the exclusions):
 * a getter or a proxy trap that throws, a toJSON() that throws, a function that throws.
 */
const throwsInJSON = (v: Value): boolean =>
  /"(getThrow|throwGet|throwOwnKeys|throw|thenableThrow)"|\["toJSON",null\]/.test(JSON.stringify(v))

const input: fc.Arbitrary<Value | null> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 6, arbitrary: value.filter((v) => !primitiveJSON(v) && !throwsInJSON(v)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Value>(
      ['obj', [['a', ['v', ['str', 'x']]]]],
      ['obj', [['__proto__', ['v', ['obj', [['polluted', ['v', ['bool', true]]]]]]]]],
      ['obj', [['constructor', ['v', ['obj', [['prototype', ['v', ['obj', []]]]]]]]]],
    ),
  },
)

/**
 * Whether a RegisteredTool's `window` member somewhere in `data` is an object whose property reads
 * can be seen (a proxy with traps, an object with a `window` getter): see the exclusions.
 */
function observableWindow(data: unknown): boolean {
  if (!Array.isArray(data)) return false
  const [head, second] = data as [unknown, unknown]
  if (head === 'window' && Array.isArray(second) && typeof second[0] === 'string') {
    const value = unwrappedPlain(held(second as Property))
    if (value[0] === 'proxy' || JSON.stringify(value).includes('["window",["get')) return true
  }
  return data.some(observableWindow)
}

/** Unwraps freezes and trap-less proxies (which read through to their target). */
const unwrappedPlain = (v: Value): Value =>
  v[0] === 'frozen' || (v[0] === 'proxy' && v[2] === 'plain') ? unwrappedPlain(v[1]) : v

const target: fc.Arbitrary<Target> = fc
  .oneof(
    { weight: 8, arbitrary: fc.nat({ max: 3 }).map((i): Target => ['listed', i]) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.nat({ max: 3 }),
          fc.array(
            fc.tuple(
              fc.constantFrom(
                'name',
                'description',
                'origin',
                'window',
                'title',
                'inputSchema',
                'annotations',
              ),
              property(value),
            ),
            { maxLength: 2 },
          ),
          fc.subarray(['name', 'description', 'origin', 'window', 'title', 'inputSchema']),
        )
        .map(([i, entries, deleted]): Target => ['patched', i, entries, deleted]),
    },
    { weight: 1, arbitrary: value.map((v): Target => ['forged', v]) },
  )
  .filter((t) => !observableWindow(t))

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(tool, registerOptions, fc.boolean())
      .map(([t, o, a]): Step => ['register', t, o, a]),
  },
  {
    weight: 3,
    arbitrary: listOptions.map((o): Step => ['list', o]),
  },
  {
    weight: 6,
    arbitrary: fc
      .tuple(target, input, executeOptions, fc.boolean())
      // No undefined input before an options argument (see the exclusions).
      .filter(([, i, o]) => o === null || (i !== null && !undefinedValue(i)))
      .map(([t, i, o, a]): Step => ['execute', t, i, o, a]),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(signalIndex, value).map(([i, reason]): Step => ['abort', i, reason]),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.nat({ max: 3 }), tree.result).map(([i, v]): Step => ['finish', i, v]),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom<'toolactivated' | 'toolcancel'>('toolactivated', 'toolcancel'), value)
      .map(([type, v]): Step => ['handler', type, v]),
  },
  {
    weight: 1,
    // A `toolchange` handler runs when native's racy event arrives: it may only return or throw.
    arbitrary: value
      .filter((v) => v[0] !== 'fn' || ['ret', 'throw'].includes(v[1][0]))
      .map((v): Step => ['handler', 'toolchange', v]),
  },
  { weight: 2, arbitrary: fc.nat({ max: 4 }).map((n): Step => ['yield', n]) },
)

/** A case: one to three registrations first (so that there is something to list and run), then up to six steps of any kind. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc
  .tuple(
    fc.array(
      fc.tuple(tool, registerOptions, fc.boolean()).map(([t, o, a]): Step => ['register', t, o, a]),
      { minLength: 1, maxLength: 3 },
    ),
    fc.array(step, { maxLength: 6 }),
  )
  .map(([first, rest]) => ({ steps: [...first, ...rest] }))
  .filter((c) => size(c) < MAX_SIZE && !excludedMember(c))

/**
 * Whether an entry somewhere in the case (a tool's member, whichever arbitrary made it) holds a
 * value of an excluded class (see the exclusions): an `inputSchema` whose serialisation throws or
 * registers a tool, a `description` with a lone surrogate.
 */
function excludedMember(data: unknown): boolean {
  if (!Array.isArray(data)) {
    return !!data && typeof data === 'object' && Object.values(data).some(excludedMember)
  }
  const [head, second] = data as [unknown, unknown]
  if ((head === 'inputSchema' || head === 'description') && isProperty(second)) {
    const value = held(second)
    const text = JSON.stringify(value)
    if (head === 'inputSchema' && (throwsInJSON(value) || text.includes('["register",')))
      return true
    // JSON.stringify writes a lone surrogate as an escape, a pair as it is.
    if (head === 'description' && text.includes('\\ud')) return true
  }
  return data.some(excludedMember)
}

const isProperty = (data: unknown): data is Property =>
  Array.isArray(data) &&
  ['v', 'get', 'getLog', 'getThrow', 'getReenter'].includes(data[0] as string)

/** The members the API converts to strings (DOMString / USVString), and the string lists. */
const STRING_MEMBERS = new Set(['name', 'description', 'title', 'origin'])
const STRING_LISTS = new Set(['exposedTo', 'fromOrigins'])

/** The value a property holds or a getter returns. */
const held = (property: Property): Value => property[property.length - 1] as Value

/** Unwraps the proxies and freezes around a value. */
const unwrapped = (v: Value): Value => (v[0] === 'proxy' || v[0] === 'frozen' ? unwrapped(v[1]) : v)

/**
 * A bound on what a case may make the page build and serialise (code units, roughly): an array of
 * 100,000 copies of a megabyte string is a test of the machine's memory, not of the API.
 */
const MAX_SIZE = 4_000_000

/** The rough size of what `data` (a case, a value, or any part of one) builds. */
function size(data: unknown): number {
  if (typeof data === 'string') return data.length
  if (!Array.isArray(data)) {
    return data && typeof data === 'object'
      ? Object.values(data).reduce((sum: number, item) => sum + size(item), 0)
      : 1
  }
  if (data[0] === 'repeat') return (data[1] as string).length * (data[2] as number)
  if (data[0] === 'wide') return (data[1] as number) * Math.max(1, size(data[2]))
  if (data[0] === 'deep') return (data[1] as number) + size(data[3])
  return data.reduce((sum: number, item) => sum + size(item), 0)
}

/** Whether a proxy over a function is somewhere `String()` converts it (a string member or list). */
function functionProxyAsString(data: unknown): boolean {
  if (!Array.isArray(data)) return false
  const [head, second] = data as [unknown, unknown]
  if (
    (STRING_MEMBERS.has(head as string) || STRING_LISTS.has(head as string)) &&
    isProperty(second) &&
    JSON.stringify(held(second)).includes('["proxy",["fn"')
  ) {
    return true
  }
  return data.some(functionProxyAsString)
}

/** The deepest nesting of `deep` values in `data`. */
function nesting(data: unknown): number {
  if (!Array.isArray(data)) {
    return data && typeof data === 'object' ? Math.max(0, ...Object.values(data).map(nesting)) : 0
  }
  const inner = Math.max(0, ...data.map(nesting))
  return data[0] === 'deep' && typeof data[1] === 'number' ? data[1] + inner : inner
}

/**
 * Whether a case's outcome may depend on the engine rather than on the polyfill. Such cases are
 * compared with native in Chromium only:
 * - a handler that throws: how an engine reports an uncaught exception reads members of the
 *   thrown value of its own choosing (fuzz-page.ts silences `console.error`, whose formatting
 *   would do the same for a tool's failure);
 * - a proxy over a function where a string is expected: `String()` of it is each engine's own text;
 * - values nested more than 450 deep (`deep` in `deep`): Firefox's `Array.prototype.join` gives
 *   up (InternalError) between 500 and 1,000 levels, V8's does not.
 */
export function engineDependent(c: FuzzCase): boolean {
  if (nesting(c) > 450) return true
  if (c.steps.some((s) => s[0] === 'handler' && JSON.stringify(s).includes('["throw"'))) return true
  return functionProxyAsString(c.steps)
}
