import { cleanup } from '@solidjs/testing-library'
import { afterEach, beforeEach } from 'vitest'
import { installModelContext } from '@webmcp-kit/core'

let uninstall = () => {}

beforeEach(() => {
  // jsdom has no isSecureContext; http://localhost, its URL, is a secure context.
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })
  // A fresh polyfill per test: its registry lives as long as the installed context.
  uninstall = installModelContext()
})

// Registered before the uninstall below, so it runs after it: vitest runs after-hooks in reverse.
afterEach(() => uninstall())
afterEach(cleanup)
