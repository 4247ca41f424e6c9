import { installModelContext } from '@webmcp-kit/svelte'

// In the browser only, before the page hydrates: the polyfill where there is no native WebMCP.
installModelContext()
