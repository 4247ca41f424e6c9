import { libraryConfig } from '@webmcp-kit/test-config/tsdown'

export default libraryConfig()
