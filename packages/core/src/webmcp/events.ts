/** Init dictionary shared by `ToolActivatedEvent` and `ToolCancelEvent`. */
export interface ToolEventInit extends EventInit {
  toolName?: string
}

function toolEvent(label: string) {
  const ToolEvent = class extends Event {
    readonly #toolName: string
    constructor(type: string, init: ToolEventInit = {}) {
      if (!arguments.length) {
        throw new TypeError(
          `Failed to construct '${label}': 1 argument required, but only 0 present.`,
        )
      }
      super(type, init)
      this.#toolName = init.toolName === undefined ? '' : String(init.toolName)
    }
    /** The name of the tool this event is about. */
    get toolName(): string {
      try {
        return this.#toolName
      } catch {
        // WebIDL's brand check, worded as Chromium words it.
        throw new TypeError('Illegal invocation')
      }
    }
  }
  // Named, with its @@toStringTag, by webidl-shape.ts at install.
  return ToolEvent
}

/** Fired at a `ModelContext` when one of its tools starts running for an agent. */
export const ToolActivatedEvent = toolEvent('ToolActivatedEvent')
export type ToolActivatedEvent = InstanceType<typeof ToolActivatedEvent>

/** Fired at a `ModelContext` when a running execution of one of its tools is cancelled. */
export const ToolCancelEvent = toolEvent('ToolCancelEvent')
export type ToolCancelEvent = InstanceType<typeof ToolCancelEvent>
