import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildPolyfill, startServer } from '@webmcp-kit/test-config/browser'
// @ts-expect-error: plain ESM helper shared with `pnpm demo`
import { APPS, buildApp, serveApp } from '../../../../scripts/demo-server.mjs'
import { withCleanup } from '@webmcp-kit/test-infra/helpers'
import { buildFromSource } from '../../scripts/from-source.mjs'
import { fixturePages } from './fixture'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `webmcp-kit-bridge` command, built from source. */
    cli: string
    /** The fixture page: its own tools, and the React demo in a frame. */
    fixtureUrl: string
    /** The React demo's origin (its widget is on the other loopback name). */
    demoOrigin: string
  }
}

interface App {
  name: string
  dir: string
}

/**
 * Builds the bridge from source and the React demo (vite build, into a temporary folder), serves the
 * demo as `pnpm demo` does, and serves the fixture page that embeds it.
 */
export default function setup(project: TestProject) {
  return withCleanup(async (defer) => {
    const out = mkdtempSync(join(tmpdir(), 'webmcp-bridge-'))
    defer(async () => rmSync(out, { recursive: true }))
    const { cli } = await buildFromSource()
    const polyfill: string = await buildPolyfill()
    const react = (APPS as App[]).find((app) => app.name === 'react')!
    const demo = await serveApp({ dir: await buildApp(react, join(out, 'react')), polyfill })
    defer(() => demo.close())
    const demoOrigin = `http://localhost:${demo.port}`
    const server = await startServer({ routes: fixturePages(demoOrigin) })
    defer(() => server.close())
    project.provide('cli', cli)
    project.provide('fixtureUrl', `${server.origin}/fixture`)
    project.provide('demoOrigin', demoOrigin)
  })
}
