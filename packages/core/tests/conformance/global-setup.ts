import type { TestProject } from 'vitest/node'
import { startServer } from '@webmcp-kit/test-config/browser'
import { provideChromiumPair } from '@webmcp-kit/test-infra/chromium-pair'
import { launchEngines, selectEngines } from '@webmcp-kit/test-infra/engines'
import type { EngineName, LaunchName } from '@webmcp-kit/test-infra/engines'
import { withCleanup } from '@webmcp-kit/test-infra/helpers'

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    otherOrigin: string
    /** The engines selected by `WEBMCP_ENGINES` (`chromium` is the native/polyfill pair). */
    engines: EngineName[]
    /** Per other engine, where `connect` of @webmcp-kit/test-infra/engines finds its browser. */
    engineEndpoints: Partial<Record<LaunchName, string>>
  }
}

/**
 * One server for the whole run, and the browsers of the engines `WEBMCP_ENGINES` selects (default:
 * every engine installed here): the native/polyfill Chromium pair through playwright, as before,
 * and Firefox and WebKitGTK through @webmcp-kit/test-infra/engines. Test files connect to them.
 */
export default function setup(project: TestProject) {
  return withCleanup(async (defer) => {
    const engines = selectEngines()
    const server = await startServer()
    defer(() => server.close())
    if (engines.includes('chromium')) await provideChromiumPair(project, defer)
    const others = await launchEngines(engines.filter((engine) => engine !== 'chromium'))
    defer(() => others.close())
    for (const [engine, version] of Object.entries(others.versions)) {
      console.info(`conformance: ${engine} is ${version}`)
    }
    project.provide('engineEndpoints', others.endpoints)
    project.provide('origin', server.origin)
    project.provide('otherOrigin', server.otherOrigin)
    project.provide('engines', engines)
  })
}
