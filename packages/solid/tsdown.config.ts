import { libraryConfig } from '@webmcp-kit/test-infra/tsdown'

// One output module per source file.
export default libraryConfig({ unbundle: true })
