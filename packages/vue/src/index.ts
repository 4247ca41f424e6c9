export { useWebMCPTool } from './use-webmcp-tool'
export type { UseWebMCPToolOptions, UseWebMCPToolReturn } from './use-webmcp-tool'
export { useWebMCPTools } from './use-webmcp-tools'
export type { UseWebMCPToolsOptions } from './use-webmcp-tools'
export { WebMCPPlugin, modelContextKey } from './plugin'
export type { WebMCPPluginOptions } from './plugin'
// The core's tool-authoring helpers and types, so that one import serves a Vue app.
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
