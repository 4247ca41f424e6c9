import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
// @ts-expect-error: plain ESM helper shared with the benchmarks
import { chromiumOptions, startServer } from '../../../../scripts/browser.mjs'
import { launchEngines, selectEngines } from '../../../../scripts/engines.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    otherOrigin: string
    nativeEndpoint: string
    polyfillEndpoint: string
    /** The engines selected by `WEBMCP_ENGINES` (`chromium` is the native/polyfill pair). */
    engines: string[]
    /** Per other engine, where `scripts/engines.mjs`'s `connect` finds its browser. */
    engineEndpoints: Record<string, string>
  }
}

/**
 * One server for the whole run, and the browsers of the engines `WEBMCP_ENGINES` selects (default:
 * every engine installed here): the native/polyfill Chromium pair through playwright, as before,
 * and Firefox and WebKitGTK through scripts/engines.mjs. Test files connect to them.
 */
export default async function setup(project: TestProject) {
  const engines = selectEngines()
  const server = await startServer()
  const closers: Array<() => Promise<unknown>> = [() => server.close()]
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
  }
  try {
    if (engines.includes('chromium')) {
      const [native, polyfill] = await Promise.all([
        chromium.launchServer(chromiumOptions(true)),
        chromium.launchServer(chromiumOptions(false)),
      ])
      closers.push(
        () => native.close(),
        () => polyfill.close(),
      )
      project.provide('nativeEndpoint', native.wsEndpoint())
      project.provide('polyfillEndpoint', polyfill.wsEndpoint())
    }
    const others = await launchEngines(engines.filter((engine) => engine !== 'chromium'))
    closers.push(() => others.close())
    for (const [engine, version] of Object.entries(others.versions)) {
      console.info(`conformance: ${engine} is ${version}`)
    }
    project.provide('engineEndpoints', others.endpoints as Record<string, string>)
  } catch (error) {
    await close()
    throw error
  }
  project.provide('origin', server.origin)
  project.provide('otherOrigin', server.otherOrigin)
  project.provide('engines', engines)
  return close
}
