import { describe, expect, it } from 'vitest'
import { lint } from '../src'
import type { LintableTool } from '../src'

const good: LintableTool = {
  name: 'add_task',
  description: 'Adds a task to the board. Use it when the person asks to remember something to do.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', description: 'What needs doing, in the person’s words.' },
      priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'normal' },
    },
    required: ['text'],
  },
}

const rules = (tool: LintableTool) => lint([tool]).map((finding) => finding.rule)

describe('lint', () => {
  it('finds nothing in a tool written as the guide says', () => {
    expect(lint([good])).toEqual([])
    expect(
      lint([
        {
          name: 'list_tasks',
          description: 'Lists the tasks on the board, with their ids, for other tools to use.',
          annotations: { readOnly: true, untrustedContent: true },
        },
        {
          name: 'delete_all_tasks',
          description: 'Deletes every task on the board, after the person confirms it.',
          annotations: { consequentialHint: true },
          exposedTo: ['https://widget.example.com', 'http://localhost:5173'],
        },
      ]),
    ).toEqual([])
  })

  it('gives every finding a fix', () => {
    const findings = lint([{ name: 'bad name!', description: '' }])
    expect(findings.map((finding) => [finding.rule, finding.severity])).toEqual([
      ['name', 'error'],
      ['description-missing', 'error'],
    ])
    for (const finding of findings) {
      expect(finding.tool).toBe('bad name!')
      expect(finding.fix.length).toBeGreaterThan(20)
    }
  })

  it('wants a description that says what the tool does and when, not its parameters', () => {
    expect(rules({ ...good, description: 'Adds tasks.' })).toEqual(['description-short'])
    const repeated = lint([
      {
        ...good,
        description:
          'Adds a task. Pass text (string) and priority, one of low, normal or high; defaults to normal.',
      },
    ])
    expect(repeated).toMatchObject([
      {
        rule: 'description-repeats-schema',
        severity: 'warning',
        message: expect.stringContaining('"normal", "high", a default or a limit, a type'),
      },
    ])
  })

  it('wants an object schema that compiles', () => {
    expect(rules({ ...good, inputSchema: { type: 'string' } })).toEqual(['schema-object'])
    const typo = lint([
      { ...good, inputSchema: { type: 'object', properties: { a: {} }, requried: ['a'] } },
    ])
    expect(typo).toMatchObject([
      { rule: 'schema-compiles', message: expect.stringContaining('unknown keyword: "requried"') },
    ])
    expect(
      rules({ ...good, inputSchema: { type: 'object', properties: {}, required: ['text'] } }),
    ).toEqual(['schema-compiles'])
    expect(
      rules({ ...good, inputSchema: { type: 'object', properties: { a: { type: 'text' } } } }),
    ).toEqual(['schema-compiles'])
    // Draft 2020-12 compiles with its own vocabulary.
    expect(
      rules({
        ...good,
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { ids: { type: 'array', prefixItems: [{ type: 'integer' }] } },
        },
      }),
    ).toEqual([])
  })

  it('wants parameter descriptions that explain meaning, not type', () => {
    expect(
      lint([
        {
          ...good,
          inputSchema: {
            type: 'object',
            properties: { text: { type: 'string', description: 'A string' } },
          },
        },
      ]),
    ).toMatchObject([{ rule: 'parameter-description', message: expect.stringContaining('"text"') }])
  })

  it('wants hints that match what the tool says it does', () => {
    expect(lint([{ ...good, annotations: { readOnlyHint: true } }])).toMatchObject([
      { rule: 'hint-read-only', severity: 'error' },
    ])
    expect(
      rules({ name: 'find_teammate', description: 'Looks a teammate up by their first name.' }),
    ).toEqual(['hint-read-only'])
    expect(
      rules({
        name: 'send_invoice',
        description: 'Sends the open invoice to the customer by email.',
      }),
    ).toEqual(['hint-consequential'])
    expect(
      rules({
        name: 'checkout',
        description: 'Places the order for what is in the cart and pays.',
      }),
    ).toEqual(['hint-consequential'])
  })

  it('wants exposedTo as exact secure origins', () => {
    const exposed = (exposedTo: string[]) => rules({ ...good, exposedTo })
    expect(exposed(['*'])).toEqual(['exposed-to'])
    expect(exposed(['https://*.example.com'])).toEqual(['exposed-to'])
    expect(exposed(['http://widget.example.com', 'widget.example.com'])).toEqual([
      'exposed-to',
      'exposed-to',
    ])
    expect(lint([{ ...good, origin: 'https://a.example', exposedTo: ['*'] }])[0]?.tool).toBe(
      'add_task (https://a.example)',
    )
  })
})
