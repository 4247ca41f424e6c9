import { libraryConfig } from '@webmcp-kit/test-config/tsdown'

// The library, the extension protocol (`./protocol`, pure: the extension bundles it) and the
// `webmcp-kit-bridge` command (src/cli/cli.ts keeps its #! line).
export default libraryConfig({
  entry: { index: 'src/index.ts', protocol: 'src/protocol/index.ts', cli: 'src/cli/cli.ts' },
  platform: 'node',
})
