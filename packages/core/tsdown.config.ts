import { defineConfig } from 'tsdown'

export default defineConfig([
  {
    entry: ['src/index.ts', 'src/polyfill.ts', 'src/json-schema.ts'],
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    unbundle: true,
    dts: { tsconfig: 'tsconfig.build.json' },
    sourcemap: true,
  },
  {
    // The classic script: <script src="webmcp.iife.js"> installs document.modelContext on load.
    entry: { webmcp: 'src/polyfill.ts' },
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    dts: false,
    clean: false,
    outExtensions: () => ({ js: '.js' }),
  },
])
