// The packages' builds, one factory (tsdown.mjs): ESM with declarations (from
// `tsconfig.build.json`) and source maps, ES2022 for the browser or Node 20 for a Node package. A
// package's tsdown.config.ts says only what differs. (JavaScript with these declarations: tsdown
// loads a config's imported packages with plain Node, which cannot load TypeScript.)
import type { UserConfig } from 'tsdown'

/**
 * One package's build: `src/index.ts` by default; `platform: 'node'` targets Node 20 and keeps the
 * `.js` extension; other tsdown options (`entry`, `unbundle`, `hooks` …) over these defaults.
 *
 * @example
 * // packages/vue/tsdown.config.ts: one output module per source file
 * export default libraryConfig({ unbundle: true })
 */
export function libraryConfig(options?: UserConfig): UserConfig
