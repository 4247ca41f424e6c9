export { installModelContext, getModelContext } from './install'
export { ToolActivatedEvent, ToolCancelEvent } from './events'
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
