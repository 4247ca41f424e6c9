import { libraryConfig } from '@webmcp-kit/test-config/tsdown'

// The library and the `webmcp-kit-bridge` command (src/cli.ts keeps its #! line).
export default libraryConfig({ entry: ['src/index.ts', 'src/cli.ts'], platform: 'node' })
