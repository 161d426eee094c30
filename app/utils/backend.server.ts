import { log } from '#app/utils/log.server.ts'

/**
 * The one way a data module fails when the backend does (an error from Supabase, or no answer):
 * it throws a BackendError. It is a 503 Response, so Remix hands it to the route's error
 * boundary, where GeneralErrorBoundary's 503 handler says the site will be right back; an
 * action that would rather keep the person's form catches it like any other error. What went
 * wrong is logged here, once, and never shown.
 */
export class BackendError extends Response {
  readonly operation: string

  constructor(operation: string, cause: { message: string; code?: string } | null | undefined) {
    super('Pawhaven could not reach its data service. Please try again in a moment.', {
      status: 503,
      headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' },
    })
    this.operation = operation
    log.error({ code: cause?.code }, `${operation} failed: ${cause?.message ?? 'no answer'}`)
  }
}

/** For an action that turns a failure into a message: a BackendError was logged already, anything else is a bug. */
export function logUnexpected(error: unknown) {
  if (!(error instanceof BackendError)) log.error({ err: error }, 'unexpected error')
}
