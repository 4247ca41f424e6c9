// The unit suite on React 18 (vitest.react18.config.ts). Vite's aliases reach the code Vite
// transforms (the tests and the sources); this reaches what Node loads itself: react-dom@18's own
// `require('react')` (pnpm links its peer to this package's React 19) and Testing Library's.
import Module, { createRequire } from 'node:module'
import { dirname } from 'node:path'

const require = createRequire(import.meta.url)
const floors: Record<string, string> = {
  react: dirname(require.resolve('react-18/package.json')),
  'react-dom': dirname(require.resolve('react-dom-18/package.json')),
}

type Resolve = (request: string, ...rest: unknown[]) => string
const loader = Module as unknown as { _resolveFilename: Resolve }
const resolve = loader._resolveFilename
loader._resolveFilename = function (this: unknown, request, ...rest) {
  const match = /^(react|react-dom)(\/.*)?$/.exec(request)
  const target = match ? `${floors[match[1]!]}${match[2] ?? ''}` : request
  return resolve.call(this, target, ...rest)
}

// Both ways of reaching React must find 18, or this project tests React 19 under another name.
const { version } = (await import('react')) as { version: string }
const dom = require('react-dom/package.json') as { version: string }
if (!version.startsWith('18.') || !dom.version.startsWith('18.')) {
  throw new Error(`vitest.react18.config.ts runs React ${version} and react-dom ${dom.version}`)
}
