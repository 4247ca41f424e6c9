// Types of soak-suite.mjs, for the soak suites.
import type { BuildOptions } from 'esbuild'
import type { LaunchOptions, Page } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import type { SoakState } from './soak-page'

export interface SoakCounts {
  /** `WEBMCP_SOAK=full`. */
  full: boolean
  /** Cycles per binding scenario: 10,000 full, 500 otherwise. */
  cycles: number
  /** Frames added and removed: 1,000 full, 50 otherwise. */
  frames: number
}

export interface SoakSuiteOptions {
  /** The page's script: a path or a file URL. */
  entry: string | URL
  /** Where the server serves the bundle, e.g. `/react-soak.js`. */
  route: string
  /** esbuild options over the defaults (IIFE, browser, ES2022, `@webmcp-kit/source` condition). */
  esbuild?: BuildOptions
}

export interface SoakFigures {
  cycles: number
  baseline: number
  warm: number
  heapAtBaseline: number
  heapWarm: number
  heapAtEnd: number
  /** `heapAtEnd / heapWarm`: what the suites bound (HEAP_TOLERANCE). */
  ratio: number
  /** `heapAtEnd / heapAtBaseline`. */
  ratioToBaseline: number
  state: SoakState
  seconds: number
}

export const SOAK_FLAGS: string[]
export const HEAP_TOLERANCE: number
export function soakCounts(env?: Record<string, string | undefined>): SoakCounts
export function soakChromiumOptions(native: boolean): LaunchOptions
export function soakSuiteSetup(
  options: SoakSuiteOptions,
): (project: TestProject) => Promise<() => Promise<void>>
export function soak(
  page: Page,
  options: {
    label: string
    scenario: string
    cycles: number
    baseline?: number
    warm?: number
    chunk?: number
  },
): Promise<SoakFigures>

declare module 'vitest' {
  export interface ProvidedContext {
    origin: string
    otherOrigin: string
    soakEndpoints: { native: string; polyfill: string }
    soakCounts: SoakCounts
  }
}
