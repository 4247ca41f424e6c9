import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => once(server.close(), 'close')))
})

/** Holds a free port the way another program would (every address), and returns it. */
async function occupy(): Promise<number> {
  const server = createServer()
  servers.push(server)
  server.listen(0, '::')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Runs a script the way `npm run demo` (bootstrap) or `pnpm demo:serve` (demo.mjs) does. */
function run(args: string[]) {
  const { status, stdout, stderr } = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PORT: undefined },
    timeout: 30_000,
  })
  return { status, stdout, stderr }
}

describe('the demo with one of its ports taken', () => {
  it('npm run demo says which port is taken, by which process, and how to choose others, before installing anything', async () => {
    const port = await occupy()
    const base = port - 2
    const { status, stdout, stderr } = run(['scripts/bootstrap.mjs', 'demo', '--port', `${base}`])
    expect(status).toBe(1)
    expect(stderr).toContain(`port ${port} is taken by pid ${process.pid} (`)
    expect(stderr).toContain(`It listens on ports ${base}–${base + 5}`)
    expect(stderr).toMatch(/npm run demo -- --port \d+ \(or PORT=\d+ npm run demo\)/)
    expect(stderr).not.toContain('EADDRINUSE')
    expect(stdout).not.toContain('pnpm install')
  })

  it('pnpm demo:serve (scripts/demo.mjs) says the same before building, with PORT as the base', async () => {
    const port = await occupy()
    const { status, stdout, stderr } = spawnSync(
      process.execPath,
      ['--import', '@webmcp-kit/test-config/register', 'scripts/demo.mjs'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PORT: `${port}` }, timeout: 30_000 },
    )
    expect(status).toBe(1)
    expect(stderr).toContain(`port ${port} is taken by pid ${process.pid} (`)
    expect(stderr).toContain(`It listens on ports ${port}–${port + 5}`)
    expect(stdout).not.toContain('building')
  })

  it('refuses a base port that is not one, saying what it takes', () => {
    const { status, stderr } = run(['scripts/bootstrap.mjs', 'demo', '--port', 'abc'])
    expect(status).toBe(1)
    expect(stderr).toContain(
      `The demo's base port must be a whole number from 1 to 65530, not "abc".`,
    )
    const unknown = run(['scripts/bootstrap.mjs', 'demo', '--ports', '6170'])
    expect(unknown.status).toBe(1)
    expect(unknown.stderr).toContain('The demo takes one option, --port <base port>')
  })
})
