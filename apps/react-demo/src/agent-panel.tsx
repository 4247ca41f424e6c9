import { mountAgentPanel } from '@webmcp-kit/agent-panel'
import { useEffect, useRef } from 'react'

/** The shared in-page agent panel, listing this page's tools and those of `fromOrigins`. */
export function AgentPanel({ fromOrigins }: { fromOrigins: string[] }) {
  const host = useRef<HTMLDivElement>(null)
  const origins = fromOrigins.join(' ')
  useEffect(() => mountAgentPanel(host.current!, { fromOrigins: origins.split(' ') }), [origins])
  return <div ref={host} />
}
