// The frame protocol, as one module to load: `import()`ed by the ESM install when the page needs it
// (see frames/connect.ts), and bundled as the classic script's second file, webmcp-frames.js, which
// first adopts the classic script's records and task queue.

export { linkDocument } from './link'
export { adopt } from './record'
