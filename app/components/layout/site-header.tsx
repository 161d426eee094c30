import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

export type HeaderUser = { id: string; email: string; dashboardHash: string } | null

const linkClass = ({ isActive }: { isActive: boolean }) =>
  'rounded-md px-3 py-2 text-sm font-medium ' +
  (isActive ? 'text-brand-700' : 'text-gray-700 hover:bg-brand-50 hover:text-brand-700')

export function SiteHeader({ user }: { user: HeaderUser }) {
  const menu = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  // The mobile menu closes whenever a link inside it is chosen.
  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.key])

  const links = user ? (
    <>
      <NavLink to={`/dashboard/${user.dashboardHash}`} className={linkClass}>
        Dashboard
      </NavLink>
      <Form method="post" action="/logout">
        <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-brand-50 hover:text-brand-700">
          Sign Out
        </button>
      </Form>
    </>
  ) : (
    <>
      <NavLink to="/search" className={linkClass}>
        Find Pets
      </NavLink>
      <NavLink to="/how-it-works" className={linkClass}>
        How It Works
      </NavLink>
      <NavLink to="/login" className={linkClass}>
        Login
      </NavLink>
    </>
  )

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Pawhaven
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links}
        </nav>
        <details ref={menu} className="group relative md:hidden">
          <summary
            aria-label="Toggle mobile menu"
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 [&::-webkit-details-marker]:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2}>
              <path d="M4 6h16M4 12h16M4 18h16" className="group-open:hidden" />
              <path d="M6 6l12 12M18 6L6 18" className="hidden group-open:block" />
            </svg>
          </summary>
          <nav
            aria-label="Mobile"
            className="absolute right-0 mt-2 flex w-56 flex-col gap-1 rounded-lg border border-gray-200 bg-white p-2 shadow-lg"
          >
            {links}
          </nav>
        </details>
      </div>
    </header>
  )
}
