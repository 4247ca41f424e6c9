// The declarative WebMCP attributes (forms as tools), for Svelte's element typings.
import 'svelte/elements'

declare module 'svelte/elements' {
  interface HTMLFormAttributes {
    toolname?: string
    tooldescription?: string
    toolautosubmit?: boolean
  }
  interface HTMLInputAttributes {
    toolparamdescription?: string
  }
}
