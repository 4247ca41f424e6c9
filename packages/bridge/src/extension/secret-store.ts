import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fromBase64Url, isExtensionOrigin, toBase64Url } from '../protocol/wire'

/** The environment variable that gives the pairing secret (base64url, 32 bytes). */
export const SECRET_ENV = 'WEBMCP_KIT_EXTENSION_SECRET'
/** The environment variable that gives the paired extension's origin. */
export const ORIGIN_ENV = 'WEBMCP_KIT_EXTENSION_ORIGIN'

/** A pairing: the extension's origin and the 32-byte secret both sides keep. */
export interface Pairing {
  /** e.g. `chrome-extension://abcdefghijklmnopabcdefghijklmnop` */
  origin: string
  secret: Uint8Array<ArrayBuffer>
}

type Env = Readonly<Record<string, string | undefined>>

/** Where the bridge keeps the pairing: `$XDG_CONFIG_HOME/webmcp-kit/extension-secret`, else `~/.config/…`. */
export function secretFilePath(env: Env = process.env): string {
  const config = env.XDG_CONFIG_HOME || join(homedir(), '.config')
  return join(config, 'webmcp-kit', 'extension-secret')
}

/** `origin` and `secret` (base64url) checked as a pairing, or an `Error` saying what is wrong. */
export function toPairing(origin: unknown, secret: unknown, where: string): Pairing {
  if (typeof origin !== 'string' || !isExtensionOrigin(origin)) {
    throw new Error(
      `webmcp-kit-bridge: ${where}: the origin must be an extension's, e.g. chrome-extension://<id> or moz-extension://<uuid> (got ${JSON.stringify(origin)}).`,
    )
  }
  const bytes = fromBase64Url(secret, 32)
  if (!bytes) {
    throw new Error(
      `webmcp-kit-bridge: ${where}: the secret must be 32 bytes in base64url without padding (43 characters).`,
    )
  }
  return { origin, secret: bytes }
}

/**
 * The stored pairing: from `$WEBMCP_KIT_EXTENSION_SECRET` and `$WEBMCP_KIT_EXTENSION_ORIGIN` when
 * set (both or neither), else from the secret file, else none. Throws when what is there is not a
 * pairing, or when the file can be read by anyone but its owner.
 */
export async function loadPairing(
  file: string,
  env: Env = process.env,
): Promise<Pairing | undefined> {
  const secret = env[SECRET_ENV]
  const origin = env[ORIGIN_ENV]
  if (secret || origin) {
    if (!secret || !origin) {
      throw new Error(`webmcp-kit-bridge: set both ${SECRET_ENV} and ${ORIGIN_ENV}, or neither.`)
    }
    return toPairing(origin, secret, `$${ORIGIN_ENV} / $${SECRET_ENV}`)
  }
  let text: string
  try {
    const { mode } = await stat(file)
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      throw new Error(
        `webmcp-kit-bridge: ${file} can be read by other users (mode ${(mode & 0o777).toString(8)}): run chmod 600 ${file}, or pair again with --pair.`,
      )
    }
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let stored: { origin?: unknown; secret?: unknown }
  try {
    stored = JSON.parse(text) as typeof stored
  } catch {
    throw new Error(
      `webmcp-kit-bridge: ${file} is not JSON {origin, secret}: pair again with --pair.`,
    )
  }
  return toPairing(stored?.origin, stored?.secret, file)
}

/** Writes the pairing to `file`, readable by its owner alone (0600, in a 0700 folder). */
export async function savePairing(file: string, pairing: Pairing): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  const text = JSON.stringify({ origin: pairing.origin, secret: toBase64Url(pairing.secret) })
  await writeFile(temporary, `${text}\n`, { mode: 0o600 })
  await chmod(temporary, 0o600)
  await rename(temporary, file)
}
