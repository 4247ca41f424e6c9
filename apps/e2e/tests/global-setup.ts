import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildPolyfill } from '@webmcp-kit/test-config/browser'
// @ts-expect-error: plain ESM helper shared with `pnpm demo`
import { APPS, buildApp, serveApp } from '../../../scripts/demo-server.mjs'
import { provideChromiumPair } from '@webmcp-kit/test-infra/chromium-pair'
import { withCleanup } from '@webmcp-kit/test-infra/helpers'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per app name (`react`, `vue`, `angular`), the port its built app is served on. */
    appPorts: Record<string, number>
  }
}

interface App {
  name: string
  dir: string
}

/**
 * Builds every demo app (vite build, into a temporary folder), serves each the way `pnpm demo`
 * does, and launches the native/polyfill Chromium pair the test files connect to.
 */
export default function setup(project: TestProject) {
  return withCleanup(async (defer) => {
    const out = mkdtempSync(join(tmpdir(), 'webmcp-demo-'))
    defer(async () => rmSync(out, { recursive: true }))
    const polyfill: string = await buildPolyfill()
    const ports: Record<string, number> = {}
    for (const app of APPS as App[]) {
      const dir = await buildApp(app, join(out, app.name))
      const server = await serveApp({ dir, polyfill })
      defer(() => server.close())
      ports[app.name] = server.port
    }
    await provideChromiumPair(project, defer)
    project.provide('appPorts', ports)
  })
}
