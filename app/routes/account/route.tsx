import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { getMyUnreadCount } from '#app/models/conversation.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { cn, combineHeaders } from '#app/utils/misc.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  return json(
    { email: user.email ?? '', unreadMessages: await getMyUnreadCount(supabase) },
    { headers: combineHeaders(headers, { 'Cache-Control': 'private, no-store' }) },
  )
}

// Everything here is personal: never kept by a browser's or a proxy's cache.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const PAGES = [
  { to: '/account', label: 'Overview', end: true },
  { to: '/account/favorites', label: 'Favorites', end: false },
  { to: '/account/searches', label: 'Saved searches', end: false },
  { to: '/account/messages', label: 'Messages', end: false },
  { to: '/account/applications', label: 'Applications', end: false },
  { to: '/account/application', label: 'Application profile', end: false },
  { to: '/account/settings', label: 'Settings', end: false },
]

export default function AccountLayout() {
  const { email, unreadMessages } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Your account</h1>
          <p className="text-sm text-gray-600">Signed in as {email}</p>
        </div>
        <Link to="/search" className="text-sm font-semibold text-brand-800 underline hover:text-brand-900">
          Find pets
        </Link>
      </div>
      <nav aria-label="Your account" className="mt-6 flex gap-1 overflow-x-auto border-b border-gray-200">
        {PAGES.map((page) => (
          <NavLink
            key={page.to}
            to={page.to}
            end={page.end}
            className={({ isActive }) =>
              cn(
                '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                isActive ? 'border-brand-700 text-brand-900' : 'border-transparent text-gray-700 hover:text-gray-900',
              )
            }
          >
            {page.label}{' '}
            {page.to === '/account/messages' && unreadMessages ? (
              <span className="ml-1 rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                {unreadMessages}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Your account | Pawhaven' }, { name: 'robots', content: 'noindex' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
