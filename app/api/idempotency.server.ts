// Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) for the push API's writes: the
// first answer to a key is stored (public.api_idempotency_keys) and replayed for 24 hours; the
// same key with another request is a 422, and while the first is still being answered a 409.
import { BackendError } from '#app/utils/backend.server.ts'
import { sha256Hex, type ApiCaller } from '#app/api/guard.server.ts'
import { problem } from '#app/api/responses.server.ts'

const KEPT_MS = 24 * 60 * 60 * 1000

/**
 * Answers a write once per Idempotency-Key: `write` runs for a new key (or when none is sent);
 * a repeat gets the stored answer with `Idempotent-Replayed: true`. Server errors are not kept,
 * so the client may retry them under the same key.
 */
export async function idempotent(request: Request, caller: ApiCaller, body: Uint8Array, write: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get('Idempotency-Key')
  if (key === null) return write()
  if (!key.trim() || key.length > 255) return problem(400, 'An Idempotency-Key is 1 to 255 characters.', { type: 'idempotency-key' })
  const url = new URL(request.url)
  const requestHash = sha256Hex(Buffer.concat([Buffer.from(`${request.method} ${url.pathname}${url.search}\n`), body]))
  const table = () => caller.service.from('api_idempotency_keys')

  // Keys older than a day are forgotten: this key's old ones go whenever it writes again.
  const expired = await table()
    .delete()
    .eq('api_key_id', caller.keyId)
    .lt('created_at', new Date(Date.now() - KEPT_MS).toISOString())
  if (expired.error) throw new BackendError('forgetting old idempotency keys', expired.error)
  const { data: stored, error } = await table()
    .select('request_hash, response_status, response_body, response_location')
    .eq('api_key_id', caller.keyId)
    .eq('idempotency_key', key)
    .maybeSingle()
  if (error) throw new BackendError('reading an idempotency key', error)
  if (stored) {
    if (stored.request_hash !== requestHash) {
      return problem(422, 'This Idempotency-Key was used for another request: send a new key for a new request.', {
        type: 'idempotency-key-reused',
      })
    }
    if (stored.response_status === null) {
      return problem(409, 'A request with this Idempotency-Key is still being answered. Try again in a moment.', {
        type: 'idempotency-key-in-progress',
      })
    }
    return replay(stored.response_status, stored.response_body, stored.response_location)
  }

  // Claim the key first: of two requests racing with it, one does the write.
  const claimed = await table().insert({ api_key_id: caller.keyId, idempotency_key: key, request_hash: requestHash })
  if (claimed.error?.code === '23505') {
    return problem(409, 'A request with this Idempotency-Key is still being answered. Try again in a moment.', {
      type: 'idempotency-key-in-progress',
    })
  }
  if (claimed.error) throw new BackendError('storing an idempotency key', claimed.error)
  let response: Response
  try {
    response = await write()
  } catch (thrown) {
    await table().delete().eq('api_key_id', caller.keyId).eq('idempotency_key', key)
    throw thrown
  }
  if (response.status >= 500) {
    await table().delete().eq('api_key_id', caller.keyId).eq('idempotency_key', key)
    return response
  }
  const responseBody = response.status === 204 ? null : await response.clone().text()
  const saved = await table()
    .update({ response_status: response.status, response_body: responseBody, response_location: response.headers.get('Location') })
    .eq('api_key_id', caller.keyId)
    .eq('idempotency_key', key)
  if (saved.error) throw new BackendError('storing an idempotent answer', saved.error)
  return response
}

function replay(status: number, body: string | null, location: string | null): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Idempotent-Replayed': 'true' })
  if (body !== null) headers.set('Content-Type', status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8')
  if (location) headers.set('Location', location)
  return new Response(body, { status, headers })
}
