export { injectWebMCPTool } from './inject-webmcp-tool'
export type { InjectWebMCPToolOptions, WebMCPToolRef } from './inject-webmcp-tool'
export { injectWebMCPTools } from './inject-webmcp-tools'
export type { InjectWebMCPToolsOptions } from './inject-webmcp-tools'
export { provideWebMCP } from './provide-webmcp'
export type { WebMCPConfig } from './provide-webmcp'
export type {
  RegisteredTool,
  ToolSnapshot,
  ToolStatus,
  WebMCPContext,
  WebMCPTool,
} from '@webmcp-kit/core/lifecycle'
// The core's tool-authoring helpers and types, so that one import serves an Angular app.
export { defineTool, getModelContext } from '@webmcp-kit/core/lifecycle'
