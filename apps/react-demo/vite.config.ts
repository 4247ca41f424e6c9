import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their sources: the demo never waits for a package build.
  resolve: { conditions: ['@webmcp-kit/source'] },
  build: { target: 'es2022' },
})
