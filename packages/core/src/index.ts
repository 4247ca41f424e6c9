export { installModelContext, getModelContext, isPolyfill, executionFailure } from './install'
export type { PolyfillHook } from './install'
export { ToolActivatedEvent, ToolCancelEvent } from './spec/events'
export { framePolicyAllowsTools } from './frames/permissions-policy'
export type { FramePolicyInput } from './frames/permissions-policy'
export type { ToolEventInit } from './spec/events'
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
} from './spec/types'
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
export { FORM_ACTIVE, SUBMIT_ACTIVE } from './forms/markers'
