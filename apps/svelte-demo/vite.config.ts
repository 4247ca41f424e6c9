import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defaultClientConditions, defineConfig } from 'vite'

export default defineConfig({
  plugins: [svelte({ configFile: false })],
  // Workspace packages resolve to their sources: the demo never waits for a package build. Vite's
  // own conditions stay (`browser`: Svelte's client build).
  resolve: { conditions: ['@webmcp-kit/source', ...defaultClientConditions] },
  build: { target: 'es2022' },
})
