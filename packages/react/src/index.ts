'use client'
export { useWebMCPTool } from './use-webmcp-tool'
export type { UseWebMCPToolOptions, UseWebMCPToolResult } from './use-webmcp-tool'
export { useWebMCPTools } from './use-webmcp-tools'
export type { UseWebMCPToolsOptions } from './use-webmcp-tools'
// The core's tool-authoring helpers and types, so that one import serves a React app.
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
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'
