import { libraryConfig } from '@webmcp-kit/test-infra/tsdown'

export default libraryConfig()
