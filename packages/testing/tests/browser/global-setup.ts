import type { TestProject } from 'vitest/node'
import { startServer } from '@webmcp-kit/test-config/browser'
import { ROUTES } from './pages'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server's origin (`http://localhost:PORT`) and its other loopback origin. */
    origin: string
    otherOrigin: string
  }
}

/** The suite's pages, served beside the polyfill; each test file launches its engines. */
export default async function setup(project: TestProject) {
  const server = await startServer({ routes: ROUTES })
  project.provide('origin', server.origin)
  project.provide('otherOrigin', server.otherOrigin)
  return () => server.close()
}
