// (In this order, the classic script gzips smallest: the bundler follows it.)
import { installEngine } from './webmcp/install-engine'
import { connectFrames } from './frames/connect'
import type { LoadProtocol } from './frames/connect'
import { patchSelectors } from './forms/selectors'
import { startFormTools } from './forms/tools'

/**
 * The whole polyfill's install (see `installModelContext`), the frame protocol given by `load`:
 * each entry says where it comes from.
 */
export function installPolyfill(load: LoadProtocol): () => void {
  return installEngine((doc) => {
    // Other documents of the frame tree may ask for this one's tools before the page touches them.
    const undo = [
      connectFrames((doc as Document & { modelContext: object }).modelContext, load),
      startFormTools(doc),
      patchSelectors(),
    ]
    return () => undo.forEach((step) => step())
  })
}
