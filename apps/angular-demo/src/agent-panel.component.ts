import { Component, DestroyRef, ElementRef, afterNextRender, inject, input } from '@angular/core'
import { mountAgentPanel } from '@webmcp-kit/agent-panel'

/** The shared in-page agent panel, listing this page's tools and those of `fromOrigins`. */
@Component({ selector: 'agent-panel', template: '' })
export class AgentPanelComponent {
  readonly fromOrigins = input<string[]>([])

  constructor() {
    const host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement
    let unmount = () => {}
    afterNextRender(() => (unmount = mountAgentPanel(host, { fromOrigins: this.fromOrigins() })))
    inject(DestroyRef).onDestroy(() => unmount())
  }
}
