// The live page's tools, registered in the browser only (the component imports this module when it
// mounts): native WebMCP where the browser has it, the polyfill elsewhere.
import '@webmcp-kit/core/polyfill'
import { mountAgentPanel } from '@webmcp-kit/agent-panel'
import { defineTool, getModelContext } from '@webmcp-kit/core'

const convertTemperature = defineTool({
  name: 'convert_temperature',
  title: 'Convert a temperature',
  description: 'Converts a temperature to the other of the two common scales.',
  inputSchema: {
    type: 'object',
    properties: {
      value: { type: 'number', description: 'The temperature to convert.' },
      from: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Its unit.' },
    },
    required: ['value', 'from'],
  },
  annotations: { readOnlyHint: true },
  execute: ({ value, from }) => {
    const converted = from === 'celsius' ? (value * 9) / 5 + 32 : ((value - 32) * 5) / 9
    return {
      value: Math.round(converted * 100) / 100,
      unit: from === 'celsius' ? 'fahrenheit' : 'celsius',
    }
  },
})

const countWords = defineTool({
  name: 'count_words',
  title: 'Count words',
  description: 'Counts the words and characters of a text.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', description: 'The text to count.' } },
    required: ['text'],
  },
  annotations: { readOnlyHint: true },
  execute: ({ text }) => ({
    words: text.split(/\s+/).filter(Boolean).length,
    characters: [...text].length,
  }),
})

const rollDice = defineTool({
  name: 'roll_dice',
  title: 'Roll dice',
  description: 'Rolls dice and returns each result and their sum.',
  inputSchema: {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 1, maximum: 10, description: 'How many dice (1 to 10).' },
      sides: { type: 'integer', minimum: 2, maximum: 100, description: 'Sides per die.' },
    },
  },
  execute: ({ count = 1, sides = 6 }) => {
    if (
      !Number.isInteger(count) ||
      count < 1 ||
      count > 10 ||
      !Number.isInteger(sides) ||
      sides < 2 ||
      sides > 100
    )
      return { error: 'count must be an integer from 1 to 10 and sides one from 2 to 100.' }
    const rolls = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * sides))
    return { rolls, sum: rolls.reduce((a, b) => a + b, 0) }
  },
})

/** Registers the tools and mounts the agent panel into `element`; resolves to a way to undo both. */
export async function startLiveTools(element: HTMLElement): Promise<() => void> {
  const controller = new AbortController()
  const unmount = mountAgentPanel(element, { title: 'Agent panel: this page’s tools' })
  const context = getModelContext()
  const options = { signal: controller.signal }
  await Promise.all([
    context?.registerTool(convertTemperature, options),
    context?.registerTool(countWords, options),
    context?.registerTool(rollDice, options),
  ])
  return () => {
    controller.abort()
    unmount()
  }
}
