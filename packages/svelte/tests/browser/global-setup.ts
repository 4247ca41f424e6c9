import { bindingSuiteSetup } from '@webmcp-kit/test-infra/binding-suite'
import sveltePlugin from 'esbuild-svelte'

/**
 * The test page's script (page.svelte.ts and its components, compiled by esbuild-svelte, with this
 * package's and core's sources and Svelte; it puts the binding suite's `kit` on the window), served
 * beside the polyfill, and every engine `WEBMCP_ENGINES` selects (`chromium` is a pair: WebMCP flag
 * on and off). Svelte's development build, so that its warnings reach the console, where the page
 * records them.
 */
export default bindingSuiteSetup({
  entry: new URL('page.svelte.ts', import.meta.url),
  route: '/svelte-page.js',
  esbuild: {
    conditions: ['@webmcp-kit/source', 'development'],
    plugins: [sveltePlugin({ compilerOptions: { dev: true } })],
  },
})
