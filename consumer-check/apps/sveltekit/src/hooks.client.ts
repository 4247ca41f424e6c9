// In the browser only, before the page hydrates: the polyfill where there is no native WebMCP.
import '@webmcp-kit/core/polyfill'
