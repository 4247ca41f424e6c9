import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [vue()],
  // Workspace packages resolve to their sources: the demo never waits for a package build.
  resolve: { conditions: ['@webmcp-kit/source'] },
  build: { target: 'es2022' },
})
