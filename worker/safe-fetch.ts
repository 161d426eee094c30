// Fetches a picture from an address a shelter's listings file names, or a listings document
// from a feed or a connector's API (fetchDocument, with its own size and time limits), with hard limits
// (docs/decisions/030-fetching-synced-photos.md): http or https only, at most 3 redirects,
// 15 seconds in all, at most 10 MB read, and never a private, loopback, link-local or
// metadata address. The address is checked on the IP the connection is made to, after DNS
// (request-filtering-agent), so a name that resolves to 127.0.0.1, or a redirect to one, is
// refused as well as a literal one.
import http from 'node:http'
import https from 'node:https'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'

export type FetchPolicy = {
  /** Only for tests against a server on this machine (SYNC_FETCH_ALLOW_PRIVATE=true). */
  allowPrivateAddresses?: boolean
  /** Addresses (or CIDRs) let through although private; tests use it for their own server. */
  allowAddresses?: string[]
  /** Certificates to trust instead of the system's: a test server's self-signed one. */
  ca?: string
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
}

export const FETCH_LIMITS = { timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 3 } as const

export type FetchedPicture = { bytes: Buffer; contentType: string; url: string }

/** Why a picture could not be had; retrying the same URL soon would not change it. */
export class FetchRefused extends Error {}

const USER_AGENT = 'PawhavenPhotoFetcher/1.0 (+https://pawhaven.org; synced adoption listings)'
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * GETs `address`, following up to maxRedirects redirects, and returns the body when the
 * answer is a 200 that can be a picture (an image/* type, or none that says otherwise: sharp
 * decides from the bytes). Throws FetchRefused with a reason a person can read otherwise.
 */
export async function fetchPicture(address: string, policy: FetchPolicy = {}): Promise<FetchedPicture> {
  const { response, url, limits, signal } = await openFollowingRedirects(address, policy, {
    'User-Agent': USER_AGENT,
    Accept: 'image/webp,image/jpeg,image/png,image/*;q=0.8',
  })
  const status = response.statusCode ?? 0
  if (status !== 200) {
    response.destroy()
    throw new FetchRefused(`HTTP ${status}`)
  }
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (
    contentType &&
    !contentType.startsWith('image/') &&
    contentType !== 'application/octet-stream' &&
    contentType !== 'binary/octet-stream'
  ) {
    response.destroy()
    throw new FetchRefused(`not a picture (${contentType})`)
  }
  const bytes = await readLimitedBody(response, limits, signal)
  if (bytes.length === 0) throw new FetchRefused('empty')
  return { bytes, contentType, url: url.href }
}

export type FetchedDocument = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; url: string }

/**
 * GETs a listings document (a feed, a connector's API) under the same limits as pictures:
 * whatever the final status (200, 304, 401, 500…), its headers and body (at most maxBytes) come
 * back for the caller to judge; only what cannot be had at all throws FetchRefused.
 */
export async function fetchDocument(address: string, headers: Record<string, string>, policy: FetchPolicy = {}): Promise<FetchedDocument> {
  const { response, url, limits, signal } = await openFollowingRedirects(address, policy, { 'User-Agent': DOCUMENT_USER_AGENT, ...headers })
  const status = response.statusCode ?? 0
  const bytes = status === 304 ? (response.resume(), Buffer.alloc(0)) : await readLimitedBody(response, limits, signal)
  return { status, headers: response.headers, bytes, url: url.href }
}

const DOCUMENT_USER_AGENT = 'PawhavenListingSync/1.0 (+https://pawhaven.org; synced adoption listings)'

/** The answer at the end of at most maxRedirects redirects, its headers read and its body not yet. */
async function openFollowingRedirects(address: string, policy: FetchPolicy, headers: Record<string, string>) {
  const limits = { ...FETCH_LIMITS, ...policy }
  const signal = AbortSignal.timeout(limits.timeoutMs)
  // Every connection is checked when it is made (no keep-alive: each fetch makes its own).
  const filter = { allowPrivateIPAddress: policy.allowPrivateAddresses === true, allowIPAddressList: policy.allowAddresses ?? [] }
  const agents = {
    http: new RequestFilteringHttpAgent({ ...filter, keepAlive: false }),
    https: new RequestFilteringHttpsAgent({ ...filter, keepAlive: false, ...(policy.ca ? { ca: policy.ca } : {}) }),
  }
  let url = parseAddress(address)
  for (let redirects = 0; ; redirects += 1) {
    const response = await request(url, signal, agents, limits.timeoutMs, headers)
    const status = response.statusCode ?? 0
    if (!REDIRECTS.has(status)) return { response, url, limits, signal }
    response.destroy()
    const location = response.headers.location
    if (!location) throw new FetchRefused(`${status} without a Location`)
    if (redirects >= limits.maxRedirects) throw new FetchRefused(`more than ${limits.maxRedirects} redirects`)
    url = parseAddress(location, url)
  }
}

/** The body, unless its declared or actual length passes maxBytes. */
async function readLimitedBody(
  response: http.IncomingMessage,
  limits: { maxBytes: number; timeoutMs: number },
  signal: AbortSignal,
): Promise<Buffer> {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    response.destroy()
    throw new FetchRefused(`larger than ${megabytes(limits.maxBytes)} MB`)
  }
  return readBody(response, limits.maxBytes, signal, limits.timeoutMs)
}

function parseAddress(address: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(address, base)
  } catch {
    throw new FetchRefused('not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`${url.protocol} is not http or https`)
  return url
}

function request(
  url: URL,
  signal: AbortSignal,
  pair: { http: http.Agent; https: https.Agent },
  timeoutMs: number,
  headers: Record<string, string>,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        agent: url.protocol === 'https:' ? pair.https : pair.http,
        signal,
        headers,
      },
      resolve,
    )
    outgoing.on('error', (error) => reject(refusal(error, signal, timeoutMs)))
  })
}

/** The body, up to maxBytes: past that the connection is closed and nothing more is read. */
function readBody(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        response.destroy()
        reject(new FetchRefused(`larger than ${megabytes(maxBytes)} MB`))
        return
      }
      chunks.push(chunk)
    })
    response.on('end', () => resolve(Buffer.concat(chunks)))
    response.on('error', (error) => reject(refusal(error, signal, timeoutMs)))
    // (A promise settles once: after 'end' or a rejection above, this changes nothing.)
    response.on('close', () => reject(refusal(new Error('the connection closed before the end of the answer'), signal, timeoutMs)))
  })
}

function refusal(error: Error, signal: AbortSignal, timeoutMs: number): FetchRefused {
  if (signal.aborted) return new FetchRefused(`no answer within ${timeoutMs / 1000} s`)
  // The guard's own words ("127.0.0.1(family:…) is not allowed. Because, It is private IP
  // address..") reach shelters on their run pages: said plainly, with the address it named.
  if (/is not allowed/.test(error.message)) {
    const address = /^(?:DNS lookup )?(.+?)(?:\(family|\s+is not allowed)/.exec(error.message)?.[1] ?? 'the address'
    return new FetchRefused(`refused: ${address} is a private or local network address, which Pawhaven does not fetch from`)
  }
  return new FetchRefused(error.message || (error as NodeJS.ErrnoException).code || 'the connection failed')
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
