export { installModelContext, getModelContext, isPolyfill, executionFailure } from './install'
export type { PolyfillHook } from './install'
export { ToolActivatedEvent, ToolCancelEvent } from './events'
export { framePolicyAllowsTools } from './permissions-policy'
export type { FramePolicyInput } from './permissions-policy'
export type { ToolEventInit } from './events'
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
} from './types'
export { ToolRegistration } from './tool-registration'
export type {
  ToolRegistrationContext,
  ToolRegistrationOptions,
  ToolSnapshot,
  ToolStatus,
} from './tool-registration'
export { ToolsObserver } from './tools-observer'
export type { ToolsObserverContext, ToolsObserverOptions, WebMCPContext } from './tools-observer'
export { defineTool } from './define-tool'
export type { DefinedTool, ToolInputError, ToolResult, WebMCPTool } from './define-tool'
export type {
  InferExecuteInput,
  InferJSONSchema,
  InferToolInput,
  StandardSchemaResult,
  StandardSchemaV1,
  ToolInputSchema,
} from './infer'
export { FORM_ACTIVE, SUBMIT_ACTIVE } from './form-fill'
