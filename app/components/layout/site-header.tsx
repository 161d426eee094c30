import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Icon } from '#app/components/marketing/icons.tsx'
import { cn } from '#app/utils/misc.ts'

/** `staff`: Pawhaven's own team, who also get a link to the staff console. */
export type HeaderUser = { id: string; email: string; dashboardHash: string; staff: boolean } | null

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-4 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-brand-50 hover:text-brand-800',
  )

const ctaClass = 'rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-800'

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('block rounded-lg px-3 py-3 text-base font-medium', isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-800 hover:bg-gray-50')

export function SiteHeader({ user }: { user: HeaderUser }) {
  const menu = useMobileMenu()

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-brand-800">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Pawhaven
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {user ? (
            <>
              <NavLink to={`/dashboard/${user.dashboardHash}`} className={navLinkClass}>
                Dashboard
              </NavLink>
              {user.staff ? (
                <NavLink to="/staff" className={navLinkClass}>
                  Staff
                </NavLink>
              ) : null}
              <SignOutButton className="rounded-full px-4 py-2 text-sm font-medium text-gray-700 hover:bg-brand-50 hover:text-brand-800" />
            </>
          ) : (
            <>
              <NavLink to="/search" className={navLinkClass}>
                Find Pets
              </NavLink>
              <NavLink to="/how-it-works" className={navLinkClass}>
                How It Works
              </NavLink>
              <Link to="/login" className={cn(ctaClass, 'ml-2')}>
                Login
              </Link>
            </>
          )}
        </nav>

        {/* A native disclosure: it opens and closes without JavaScript; with it, it also closes
            on navigation, on Escape and on a click elsewhere. */}
        <details ref={menu} className="group md:hidden">
          <summary
            aria-label="Toggle mobile menu"
            className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 [&::-webkit-details-marker]:hidden"
          >
            <Icon name="menu" className="h-6 w-6 group-open:hidden" />
            <Icon name="close" className="hidden h-6 w-6 group-open:block" />
          </summary>
          <nav aria-label="Mobile" className="absolute inset-x-0 top-full border-b border-gray-200 bg-white px-4 pb-4 pt-2 shadow-lg">
            <ul className="flex flex-col gap-1">
              {user ? (
                <>
                  <li>
                    <NavLink to={`/dashboard/${user.dashboardHash}`} className={mobileLinkClass}>
                      Dashboard
                    </NavLink>
                  </li>
                  {user.staff ? (
                    <li>
                      <NavLink to="/staff" className={mobileLinkClass}>
                        Staff
                      </NavLink>
                    </li>
                  ) : null}
                  <li>
                    <SignOutButton className="block w-full rounded-lg px-3 py-3 text-left text-base font-medium text-gray-800 hover:bg-gray-50" />
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <NavLink to="/search" className={mobileLinkClass}>
                      Find Pets
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/how-it-works" className={mobileLinkClass}>
                      How It Works
                    </NavLink>
                  </li>
                  <li>
                    <Link to="/login" className={cn(ctaClass, 'mt-2 block py-3 text-center text-base')}>
                      Login
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  )
}

function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Sign Out
      </button>
    </Form>
  )
}

/** The mobile <details> menu's JavaScript extras: close on navigation, link choice, Escape, outside click. */
function useMobileMenu() {
  const menu = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.key])

  useEffect(() => {
    const details = menu.current
    if (!details) return
    const close = () => (details.open = false)
    const onClick = (event: MouseEvent) => {
      if (!details.open) return
      const target = event.target as Element
      // A chosen link closes the menu at once, even when it points at the current page.
      if (!details.contains(target) || target.closest('nav a')) close()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return
      close()
      details.querySelector('summary')?.focus()
    }
    document.addEventListener('click', onClick)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [])

  return menu
}
