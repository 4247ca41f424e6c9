import { describeSourceChecks } from '@webmcp-kit/test-infra/examples'

describeSourceChecks({
  test: import.meta.url,
  main: 'use-webmcp-tool.ts',
  prelude: `
import { useState } from 'react'
import { useWebMCPTool, useWebMCPTools } from '@webmcp-kit/react'`,
})
