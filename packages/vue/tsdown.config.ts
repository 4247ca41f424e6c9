import { libraryConfig } from '@webmcp-kit/test-config/tsdown'

// One output module per source file.
export default libraryConfig({ unbundle: true })
