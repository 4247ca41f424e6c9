// `node --import @webmcp-kit/test-infra/register script.mjs`: lets a script Node runs directly (the
// demo, the consumer check, the benchmarks) import this package's TypeScript modules. Node 20 cannot
// load TypeScript itself; the hooks beside this file compile each .ts file with esbuild as it loads.
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url)
