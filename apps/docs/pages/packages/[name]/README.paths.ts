import { docsPages } from '../../../.vitepress/sources'

// Each package's README, as it is.
export default { paths: () => docsPages('packages') }
