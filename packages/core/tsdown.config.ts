import { defineConfig } from 'tsdown'

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      lifecycle: 'src/lifecycle.ts',
      polyfill: 'src/polyfill.ts',
      'polyfill-imperative': 'src/polyfill-imperative.ts',
      'json-schema': 'src/contract/json-schema.ts',
    },
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    unbundle: true,
    dts: { tsconfig: 'tsconfig.build.json' },
    sourcemap: true,
  },
  // The classic scripts: <script src="webmcp.iife.js"> installs document.modelContext on load;
  // webmcp-imperative.iife.js does without frames and forms. (One build each: IIFE has no chunks.)
  ...(
    [
      { webmcp: 'src/polyfill.ts' },
      { 'webmcp-imperative': 'src/polyfill-imperative.ts' },
    ] as Record<string, string>[]
  ).map((entry) => ({
    entry,
    format: 'iife' as const,
    platform: 'browser' as const,
    target: 'es2022',
    minify: true,
    dts: false,
    clean: false,
    outExtensions: () => ({ js: '.js' }),
  })),
])
