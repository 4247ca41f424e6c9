import { docsPages } from '../../.vitepress/sources'

// The guides of the repository's docs/, one page each, as they are.
export default { paths: () => docsPages('docs') }
