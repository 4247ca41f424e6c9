import { libraryConfig } from '@webmcp-kit/test-config/tsdown'

export default libraryConfig({
  // One output module per source file, so every module keeps its 'use client' directive.
  entry: ['src/*.ts'],
  platform: 'neutral',
  unbundle: true,
  hooks: {
    'build:done'({ chunks }) {
      const missing = chunks
        .filter(
          (chunk) =>
            chunk.type === 'chunk' &&
            chunk.fileName.endsWith('.js') &&
            !chunk.code.startsWith('"use client";'),
        )
        .map((chunk) => chunk.fileName)
      if (missing.length) {
        throw new Error(`'use client' is missing from ${missing.join(', ')}: keep unbundle on.`)
      }
    },
  },
})
