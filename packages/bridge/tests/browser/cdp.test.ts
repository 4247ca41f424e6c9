import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chromiumOptions } from '@webmcp-kit/test-config/browser'
import { createBridge } from '../../src/index'
import type { ChildProcess } from 'node:child_process'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

const POLL = { timeout: 20_000, interval: 100 }

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text

/**
 * Starts Chromium as a person would for `--cdp`, on its own (not through playwright), with the fixture
 * page open in its first tab, and resolves the DevTools endpoint it chose.
 */
function startChromium(native: boolean, url: string) {
  const { executablePath, args } = chromiumOptions(native) as {
    executablePath: string
    args: string[]
  }
  const profile = mkdtempSync(join(tmpdir(), 'webmcp-bridge-cdp-'))
  const child = spawn(
    executablePath,
    ['--headless', ...args, '--remote-debugging-port=0', `--user-data-dir=${profile}`, url],
    // Its own process group, so that afterAll ends the helper processes with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  )
  const endpoint = new Promise<string>((resolve, reject) => {
    let stderr = ''
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)?.[1]
      if (port) resolve(`http://127.0.0.1:${port}`)
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${stderr}`)))
  })
  return { child, profile, endpoint }
}

/** The tabs of the running Chromium, from its own DevTools HTTP endpoint. */
async function tabs(cdp: string): Promise<string[]> {
  const targets = (await (await fetch(`${cdp}/json/list`)).json()) as Array<{
    type: string
    url: string
  }>
  return targets.filter((target) => target.type === 'page').map((target) => target.url)
}

describe.each([
  ['native', true],
  ['polyfill', false],
] as const)('createBridge({ cdp }) attached to a running Chromium, %s', (mode, native) => {
  let chromium: ChildProcess
  let profile: string
  let cdp: string
  const fixtureUrl = inject('fixtureUrl')

  beforeAll(async () => {
    const started = startChromium(native, fixtureUrl)
    chromium = started.child
    profile = started.profile
    cdp = await started.endpoint
  })
  afterAll(async () => {
    if (chromium && chromium.exitCode === null && chromium.signalCode === null) {
      const exited = new Promise((resolve) => chromium.once('exit', resolve))
      // The group of the Chromium this file started (its helpers write to the profile until they end).
      process.kill(-chromium.pid!, 'SIGKILL')
      await exited
    }
    if (profile) rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  })

  it('serves the tab with the given url, calls its tools, and close() leaves the browser running', async () => {
    const bridge = await createBridge({ cdp, url: fixtureUrl })
    try {
      expect(bridge.page.url()).toBe(fixtureUrl)
      expect(bridge.engine).toBe(mode)
      // The demo's tools (in a frame) join the fixture's own once the frame has loaded.
      await expect
        .poll(async () => (await bridge.listTools()).map((tool) => tool.name), POLL)
        .toEqual(expect.arrayContaining(['page_state', 'send_message', 'add_task', 'list_tasks']))
      const sent = await bridge.callTool('send_message', { text: 'over CDP' })
      expect(sent.isError).toBeFalsy()
      expect(text(sent)).toBe('Sent: over CDP')
      const added = await bridge.callTool('add_task', { text: 'Attached' })
      expect(added.structuredContent).toMatchObject({ text: 'Attached', done: false })
      // The page itself changed: the fixture's state, and the demo's rendered list.
      expect(JSON.parse(text(await bridge.callTool('page_state'))).sent).toEqual(['over CDP'])
      const demo = bridge.page
        .frames()
        .find((frame) => frame.url().startsWith(inject('demoOrigin')))!
      await expect
        .poll(() => demo.locator('.tasks li span').allTextContents(), POLL)
        .toContain('Attached')
    } finally {
      await bridge.close()
    }
    // The bridge disconnected from a browser it did not start: the person's Chromium, and their
    // tab, are still there.
    expect(chromium.exitCode).toBeNull()
    expect(chromium.signalCode).toBeNull()
    expect(await tabs(cdp)).toContain(fixtureUrl)
  })

  it('without a url serves the first tab, as the person left it, and close() leaves it open', async () => {
    const bridge = await createBridge({ cdp })
    try {
      expect(bridge.page.url()).toBe(fixtureUrl)
      expect(bridge.engine).toBe(mode)
      // The same document as the first bridge's: what that one did is still there.
      expect(JSON.parse(text(await bridge.callTool('page_state'))).sent).toEqual(['over CDP'])
      await bridge.callTool('send_message', { text: 'again' })
      expect(await bridge.page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(1)
      expect(JSON.parse(text(await bridge.callTool('page_state'))).sent).toEqual([
        'over CDP',
        'again',
      ])
    } finally {
      await bridge.close()
    }
    expect(chromium.exitCode).toBeNull()
    expect(await tabs(cdp)).toEqual([fixtureUrl])
  })
})
