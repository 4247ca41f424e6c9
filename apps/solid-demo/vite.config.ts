import { defineConfig } from 'vite'
import solid from 'vite-plugin-solid'

export default defineConfig({
  plugins: [solid()],
  // Workspace packages resolve to their sources: the demo never waits for a package build.
  resolve: { conditions: ['@webmcp-kit/source'] },
  build: { target: 'es2022' },
})
