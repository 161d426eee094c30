import type { MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary, NotFound } from '#app/components/error-boundary.tsx'

// Every path no other route claims: a real 404 status, rendered by the boundary below.
export async function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
  return <NotFound />
}

export const meta: MetaFunction = () => [{ title: 'Page not found | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
