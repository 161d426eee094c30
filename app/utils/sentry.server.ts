// Errors to Sentry, when SENTRY_DSN is set; otherwise nothing is loaded, started or sent. Each
// process starts it once (server/index.ts with the Remix SDK, worker/main.ts and ftp/main.ts with
// the Node SDK) and reports through reportError; the Remix build's handleError through
// reportRouteError. The SDK is kept on globalThis, so the web server and the Remix build it loads
// (each with its own copy of this module) report through the one started.
//
// Events carry no cookie, authorization header or visitor address (sendDefaultPii off, and
// beforeSend drops what is left), and their texts go through the log's scrubber.
import type * as SentryNode from '@sentry/node'
import type { ErrorEvent, NodeOptions } from '@sentry/node'
import type * as SentryRemix from '@sentry/remix'
import { scrubText } from '#app/utils/log.server.ts'

/** What of the SDKs is used here; the Remix SDK has the Node SDK's, and its own handleError. */
type Sdk = Pick<typeof SentryNode, 'captureException' | 'flush'> &
  Partial<Pick<typeof SentryRemix, 'sentryHandleError'>> & { init: (options: NodeOptions) => unknown }

const SDK = Symbol.for('pawhaven.sentry')
const holder = globalThis as typeof globalThis & { [SDK]?: Sdk }

/** Whether errors go to Sentry (SENTRY_DSN is set). */
export function sentryConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.SENTRY_DSN?.trim())
}

/**
 * Starts the SDK for this process (`web` with the Remix SDK, else the Node SDK) when SENTRY_DSN
 * is set; returns whether it did.
 */
export async function startSentry(
  service: 'web' | 'worker' | 'ftp',
  env: Record<string, string | undefined> = process.env,
): Promise<boolean> {
  if (!sentryConfigured(env) || holder[SDK]) return Boolean(holder[SDK])
  const sdk: Sdk = service === 'web' ? await import('@sentry/remix') : await import('@sentry/node')
  sdk.init({
    dsn: env.SENTRY_DSN!.trim(),
    environment: env.SENTRY_ENVIRONMENT || env.NODE_ENV || 'development',
    release: env.SENTRY_RELEASE || undefined,
    initialScope: { tags: { service } },
    sendDefaultPii: false,
    // Errors only: no performance tracing.
    tracesSampleRate: 0,
    beforeSend: scrubEvent,
  })
  holder[SDK] = sdk
  return true
}

/** Sends `error` to Sentry when it is started; tags and extra say where it happened. */
export function reportError(
  error: unknown,
  context: { tags?: Record<string, string>; extra?: Record<string, unknown>; level?: 'warning' | 'error' | 'fatal' } = {},
) {
  holder[SDK]?.captureException(error, context)
}

/** Remix's handleError: an unexpected error in a loader, an action or a render. */
export function reportRouteError(error: unknown, request: Request) {
  const sdk = holder[SDK]
  if (!sdk) return
  if (sdk.sentryHandleError) sdk.sentryHandleError(error, { request, params: {}, context: {} })
  else sdk.captureException(error)
}

/** Waits (at most `ms`) until what was reported has been sent: before a process exits. */
export async function flushSentry(ms = 2_000): Promise<void> {
  await holder[SDK]?.flush(ms)
}

function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    delete event.request.cookies
    delete event.request.data
    if (event.request.headers) {
      for (const name of Object.keys(event.request.headers)) {
        if (/^(cookie|authorization|apikey|x-api-key|sb-forwarded-for|x-forwarded-for|x-real-ip)$/i.test(name))
          delete event.request.headers[name]
      }
    }
    if (typeof event.request.query_string === 'string') event.request.query_string = scrubText(event.request.query_string)
  }
  if (event.user) event.user = { id: event.user.id }
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = scrubText(crumb.message)
    if (typeof crumb.data?.url === 'string') crumb.data.url = scrubText(crumb.data.url)
  }
  if (event.message) event.message = scrubText(event.message)
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value)
    // The source lines around each frame (the SDK reads them from disk) and any local values.
    for (const frame of exception.stacktrace?.frames ?? []) {
      if (frame.context_line) frame.context_line = scrubText(frame.context_line)
      frame.pre_context = frame.pre_context?.map(scrubText)
      frame.post_context = frame.post_context?.map(scrubText)
      delete frame.vars
    }
  }
  return event
}
