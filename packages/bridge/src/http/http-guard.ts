import { timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/** Names of this machine: with a loopback `host`, requests must name one of these in `Host`. */
export const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** A token the bridge accepts: visible ASCII (it travels in a header), long enough not to guess. */
export const TOKEN = /^[\x21-\x7e]{16,512}$/

/** What decides who may call the HTTP endpoint. */
export interface GuardConfig {
  /** The MCP endpoint's path. */
  path: string
  /** Whether the endpoint listens on a loopback address only (then `Host` must name this machine). */
  loopbackOnly: boolean
  /** The bearer token every request but a CORS preflight must carry. */
  token: string
  /** Serialised origins whose pages may call (CORS); requests with any other `Origin` are refused. */
  origins: ReadonlySet<string>
}

/** Refuse (or, for a preflight, answer) with this, before anything is read or built. */
export interface Refusal {
  status: number
  message: string
  headers?: Record<string, string>
}

/** Let through, with these headers on the answer (CORS, for an allowed origin). */
export interface Admission {
  headers: Record<string, string>
}

const CORS_ALLOW_HEADERS =
  'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id'
const CORS_EXPOSE_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate'

const hostnameOf = (host: string | undefined) =>
  host && URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : undefined

const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase()

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Decides from a request's method, path and headers alone whether the HTTP endpoint serves it, so
 * that nothing is read or built for a request it refuses: the path; `Host` (DNS rebinding); the
 * `Origin` of a browser page (only those listed, none by default; a CORS preflight from a listed
 * one is answered here); the bearer token (401); and, for a POST, MCP's `Content-Type` (415) and
 * `Accept` (406).
 *
 * @example
 * ```ts
 * const verdict = guard(req, { path: '/mcp', loopbackOnly: true, token, origins: new Set() })
 * if ('status' in verdict) return refuse(res, verdict)
 * ```
 */
export function guard(
  request: { method?: string; url?: string; headers: IncomingHttpHeaders },
  config: GuardConfig,
): Refusal | Admission {
  const { method = 'GET', headers } = request
  const url = new URL(request.url ?? '/', 'http://localhost')
  if (url.pathname !== config.path) {
    return { status: 404, message: `Not found: the MCP endpoint is ${config.path}` }
  }
  if (config.loopbackOnly && !LOOPBACK.has(hostnameOf(headers.host) ?? '')) {
    return { status: 403, message: 'Forbidden: the bridge only answers this machine' }
  }
  const cors: Record<string, string> = {}
  const { origin } = headers
  if (origin !== undefined) {
    if (!config.origins.has(origin)) {
      return {
        status: 403,
        message: `Forbidden: pages of ${origin} may not call the bridge (see --allow-origin)`,
      }
    }
    Object.assign(cors, {
      'access-control-allow-origin': origin,
      'access-control-expose-headers': CORS_EXPOSE_HEADERS,
      vary: 'Origin',
    })
  }
  if (method === 'OPTIONS') {
    return {
      status: 204,
      message: '',
      headers: {
        ...cors,
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': CORS_ALLOW_HEADERS,
        'access-control-max-age': '600',
      },
    }
  }
  if (!sameToken(headers.authorization, config.token)) {
    return {
      status: 401,
      message: 'Unauthorized: send the bridge’s token as "Authorization: Bearer <token>"',
      headers: { ...cors, 'www-authenticate': 'Bearer' },
    }
  }
  if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
    return { status: 405, message: `Method ${method} not allowed`, headers: cors }
  }
  if (method === 'POST') {
    if (mediaType(headers['content-type']) !== 'application/json') {
      return {
        status: 415,
        message: 'Unsupported Media Type: Content-Type must be application/json',
        headers: cors,
      }
    }
    const accept = headers.accept ?? ''
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return {
        status: 406,
        message: 'Not Acceptable: Accept must list application/json and text/event-stream',
        headers: cors,
      }
    }
  }
  return { headers: cors }
}
