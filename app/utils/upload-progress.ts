// The add/edit animal form's upload, with a progress bar (docs/decisions/060). fetch() reports
// nothing while a request body goes up, so with JavaScript the routes' clientAction sends the
// form with XMLHttpRequest instead, to the same `?_data=` address and with the same answers
// Remix's own submission reads: a redirect, the action's JSON, a thrown response or an error.
// Without JavaScript the form posts as a page and the browser shows its own progress.
import { useSyncExternalStore } from 'react'

/** How much of the form has gone up: 0–1, or null when nothing is uploading. */
let uploaded: number | null = null
const listeners = new Set<() => void>()

function setUploaded(value: number | null) {
  uploaded = value
  for (const listener of listeners) listener()
}

/** The share of the current upload sent so far (0–1), or null when none is going on. */
export function useUploadProgress(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => uploaded,
    () => null,
  )
}

/**
 * Posts `request`'s form to the route's action as Remix would (`?_data=<routeId>`), reporting
 * upload progress to useUploadProgress, and answers as Remix's own fetch would: a redirect
 * Response, the action's Response, or throws what Remix throws.
 */
export async function postWithProgress(request: Request, routeId: string): Promise<Response> {
  const body = await request.formData()
  const url = new URL(request.url)
  url.searchParams.set('_data', routeId)
  setUploaded(0)
  try {
    const xhr = await send(url, body, request.signal)
    return remixAnswer(xhr)
  } finally {
    setUploaded(null)
  }
}

function send(url: URL, body: FormData, signal: AbortSignal): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url.href)
    xhr.responseType = 'text'
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) setUploaded(event.loaded / event.total)
    })
    xhr.upload.addEventListener('load', () => setUploaded(1))
    xhr.addEventListener('load', () => resolve(xhr))
    xhr.addEventListener('error', () => reject(new TypeError('Failed to upload the form')))
    xhr.addEventListener('abort', () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError')))
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}

/** What Remix's fetchServerHandler makes of a `?_data=` answer, from an XMLHttpRequest's. */
function remixAnswer(xhr: XMLHttpRequest): Response {
  const headers = parseHeaders(xhr.getAllResponseHeaders())
  const redirect = headers.get('X-Remix-Redirect')
  if (redirect) {
    const forward = new Headers({ Location: redirect })
    for (const name of ['X-Remix-Revalidate', 'X-Remix-Reload-Document', 'X-Remix-Replace']) {
      const value = headers.get(name)
      if (value) forward.set(name, value)
    }
    throw new Response(null, { status: Number.parseInt(headers.get('X-Remix-Status') ?? '', 10) || 302, headers: forward })
  }
  if (headers.has('X-Remix-Error')) {
    const { message, stack } = JSON.parse(xhr.responseText) as { message?: string; stack?: string }
    const error = new Error(message)
    error.stack = stack
    throw error
  }
  const body = xhr.status === 204 || xhr.status === 205 || xhr.status === 304 ? null : xhr.responseText
  const response = new Response(body, { status: xhr.status, statusText: xhr.statusText, headers })
  if (headers.has('X-Remix-Catch')) throw response
  // A 4xx or 5xx that never reached Remix (a proxy's page) is an error, as Remix treats it.
  if (xhr.status >= 400 && !headers.has('X-Remix-Response')) throw new Error(xhr.responseText)
  return response
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers()
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return headers
}
