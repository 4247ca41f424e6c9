export { mountAgentPanel } from './agent-panel'
export type { AgentPanelOptions } from './agent-panel'
export { createSchemaForm } from './schema-form'
export type { SchemaForm } from './schema-form'
