import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import { useEffect } from 'react'

/**
 * The one error screen every route shares. Known statuses get their own words; anything
 * else reads as the router's fallback does. A stack trace never reaches the visitor.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />
    if (error.status === 503) return <BackendUnavailable />
    return (
      <ErrorScreen title={error.status === 403 ? 'Access denied' : `${error.status} ${error.statusText || 'Error'}`}>
        {typeof error.data === 'string' && error.data ? error.data : 'Something went wrong with this request.'}
      </ErrorScreen>
    )
  }
  return (
    <ErrorScreen title="Unexpected Application Error!">
      Something went wrong on our side. Please try again in a moment.
    </ErrorScreen>
  )
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
      Pawhaven can't reach its data service at the moment. Nothing you did caused this; please try again in a few
      minutes.
    </ErrorScreen>
  )
}

function ErrorScreen({ title, children }: { title: string; children: React.ReactNode }) {
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
