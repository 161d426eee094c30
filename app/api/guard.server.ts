// Who is calling the push API: the bearer key, resolved by the database to its shelter, scope
// and the shelter's 'api' source (public.api_key_lookup, service role only), and a limit of
// requests per key. Every API route calls requireApiKey first; everything after it is scoped to
// the key's source.
import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { createRateLimiter } from '#app/utils/rate-limit.server.ts'
import { getServiceSupabase } from '#app/utils/supabase.server.ts'
import { REQUESTS_PER_MINUTE } from '#app/api/limits.ts'
import { problem } from '#app/api/responses.server.ts'

export type ApiCaller = {
  keyId: string
  shelterId: string
  sourceId: string
  scope: 'read' | 'read_write'
  /** The service role: RLS does not apply, so every query names the caller's source or shelter. */
  service: SupabaseClient<Database>
}

// Per key, counted in the database so every app server shares it: one runaway script cannot starve the rest.
const limiter = createRateLimiter({ bucket: 'api_key', limit: REQUESTS_PER_MINUTE, windowMs: 60_000 })

export function sha256Hex(input: string | Uint8Array): string {
  return createHash('sha256').update(input).digest('hex')
}

const REALM = 'realm="Pawhaven API"'

function unauthorized(detail: string, error?: 'invalid_token'): Response {
  return problem(401, detail, {
    type: 'unauthorized',
    headers: { 'WWW-Authenticate': error ? `Bearer ${REALM}, error="${error}"` : `Bearer ${REALM}` },
  })
}

/** The caller of an API request, or a thrown 401 / 403 / 429 problem. `write` asks for a read-write key. */
export async function requireApiKey(request: Request, { write }: { write: boolean }): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '')
  if (!match?.[1]) throw unauthorized('Send your API key as "Authorization: Bearer <key>". Make one in the dashboard: Sync → API keys.')
  const service = getServiceSupabase()
  const { data, error } = await service.rpc('api_key_lookup', { key_hash: sha256Hex(match[1]) })
  if (error) throw new BackendError('looking up an API key', error)
  const key = data[0]
  if (!key) throw unauthorized('This API key is not valid: it may have been revoked.', 'invalid_token')
  const limit = await limiter.attempt(key.key_id)
  if (!limit.allowed) {
    throw problem(429, `This key sent more than ${REQUESTS_PER_MINUTE} requests in a minute. Wait ${limit.retryAfterSeconds} s.`, {
      type: 'rate-limited',
      headers: { 'Retry-After': String(limit.retryAfterSeconds) },
    })
  }
  if (write && key.scope !== 'read_write') {
    throw problem(403, 'This is a read key: it cannot change listings. Use a read-write key.', {
      type: 'read-only-key',
      headers: { 'WWW-Authenticate': `Bearer ${REALM}, error="insufficient_scope"` },
    })
  }
  return { keyId: key.key_id, shelterId: key.shelter_id, sourceId: key.source_id, scope: key.scope as ApiCaller['scope'], service }
}

/**
 * The request's body, at most `maxBytes`; beyond, a thrown 413 problem. The rest of a body that
 * is too large is read and dropped first (up to as much again), so the client gets the 413
 * rather than a connection reset while it is still sending.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () =>
    problem(413, `The body is larger than Pawhaven takes here (${Math.round(maxBytes / 1024 / 1024)} MB at most).`, { type: 'too-large' })
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > 2 * maxBytes) throw tooLarge()
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > 2 * maxBytes) throw tooLarge()
    if (size <= maxBytes) chunks.push(chunk)
  }
  if (size > maxBytes) throw tooLarge()
  return Buffer.concat(chunks)
}

/** A NUL, or half of a surrogate pair (JSON's "\ud800"): PostgreSQL's text and jsonb refuse both. */
const UNSTORABLE = /\0|\p{Cs}/u

/** The dotted path of every string (value or key) in a JSON value that the database could not store. */
export function unstorableTextFields(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push(path.join('.') || '(body)')
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextFields(item, [...path, String(index)], found))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const name = UNSTORABLE.test(key) ? JSON.stringify(key).slice(1, -1) : key
      if (name !== key) found.push([...path, name].join('.'))
      unstorableTextFields(item, [...path, name], found)
    }
  }
  return found
}

/**
 * A JSON body, or a thrown 400 / 413 / 422 problem. Text the database cannot hold is refused
 * here, for every field of every schema at once, so it is the client's 422 and never a 500 a
 * client would retry for ever.
 */
export async function readJson(request: Request, maxBytes: number): Promise<{ bytes: Uint8Array; value: unknown }> {
  const bytes = await readBody(request, maxBytes)
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    throw problem(400, 'The body is not JSON.', { type: 'not-json' })
  }
  const unstorable = unstorableTextFields(value)
  if (unstorable.length) {
    const message = 'Contains a character that cannot be stored (NUL, U+0000, or half of a surrogate pair)'
    throw problem(422, `The body failed validation: ${unstorable.map((field) => `${field}: ${message}`).join('; ')}`, {
      type: 'validation',
      errors: unstorable.map((field) => ({ field, message })),
    })
  }
  return { bytes, value }
}
