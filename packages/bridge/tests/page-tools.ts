import type { PageTool } from '../src/types'

/** Documents and tools for the unit tests of naming and mapping. */
export const top = { url: 'http://localhost:5171/', origin: 'http://localhost:5171', top: true }
export const widget = {
  url: 'http://127.0.0.1:5171/widget.html',
  origin: 'http://127.0.0.1:5171',
  top: false,
}
export const tool = (name: string, extra: Partial<PageTool> = {}): PageTool => ({
  name,
  title: '',
  description: `The ${name} tool.`,
  frame: top,
  ...extra,
})
