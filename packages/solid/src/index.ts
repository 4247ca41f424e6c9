export { createWebMCPTool } from './create-webmcp-tool'
export type { CreateWebMCPToolOptions, CreateWebMCPToolResult } from './create-webmcp-tool'
export { createWebMCPTools } from './create-webmcp-tools'
export type { CreateWebMCPToolsOptions } from './create-webmcp-tools'
export type { MaybeAccessor } from './live'
// The core's tool-authoring helpers and types, so that one import serves a Solid app.
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
