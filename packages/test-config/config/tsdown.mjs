// The packages' builds: see tsdown.d.mts.
import { defineConfig } from 'tsdown'

/** @type {typeof import('./tsdown.d.mts').libraryConfig} */
export function libraryConfig(options = {}) {
  const node = options.platform === 'node'
  return defineConfig({
    entry: ['src/index.ts'],
    format: 'esm',
    platform: 'browser',
    target: node ? 'node20' : 'es2022',
    dts: { tsconfig: 'tsconfig.build.json' },
    sourcemap: true,
    ...(node ? { fixedExtension: false } : {}),
    ...options,
  })
}
