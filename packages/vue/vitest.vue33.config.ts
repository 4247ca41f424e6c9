import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { floorConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }

const require = createRequire(import.meta.url)
// Its ESM build, which Vite transforms (and so aliases); the CJS one would require Vue 3.5 itself.
const testUtils = require.resolve('@vue/test-utils').replace(/\.cjs\.js$/, '.esm-bundler.mjs')
// Vue 3.3's own server renderer, as ESM (its `vue` peer is linked to the newer Vue otherwise).
const serverRenderer = join(
  dirname(createRequire(require.resolve('vue33/package.json')).resolve('@vue/server-renderer')),
  'dist/server-renderer.esm-bundler.js',
)

// The unit tests again against Vue 3.3, the oldest Vue in the peer range (`vue33` is an alias of
// vue@3.3). Everything that imports Vue, @vue/test-utils included, is bundled through the alias.
export default floorConfig(
  packageJson.name,
  'vue3.3',
  {
    environment: 'jsdom',
    setupFiles: ['tests/test-setup.ts'],
    env: { EXPECTED_VUE_VERSION: '3.3.' },
    server: { deps: { inline: [/@vue\/test-utils/, /@vue\/server-renderer/] } },
  },
  {
    resolve: {
      alias: [
        { find: /^vue$/, replacement: 'vue33' },
        { find: /^(vue|@vue)\/server-renderer$/, replacement: serverRenderer },
        { find: /^@vue\/test-utils$/, replacement: testUtils },
      ],
    },
  },
)
