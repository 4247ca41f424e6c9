import { describeSourceChecks } from '@webmcp-kit/test-infra/examples'

describeSourceChecks({
  test: import.meta.url,
  prelude: `
import { createSchemaForm, mountAgentPanel } from '@webmcp-kit/agent-panel'`,
})
