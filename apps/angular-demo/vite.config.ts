import angular from '@analogjs/vite-plugin-angular'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    angular({
      tsconfig: fileURLToPath(new URL('tsconfig.app.json', import.meta.url)),
      workspaceRoot: fileURLToPath(new URL('.', import.meta.url)),
    }),
  ],
  // Workspace packages resolve to their sources: the demo never waits for a package build.
  resolve: { conditions: ['@webmcp-kit/source'] },
  // The Angular compiler is most of the build's time anyway: no timing report on every build.
  build: { target: 'es2022', rolldownOptions: { checks: { bundlerTimings: false } } },
})
