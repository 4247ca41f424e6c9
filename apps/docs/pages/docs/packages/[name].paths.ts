import { docsPages } from '../../../.vitepress/sources'

// The guide of each public package, docs/packages/<name>.md, one page each.
export default { paths: () => docsPages('packages') }
