import { defineContentScript } from 'wxt/utils/define-content-script'
import { runFrame } from '../lib/frame'

// Registered at run time (never in the manifest): only for the sites and tabs the person shares.
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  allFrames: true,
  runAt: 'document_start',
  main: runFrame,
})
