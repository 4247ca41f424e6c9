import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  unbundle: true,
  dts: { tsconfig: 'tsconfig.build.json' },
  sourcemap: true,
})
