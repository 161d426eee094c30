import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { cn, combineHeaders } from '#app/utils/misc.ts'
import { requireStaff } from '#app/utils/staff.server.ts'

export const handle: RouteHandle = { chrome: 'app' }

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, headers } = await requireStaff(request)
  return json({ email: user.email ?? '' }, { headers: combineHeaders(headers, { 'Cache-Control': 'private, no-store' }) })
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    isActive ? 'bg-brand-100 text-brand-900' : 'text-gray-700 hover:bg-gray-100',
  )

export default function StaffLayout() {
  const { email } = useLoaderData<typeof loader>()
  return (
    <div className="min-h-[calc(100vh-4rem)] bg-gray-50">
      <div className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <p className="font-semibold text-gray-900">Staff console</p>
          <nav aria-label="Staff console" className="flex flex-wrap gap-1">
            <NavLink to="/staff" end className={tabClass}>
              Vetting queue
            </NavLink>
            <NavLink to="/staff/shelters" end className={tabClass}>
              Shelters
            </NavLink>
            <NavLink to="/staff/audit" className={tabClass}>
              Audit log
            </NavLink>
            <NavLink to="/staff/failures" className={tabClass}>
              Failed jobs
            </NavLink>
          </nav>
          <p className="ml-auto text-sm text-gray-600">Signed in as {email}</p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 pb-24">
        <Outlet />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Staff console | Pawhaven' }, { name: 'robots', content: 'noindex' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
