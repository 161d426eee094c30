import { type AppLoadContext, type EntryContext, type HandleErrorFunction, createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { CoalescedStream } from '#app/utils/coalesced-stream.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import { NonceProvider } from '#app/utils/nonce.tsx'
import { reportRouteError } from '#app/utils/sentry.server.ts'

// Fail at start-up, naming what is missing, rather than on the first request.
getEnv()

const ABORT_DELAY = 5_000

/**
 * An error a loader, an action or a render threw that is not a Response: logged (with the
 * request's id, as every line of the request) and sent to Sentry when it is set up. A request
 * the visitor gave up on is neither.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'unexpected error in a route')
  reportRouteError(error, request)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? ''
  // Bots get the whole page at once; people get it streamed as it is ready.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyEvent]() {
          shellRendered = true
          // What React writes in one go leaves as one chunk (app/utils/coalesced-stream.server.ts).
          const body = new CoalescedStream()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) {
            log.error({ err: error, path: new URL(request.url).pathname }, 'rendering failed after the page had started')
            reportRouteError(error, request)
          }
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
