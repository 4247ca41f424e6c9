import angular from '@analogjs/vite-plugin-angular'
import { fileURLToPath } from 'node:url'
import { floorConfig } from '@webmcp-kit/test-config/vitest'
import packageJson from './package.json' with { type: 'json' }
import type { Plugin } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const core19 = fileURLToPath(new URL('tests/angular19/core.ts', import.meta.url))
const floor = /^@angular\/(core|common|compiler|platform-browser|router)(\/.*)?$/

// Every import of an Angular package, wherever it is (the tests, the sources, Analog's setup and
// Angular's own packages, all inlined below), goes to its Angular 19 alias (`@angular/core-19` …),
// resolved from this package as a user's app would. `@angular/core` itself is the shim beside it.
const angular19: Plugin = {
  name: 'angular-19',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (source === '@angular/core' && importer !== core19) return core19
    const match = floor.exec(source)
    if (!match) return null
    return this.resolve(`@angular/${match[1]}-19${match[2] ?? ''}`, `${here}package.json`, {
      skipSelf: true,
    })
  },
}

// The unit tests again on Angular 19, the oldest Angular in the peer range. Angular 21's compiler
// emits instructions Angular 19 lacks, so the test components are compiled just in time, by
// Angular 19's own compiler (tests/test-setup.ts imports it).
export default floorConfig(
  packageJson.name,
  'angular19',
  {
    environment: 'jsdom',
    setupFiles: ['tests/angular19/setup.ts'],
    server: { deps: { inline: [/@angular\//, /@analogjs\//] } },
  },
  {
    plugins: [
      angular19,
      angular({
        jit: true,
        tsconfig: fileURLToPath(new URL('tsconfig.spec.json', import.meta.url)),
        workspaceRoot: here,
      }),
    ],
  },
)
