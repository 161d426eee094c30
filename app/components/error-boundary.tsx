import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import { useEffect } from 'react'

/** What isRouteErrorResponse() narrows a thrown Response to. */
type ErrorResponse = { status: number; statusText: string; data: unknown }
type StatusHandler = (info: { error: ErrorResponse }) => React.ReactNode | null

/** What each status says unless a route asks otherwise. */
const DEFAULT_STATUS_HANDLERS: Record<number, StatusHandler> = {
  403: ({ error }) => <ErrorScreen title="Access denied">{messageOf(error) ?? 'Something went wrong with this request.'}</ErrorScreen>,
  404: () => <NotFound />,
  503: () => <BackendUnavailable />,
}

/**
 * The one error screen every route shares. Known statuses get their own words (a route may
 * add or replace handlers, as the dashboard's tabs do); anything else reads as the router's
 * fallback does. A stack trace never reaches the visitor.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = ({ error }) => (
    <ErrorScreen title={`${error.status} ${error.statusText || 'Error'}`}>
      {messageOf(error) ?? 'Something went wrong with this request.'}
    </ErrorScreen>
  ),
  unexpectedErrorHandler = () => (
    <ErrorScreen title="Unexpected Application Error!">Something went wrong on our side. Please try again in a moment.</ErrorScreen>
  ),
}: {
  statusHandlers?: Record<number, StatusHandler>
  defaultStatusHandler?: StatusHandler
  unexpectedErrorHandler?: (error: unknown) => React.ReactNode | null
} = {}) {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? DEFAULT_STATUS_HANDLERS[error.status] ?? defaultStatusHandler
    return handler({ error })
  }
  return unexpectedErrorHandler(error)
}

function messageOf(error: ErrorResponse): string | null {
  return typeof error.data === 'string' && error.data ? error.data : null
}

export function NotFound() {
  const location = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-6xl font-bold text-brand-600">404</h1>
      <p className="mt-4 text-xl text-gray-700">Oops! Page not found</p>
      <Link to="/" className="mt-6 font-medium text-brand-700 underline hover:text-brand-800">
        Return to Home
      </Link>
    </section>
  )
}

function BackendUnavailable() {
  return (
    <ErrorScreen title="We'll be right back">
      Pawhaven can't reach its data service at the moment. Nothing you did caused this; please try again in a few minutes.
    </ErrorScreen>
  )
}

export function ErrorScreen({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-4 max-w-xl text-gray-700">{children}</p>
      <Link to="/" className="mt-6 font-medium text-brand-700 underline hover:text-brand-800">
        Return to Home
      </Link>
    </section>
  )
}
