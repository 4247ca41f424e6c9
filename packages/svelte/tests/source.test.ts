import { describeSourceChecks } from '@webmcp-kit/test-infra/examples'

// Its examples are Svelte components (`svelte` blocks), which the TypeScript compiler cannot read.
describeSourceChecks({
  test: import.meta.url,
  main: 'use-webmcp-tool.svelte.ts',
  examples: false,
})
