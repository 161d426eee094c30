import { Link, useParams } from '@remix-run/react'
import { GeneralErrorBoundary, ErrorScreen } from '#app/components/error-boundary.tsx'

/**
 * A dashboard tab's own error screen: it renders inside the dashboard's layout, so a tab that
 * fails keeps the sidebar and the shelter can go on to the others. A 403 is a member whose role
 * does not reach the tab (requireShelter's `minRole`): it says so and leads back to the Overview.
 */
export function DashboardTabErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: ({ error }) => <RoleDenied message={typeof error.data === 'string' ? error.data : null} />,
      }}
      unexpectedErrorHandler={() => (
        <ErrorScreen title="This page could not be loaded">
          Something went wrong on our side. Please try again in a moment, or open another page from the menu.
        </ErrorScreen>
      )}
    />
  )
}

function RoleDenied({ message }: { message: string | null }) {
  const { hash } = useParams()
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">Access denied</h1>
      <p className="mt-4 max-w-xl text-gray-700">{message ?? 'Your role on your shelter’s team does not include this page.'}</p>
      <Link to={`/dashboard/${hash ?? ''}`} className="mt-6 font-medium text-brand-700 underline hover:text-brand-800">
        Back to the Overview
      </Link>
    </section>
  )
}
