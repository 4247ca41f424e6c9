import { mountAgentPanel } from '@webmcp-kit/agent-panel'
import { onCleanup, onMount } from 'solid-js'

/** The shared in-page agent panel, listing this page's tools and those of `fromOrigins`. */
export function AgentPanel(props: { fromOrigins: string[] }) {
  let host!: HTMLDivElement
  onMount(() => onCleanup(mountAgentPanel(host, { fromOrigins: props.fromOrigins })))
  return <div ref={host} />
}
