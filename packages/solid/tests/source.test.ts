import { describeSourceChecks } from '@webmcp-kit/test-infra/examples'

describeSourceChecks({
  test: import.meta.url,
  main: 'create-webmcp-tool.ts',
  prelude: `
import { For, createSignal } from 'solid-js'
import { createWebMCPTool, createWebMCPTools } from '@webmcp-kit/solid'`,
})
