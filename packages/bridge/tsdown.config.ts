import { defineConfig } from 'tsdown'

export default defineConfig({
  // The library and the `webmcp-kit-bridge` command (src/cli.ts keeps its #! line).
  entry: ['src/index.ts', 'src/cli.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  dts: { tsconfig: 'tsconfig.build.json' },
  sourcemap: true,
  fixedExtension: false,
})
