// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getModelContext } from '../src/contract/get-model-context'
import { installModelContext } from '../src/install'
import { jsonSchema } from '../src/contract/json-schema'
import { ToolRegistration } from '../src/contract/tool-registration'
import { flushTasks } from '@webmcp-kit/test-infra/helpers'
import type { ModelContext } from '../src/webmcp/types'

const volume = {
  type: 'object',
  properties: {
    level: { type: 'integer', minimum: 0, maximum: 100 },
    tags: { type: 'array', items: { type: 'string' } },
    'a/b': { type: 'boolean' },
  },
  required: ['level'],
  additionalProperties: false,
} as const

describe('jsonSchema', () => {
  it('is a Standard Schema whose JSON Schema is the one given', () => {
    const schema = jsonSchema(volume)
    expect(schema['~standard']).toMatchObject({ version: 1, vendor: 'webmcp-kit' })
    expect(schema['~standard'].jsonSchema.input()).toBe(volume)
    expect(schema['~standard'].jsonSchema.output()).toBe(volume)
  })

  it('passes valid input through unchanged', () => {
    const input = { level: 30, tags: ['quiet'] }
    expect(jsonSchema(volume)['~standard'].validate(input)).toEqual({ value: input })
  })

  it('reports each cause with its path, without the summaries above it', () => {
    const result = jsonSchema(volume)['~standard'].validate({
      level: 101,
      tags: ['ok', 7],
      'a/b': 'yes',
      extra: 1,
    })
    expect(result.issues).toEqual([
      { message: '101 is greater than 100.', path: ['level'] },
      { message: expect.stringMatching(/"number" is invalid/), path: ['tags', 1] },
      { message: expect.stringMatching(/"string" is invalid/), path: ['a/b'] },
      { message: 'Property "extra" does not match additional properties schema.', path: [] },
    ])
  })

  it('reports a missing required property at the root', () => {
    const result = jsonSchema(volume)['~standard'].validate({})
    expect(result.issues).toEqual([{ message: expect.stringMatching(/"level"/), path: [] }])
  })

  it('honours the draft option', () => {
    // Draft 4 reads exclusiveMaximum as a boolean modifier of maximum.
    const legacy = { type: 'number', maximum: 10, exclusiveMaximum: true }
    expect(jsonSchema(legacy, { draft: '4' })['~standard'].validate(10).issues).toHaveLength(1)
    expect(jsonSchema(legacy, { draft: '4' })['~standard'].validate(9).issues).toBeUndefined()
  })

  it('never compiles code, so it works where eval and new Function are forbidden', () => {
    const evalSpy = vi.spyOn(globalThis, 'eval')
    const FunctionSpy = vi.spyOn(globalThis, 'Function')
    jsonSchema(volume)['~standard'].validate({ level: 'loud' })
    expect(evalSpy).not.toHaveBeenCalled()
    expect(FunctionSpy).not.toHaveBeenCalled()
  })
})

describe('jsonSchema as a tool inputSchema', () => {
  let uninstall: () => void
  let mc: ModelContext

  beforeEach(() => {
    // jsdom has no isSecureContext; http://localhost, its URL, is a secure context.
    Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })
    uninstall = installModelContext()
    mc = getModelContext()!
  })

  afterEach(() => uninstall())

  it('registers the plain schema and answers invalid input with the issues', async () => {
    const execute = vi.fn(({ level }: { level: number }) => `volume ${level}`)
    const registration = new ToolRegistration({
      name: 'set_volume',
      description: 'Sets the playback volume.',
      inputSchema: jsonSchema(volume),
      execute,
    })
    const unsubscribe = registration.subscribe(() => {})
    await flushTasks()
    const [tool] = await mc.getTools()
    expect(tool!.inputSchema).toEqual(volume)
    const answer = JSON.parse((await mc.executeTool(tool!, { level: -1 }))!)
    expect(answer).toEqual({
      error: 'Invalid input for tool "set_volume". Correct the listed issues and call it again.',
      issues: [{ message: '-1 is less than 0.', path: ['level'] }],
    })
    expect(execute).not.toHaveBeenCalled()
    expect(await mc.executeTool(tool!, { level: 5 })).toBe('volume 5')
    unsubscribe()
  })
})
