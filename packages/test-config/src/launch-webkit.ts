// How WebKit is launched: WebKitGTK's MiniBrowser through WebdriverIO and WebKitWebDriver (WebDriver
// classic), on an Xvfb display of its own (started here when DISPLAY is unset), through a proxy
// that maps `insecure.test` to loopback.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createServer, request as forward } from 'node:http'
import type { Server } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'webdriverio'

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
export const WEBKIT_BROWSER =
  process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })

/** Starts Xvfb on a free display; resolves with the display name and the process. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    xvfb.once('error', reject)
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)))
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      out += chunk
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, process: xvfb })
    })
  })
}

/** The hosts that resolve to loopback as they do in Chromium (browser.ts) and Firefox (launch-firefox.ts). */
const LOOPBACK_ALIASES = ['insecure.test']

/**
 * WebKitGTK cannot map host names; it can use a proxy. This one forwards plain-HTTP requests for
 * `LOOPBACK_ALIASES` to 127.0.0.1 on the same port, and refuses everything else.
 */
async function aliasProxy(): Promise<Server> {
  const server = createServer((request, response) => {
    let url: URL | undefined
    try {
      url = new URL(request.url ?? '')
    } catch {
      url = undefined
    }
    if (!url || url.protocol !== 'http:' || !LOOPBACK_ALIASES.includes(url.hostname)) {
      response.writeHead(502)
      response.end()
      return
    }
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: url.port || 80,
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(response)
      },
    )
    upstream.on('error', () => {
      response.writeHead(502)
      response.end()
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/**
 * WebKitGTK's MiniBrowser through WebdriverIO and WebKitWebDriver (WebDriver classic), on an Xvfb
 * display of its own when DISPLAY is unset, through a proxy that maps `insecure.test` to loopback.
 * `close()` ends the session, the driver and the display.
 */
export async function launchWebdriverIO(): Promise<{
  browser: Browser
  close(): Promise<void>
}> {
  const started: ChildProcess[] = []
  // If this process ends without close(), its driver and display go with it.
  const orphans = () => started.forEach((child) => child.exitCode === null && child.kill())
  process.once('exit', orphans)
  let proxy: Server | undefined
  const stop = async () => {
    process.off('exit', orphans)
    for (const child of started) if (child.exitCode === null) child.kill()
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
  }
  try {
    proxy = await aliasProxy()
    let display = process.env.DISPLAY
    if (!display) {
      const xvfb = await startXvfb()
      started.push(xvfb.process)
      display = xvfb.display
    }
    const port = await freePort()
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: display },
    })
    started.push(driver)
    const { remote } = await import('webdriverio')
    const options = {
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error' as const,
      // The driver is still starting (connection refused): WebdriverIO retries.
      connectionRetryCount: 50,
      connectionRetryTimeout: 60_000,
      capabilities: {
        browserName: 'MiniBrowser',
        // WebKitWebDriver speaks WebDriver classic only.
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: WEBKIT_BROWSER,
          args: [
            '--automation',
            `--proxy=http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
            // One host per flag.
            ...['localhost', '127.0.0.1', '::1'].map((host) => `--ignore-host=${host}`),
          ],
        },
      },
    }
    let browser: Browser | undefined
    for (let attempt = 0; !browser; attempt++) {
      try {
        browser = await remote(options)
      } catch (error) {
        if (attempt > 50 || !/ECONNREFUSED|fetch failed/.test(String(error))) throw error
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    // WebDriver classic runs one command at a time: a script that never settles holds the session
    // until its timeout, and every case queued behind it fails with it. 25 s ends it within its own
    // case's 30 s (the slowest script here, a fuzz batch of 100 cases, takes about 4 s).
    await browser.setTimeout({ script: 25_000, pageLoad: 60_000 })
    const session = browser
    return {
      browser: session,
      async close() {
        await session.deleteSession().catch(() => {})
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}
