import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { floorConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

const require = createRequire(import.meta.url)
const react18 = dirname(require.resolve('react-18/package.json'))
const reactDom18 = dirname(require.resolve('react-dom-18/package.json'))

// The unit tests again on React 18 at runtime, the oldest React in the peer range (`react-18` and
// `react-dom-18` are aliases of 18.3.1); tsconfig.react18.json checks the sources against its types.
export default floorConfig(
  packageJson.name,
  'react18',
  {
    tsx: true,
    environment: 'jsdom',
    // First: Node's own require() must find React 18 before Testing Library loads.
    setupFiles: ['tests/react18.setup.ts', 'tests/test-setup.ts'],
  },
  {
    resolve: {
      alias: [
        { find: /^react(\/.*)?$/, replacement: `${react18}$1` },
        { find: /^react-dom(\/.*)?$/, replacement: `${reactDom18}$1` },
      ],
    },
  },
)
