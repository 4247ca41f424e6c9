export { useWebMCPTool } from './use-webmcp-tool.svelte'
export type { UseWebMCPToolOptions, UseWebMCPToolResult } from './use-webmcp-tool.svelte'
export { useWebMCPTools } from './use-webmcp-tools.svelte'
export type { UseWebMCPToolsOptions } from './use-webmcp-tools.svelte'
export type { MaybeGetter } from './live.svelte'
// The core's tool-authoring helpers and types, so that one import serves a Svelte app.
export { defineTool, getModelContext } from '@webmcp-kit/core/lifecycle'
export type {
  InferToolInput,
  RegisteredTool,
  ToolAnnotations,
  ToolInputError,
  ToolInputSchema,
  ToolResult,
  ToolSnapshot,
  ToolStatus,
  WebMCPContext,
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'
