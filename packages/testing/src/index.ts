export { webmcp, TimeoutError } from './webmcp'
export type {
  CallToolOptions,
  FrameTreeToolInfo,
  ToolCall,
  ToolEventRecord,
  ToolScope,
  ToolsOptions,
  WaitForToolOptions,
  WebMCP,
  WebMCPToolAnnotations,
  WebMCPToolInfo,
} from './webmcp'
export { driverOf } from './drivers'
export type { Driver, PageLike, WebMCPTarget, WebdriverIOBrowserLike } from './drivers'
