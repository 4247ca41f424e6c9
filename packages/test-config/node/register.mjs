// `node --import @webmcp-kit/test-config/register script.mjs`: lets a script Node runs directly (the
// demo, the consumer check, the benchmarks) import the test infrastructure's TypeScript modules and
// the workspace packages' sources. Node 20 cannot load TypeScript itself; the hooks beside this file
// resolve workspace packages from source and compile each .ts file with esbuild as it loads.
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url)
