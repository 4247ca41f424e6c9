// The lifecycle layer the framework bindings build on, without the polyfill: importing this entry
// loads none of the engine, the frame protocol or the declarative forms (`@webmcp-kit/core` adds
// them, with `installModelContext`).
export { getModelContext } from './contract/get-model-context'
export { isPolyfill, executionFailure } from './contract/polyfill-hook'
export type { PolyfillHook } from './webmcp/hook'
export type {
  JSONSchema,
  ModelContext,
  ModelContextExecuteToolOptions,
  ModelContextGetToolOptions,
  ModelContextRegisterToolOptions,
  ModelContextTool,
  RegisteredTool,
  ToolAnnotations,
  ToolEvent,
  ToolExecuteCallback,
  ToolExecuteOptions,
} from './webmcp/types'
export { ToolRegistration } from './contract/tool-registration'
export type {
  ToolRegistrationContext,
  ToolRegistrationOptions,
  ToolSnapshot,
  ToolStatus,
} from './contract/tool-registration'
export { ToolsObserver } from './contract/tools-observer'
export type {
  ToolsObserverContext,
  ToolsObserverOptions,
  WebMCPContext,
} from './contract/tools-observer'
export { defineTool } from './contract/define-tool'
export type { DefinedTool, ToolInputError, ToolResult, WebMCPTool } from './contract/define-tool'
export type {
  InferExecuteInput,
  InferJSONSchema,
  InferToolInput,
  StandardSchemaResult,
  StandardSchemaV1,
  ToolInputSchema,
} from './contract/infer'
