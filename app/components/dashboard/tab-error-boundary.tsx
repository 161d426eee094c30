import { GeneralErrorBoundary, ErrorScreen } from '~/components/error-boundary'

/**
 * A dashboard tab's own error screen: it renders inside the dashboard's layout, so a tab that
 * fails keeps the sidebar and the shelter can go on to the others.
 */
export function DashboardTabErrorBoundary() {
  return (
    <GeneralErrorBoundary
      unexpectedErrorHandler={() => (
        <ErrorScreen title="This page could not be loaded">
          Something went wrong on our side. Please try again in a moment, or open another page from the menu.
        </ErrorScreen>
      )}
    />
  )
}
