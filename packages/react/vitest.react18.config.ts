import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { defineConfig } from 'vitest/config'
import packageJson from './package.json' with { type: 'json' }

const require = createRequire(import.meta.url)
const react18 = dirname(require.resolve('react-18/package.json'))
const reactDom18 = dirname(require.resolve('react-dom-18/package.json'))

// The unit tests again on React 18 at runtime, the oldest React in the peer range (`react-18` and
// `react-dom-18` are aliases of 18.3.1); tsconfig.react18.json checks the sources against its types.
export default defineConfig({
  resolve: {
    conditions: ['@webmcp-kit/source'],
    alias: [
      { find: /^react(\/.*)?$/, replacement: `${react18}$1` },
      { find: /^react-dom(\/.*)?$/, replacement: `${reactDom18}$1` },
    ],
  },
  ssr: { resolve: { conditions: ['@webmcp-kit/source'] } },
  test: {
    name: `${packageJson.name}:react18`,
    include: ['tests/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // First: Node's own require() must find React 18 before Testing Library loads.
    setupFiles: ['tests/react18.setup.ts', 'tests/test-setup.ts'],
    restoreMocks: true,
    // Two tests cannot run on React 18 as written (reported to the binding's owner, issue 19): one
    // suspends with use(), which React 18 lacks (a thrown promise suspends in both); the other
    // server-renders in jsdom, where React 18's renderToString warns about the hook's
    // useLayoutEffect (it picks useEffect where there is no document, as on a real server).
    testNamePattern:
      /^(?!.*(a render that never commits does not publish its execute|hydrates server HTML without a mismatch)).*$/,
  },
})
