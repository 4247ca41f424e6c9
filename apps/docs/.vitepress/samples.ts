/**
 * The TypeScript samples of the repository's Markdown (`docs/`, the package guides included), compiled
 * by twoslash as the site's own samples are: a sample that does not compile fails the build.
 *
 * A guide's sample is short: it leaves out the imports a reader adds and the app's own objects
 * (`todos`, `catalogue`, a test's `page`). What each one leaves out is declared here, ahead of the
 * sample and cut from what the page shows (`// ---cut---`), so that everything the sample says
 * about the packages is checked against their sources. Svelte components are the one kind twoslash
 * does not compile; their blocks are shown as they are.
 */

/** A sample's context: the page, a line the sample has, and what it leaves out. */
const CONTEXT: ReadonlyArray<readonly [page: string, line: string, context: string]> = [
  ['docs/polyfill.md', 'todos.add(text, { signal })', todos()],
  ['docs/testing.md', 'webmcp(await browser.newPage())', target('browser', 'newPage')],
  [
    'docs/bridge.md',
    'createExtensionBridge({ port: 0',
    `import type { Bridge } from '@webmcp-kit/bridge'
declare const origin: string
declare const secret: string
declare const StdioServerTransport: new () => Parameters<Bridge['server']['connect']>[0]`,
  ],
  [
    'docs/packages/angular.md',
    'export class TodoListComponent',
    `import { Component, signal } from '@angular/core'
import { injectWebMCPTool } from '@webmcp-kit/angular'`,
  ],
  [
    'docs/packages/bridge.md',
    'new StdioServerTransport()',
    `import type { Bridge } from '@webmcp-kit/bridge'
declare const StdioServerTransport: new () => Parameters<Bridge['server']['connect']>[0]`,
  ],
  // The WebMCP API itself, without defineTool: ModelContext.registerTool infers no input type, so
  // `text` is unknown here (docs/polyfill.md's sample wraps the tool in defineTool).
  [
    'docs/packages/core.md',
    'todos.add(text, { signal })',
    'declare const todos: { add(text: unknown, options?: unknown): void }',
  ],
  ['docs/packages/core.md', 'badge.textContent', 'declare const badge: HTMLElement'],
  [
    'docs/packages/core.md',
    'forecast(city)',
    `${todos()}
declare function forecast(city: string): Promise<string>`,
  ],
  [
    'docs/packages/core.md',
    'new ToolRegistration(addTodo',
    `import { defineTool } from '@webmcp-kit/core'
import type { ToolSnapshot } from '@webmcp-kit/core'
const tool = { name: 'add_todo', description: 'Adds an item.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } } as const
const addTodo = defineTool({ ...tool, execute: ({ text }) => text })
const nextTool = defineTool({ ...tool, execute: ({ text }) => text?.trim() })
declare const signedIn: boolean
declare function render(state: Partial<ToolSnapshot>): void`,
  ],
  [
    'docs/packages/core.md',
    'new ToolsObserver(',
    `declare const list: HTMLElement
declare function item(name: string, description: string): Node`,
  ],
  [
    'docs/packages/react.md',
    'function Todos()',
    `import { useState } from 'react'
import { useWebMCPTool } from '@webmcp-kit/react'`,
  ],
  ['docs/packages/solid.md', 'function Todos()', '// @jsxImportSource: solid-js'],
  [
    'docs/packages/solid.md',
    "const [query, setQuery] = createSignal('')",
    `import { createSignal } from 'solid-js'
import { createWebMCPTool } from '@webmcp-kit/solid'
import { z } from 'zod'
declare const catalogue: { loaded(): boolean; search(query: string): Promise<string[]> }`,
  ],
  [
    'docs/packages/solid.md',
    'function ToolList()',
    `// @jsxImportSource: solid-js
import { For } from 'solid-js'
import { createWebMCPTools } from '@webmcp-kit/solid'`,
  ],
  [
    'docs/packages/svelte.md',
    'export const catalogue = $state(',
    `import type {} from 'svelte'
import { useWebMCPTool } from '@webmcp-kit/svelte'
import { z } from 'zod'
declare function search(query: string): Promise<string[]>`,
  ],
  ['docs/packages/testing.md', 'const mcp = webmcp(page)', target('page')],
  [
    'docs/packages/testing.md',
    'await attach(page)',
    "declare const page: import('playwright-core').Page",
  ],
  [
    'docs/packages/testing.md',
    'expect(lint(',
    `import { expect } from '@webmcp-kit/testing/playwright'
${target('page')}
declare const widgetOrigin: string`,
  ],
  [
    'docs/packages/vue.md',
    "const query = ref('')",
    `import { ref } from 'vue'
import { useWebMCPTool } from '@webmcp-kit/vue'
import { z } from 'zod'
${catalogue()}`,
  ],
  [
    'docs/packages/vue.md',
    'const tools = useWebMCPTools()',
    `import { computed } from 'vue'
import { useWebMCPTools } from '@webmcp-kit/vue'`,
  ],
]

function todos() {
  return 'declare const todos: { add(text: string, options?: unknown): void }'
}

function catalogue() {
  return 'declare const catalogue: { loaded: boolean; search(query: string): Promise<string[]> }'
}

/** A test's page (or browser) as `@webmcp-kit/testing` takes it; `open` names a method that opens one. */
function target(name: string, open?: string) {
  const type = `import('@webmcp-kit/testing').WebMCPTarget`
  return `declare const ${name}: ${open ? `${type} & { ${open}(): Promise<${type}> }` : type}`
}

/** The fenced blocks twoslash compiles: TypeScript, TSX and Vue, not already marked. */
const FENCE = /^```(ts|tsx|vue)\n([\s\S]*?)^```$/gm

/**
 * `markdown` (the page `page` of the repository, `docs/polyfill.md`) with its TypeScript samples
 * marked for twoslash, each after what it leaves out. A context that matches no sample of its page
 * (the sample changed) throws: it would otherwise go on hiding nothing.
 */
export function checkedSamples(page: string, markdown: string): string {
  const contexts = CONTEXT.filter(([at]) => at === page)
  const used = new Set<string>()
  const checked = markdown.replace(FENCE, (_block, lang: string, code: string) => {
    const found = contexts.find(([, line]) => code.includes(line))
    if (found) used.add(found[1])
    const context = found ? `${found[2]}\n// ---cut---\n` : ''
    return `\`\`\`${lang} twoslash\n${context}${code}\`\`\``
  })
  const stale = contexts.filter(([, line]) => !used.has(line))
  if (stale.length > 0) {
    throw new Error(
      `apps/docs/.vitepress/samples.ts: no sample of ${page} has the line ${stale.map(([, line]) => JSON.stringify(line)).join(', ')} (update its context to the sample as it is now)`,
    )
  }
  return checked
}
