import { defineConfig } from 'vite'
import solid from 'vite-plugin-solid'

// Hydratable output: the client build hydrates what the server build rendered.
export default defineConfig({ plugins: [solid({ ssr: true })] })
