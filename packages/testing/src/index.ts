export { attach, webmcp, TimeoutError } from './webmcp'
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
} from './types'
export { lint } from './lint'
export type { LintableTool, LintFinding, LintRule } from './lint'
export { driverOf } from './drivers'
export type {
  AttachTarget,
  Driver,
  PageLike,
  WebMCPTarget,
  WebdriverIOBrowserLike,
} from './drivers'
