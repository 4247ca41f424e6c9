// The messages between a frame's content script and the worker (a runtime Port per document).
import type { WireError, WireTool } from './protocol'

/** A tool another frame exposed to this document, as the browser's getTools lists it here. */
export interface VisibleTool {
  origin: string
  name: string
}

export type FrameToWorker =
  | { type: 'hello'; document: string; native: boolean }
  | { type: 'tools'; tools: WireTool[]; visible: VisibleTool[] }
  | { type: 'relay'; nonce: string }
  | { type: 'result'; id: string; ok: true; output: unknown }
  | { type: 'result'; id: string; ok: false; error: WireError }

export type WorkerToFrame =
  | { type: 'shared'; fromOrigins: string[] }
  | { type: 'call'; id: string; name: string; input: unknown }
  | { type: 'cancel'; id: string }

export const FRAME_PORT = 'webmcp-kit-frame'
/** The key of the main-world relay's handover message. */
export const RELAY_KEY = 'webmcp-kit-relay'
