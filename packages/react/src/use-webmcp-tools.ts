'use client'
import { ToolsObserver } from '@webmcp-kit/core/lifecycle'
import { useEffect, useState } from 'react'
import { useLiveSnapshot } from './live'
import type { RegisteredTool, ToolsObserverOptions } from '@webmcp-kit/core/lifecycle'

/**
 * The options of {@link useWebMCPTools}: `fromOrigins` adds the tools that frames of those origins
 * expose to this document; `modelContext` lists another context's tools; `onError` hears a failed
 * `getTools` (for example a `SecurityError` for an insecure origin).
 */
export type UseWebMCPToolsOptions = ToolsObserverOptions

/**
 * The tools `document.modelContext.getTools({ fromOrigins })` lists, kept up to date on every
 * `toolchange`: for in-page agents, chat widgets and debugging panels. The array keeps its identity
 * while the list is unchanged; it is empty before the first answer, on the server and where there
 * is no WebMCP.
 *
 * @param options `fromOrigins`, `modelContext`, `onError`.
 * @returns The registered tools, sorted by name.
 * @example
 * ```tsx
 * function ToolList() {
 *   const tools = useWebMCPTools({ fromOrigins: ['https://shop.example'] })
 *   return <ul>{tools.map((tool) => <li key={`${tool.origin} ${tool.name}`}>{tool.name}</li>)}</ul>
 * }
 * ```
 */
export function useWebMCPTools(options: UseWebMCPToolsOptions = {}): readonly RegisteredTool[] {
  const [observer] = useState(() => new ToolsObserver(options))
  const tools = useLiveSnapshot(observer)
  // update diffs (fromOrigins by value), so an inline options object lists again only on change.
  useEffect(() => observer.update(options))
  return tools
}
