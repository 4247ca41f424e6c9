import { cleanup } from '@testing-library/react'
import { installModelContext } from '@webmcp-kit/core'
import { afterEach, beforeEach, expect, vi } from 'vitest'

// jsdom has no isSecureContext; its URL, http://localhost:3000, is a secure context.
Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })

let uninstall: () => void
let consoleError: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  // A fresh polyfill per test: its registry lives as long as the installation.
  uninstall = installModelContext()
  // React's warnings (act, hydration, effects scheduling updates) go to console.error: none may appear.
  consoleError = vi.spyOn(console, 'error')
})

afterEach(() => {
  cleanup()
  uninstall()
  expect(consoleError, 'console.error was called').not.toHaveBeenCalled()
})
