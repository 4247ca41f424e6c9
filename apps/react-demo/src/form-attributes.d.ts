// WebMCP's declarative form attributes, for JSX.
import 'react'

declare module 'react' {
  interface FormHTMLAttributes<T> extends HTMLAttributes<T> {
    toolname?: string
    tooldescription?: string
    toolautosubmit?: ''
  }
  interface InputHTMLAttributes<T> extends HTMLAttributes<T> {
    toolparamdescription?: string
  }
}
