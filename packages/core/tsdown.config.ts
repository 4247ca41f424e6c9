import { defineConfig } from 'tsdown'

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      lifecycle: 'src/lifecycle.ts',
      polyfill: 'src/polyfill.ts',
      'polyfill-imperative': 'src/polyfill-imperative.ts',
      'json-schema': 'src/contract/json-schema.ts',
      // The frame protocol's module: its types describe the classic script's webmcp-frames.js.
      'frames/protocol': 'src/frames/protocol.ts',
    },
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    unbundle: true,
    dts: { tsconfig: 'tsconfig.build.json' },
    sourcemap: true,
  },
  // The classic scripts: <script src="webmcp.iife.js"> installs document.modelContext on load, and
  // loads webmcp-frames.js from beside itself when the page needs the frame protocol;
  // webmcp-standalone.iife.js carries the protocol (for a copy with no URL of its own);
  // webmcp-imperative.iife.js does without frames and forms. (One build each: IIFE has no chunks.)
  ...(
    [
      { webmcp: 'src/classic.ts' },
      { 'webmcp-standalone': 'src/standalone.ts' },
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
  // The classic script's second file: the frame protocol, one module.
  {
    entry: { 'webmcp-frames': 'src/frames/protocol.ts' },
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    dts: false,
    clean: false,
    outExtensions: () => ({ js: '.js' }),
  },
])
