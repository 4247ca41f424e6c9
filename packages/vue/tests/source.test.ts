import { describeSourceChecks } from '@webmcp-kit/test-infra/examples'

describeSourceChecks({
  test: import.meta.url,
  main: 'use-webmcp-tool.ts',
  prelude: `
import { computed, provide, ref } from 'vue'
import { getModelContext, modelContextKey, useWebMCPTool, useWebMCPTools } from '@webmcp-kit/vue'
import type { Component } from 'vue'
declare const App: Component
declare const frame: HTMLIFrameElement`,
})
