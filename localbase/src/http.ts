import type { IncomingMessage, ServerResponse } from 'node:http'

/** Header the server sets on every Request it builds: the socket's peer address. */
export const REMOTE_ADDRESS_HEADER = 'x-localbase-remote-address'

export class BodyTooLargeError extends Error {
  readonly limit: number
  constructor(limit: number) {
    super(`Request body larger than ${limit} bytes`)
    this.limit = limit
  }
}

/** Reads the whole body, refusing more than `limit` bytes. */
export async function readBody(message: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(message.headers['content-length'] ?? 0)
  if (declared > limit) throw new BodyTooLargeError(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of message) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BodyTooLargeError(limit)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export function toRequest(message: IncomingMessage, body: Buffer, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  headers.set(REMOTE_ADDRESS_HEADER, message.socket.remoteAddress ?? '')
  const method = message.method ?? 'GET'
  return new Request(new URL(message.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || body.length === 0 ? undefined : new Uint8Array(body),
  })
}

export async function writeResponse(response: Response, res: ServerResponse, method: string) {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return
    headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  res.writeHead(response.status, headers)
  if (method === 'HEAD' || !response.body) return void res.end()
  res.end(Buffer.from(await response.arrayBuffer()))
}

/**
 * The caller's address for rate limits: what the app says its visitor's address is
 * (`Sb-Forwarded-For`, as hosted Supabase Auth reads it from a trusted server; then the first
 * X-Forwarded-For hop), else the peer. localbase listens on loopback only, so whoever sends
 * these headers is a process on this machine: in practice the app.
 */
export function clientIp(request: Request): string {
  const firstHop = (name: string) => request.headers.get(name)?.split(',')[0]?.trim()
  return firstHop('sb-forwarded-for') || firstHop('x-forwarded-for') || request.headers.get(REMOTE_ADDRESS_HEADER) || 'unknown'
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('content-type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { ...init, headers })
}

/** Parses a JSON body; undefined for an empty body, a SyntaxError for malformed JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return undefined
  return JSON.parse(text)
}

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, x-client-info, content-type, accept, x-supabase-api-version, accept-profile, content-profile, prefer, x-upsert, cache-control, x-metadata, content-encoding, x-retry-count, range, range-unit',
  'access-control-expose-headers': 'content-range, x-total-count, link, x-supabase-api-version',
  'access-control-max-age': '86400',
}
