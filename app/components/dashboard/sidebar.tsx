import { Form, NavLink, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import { cn } from '#app/utils/misc.ts'
import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE } from '#app/utils/sidebar-cookie.ts'
import { hasMemberRole, type MemberRole } from '#app/utils/vocabulary.ts'
import {
  ChartIcon,
  ChatIcon,
  ClipboardIcon,
  GearIcon,
  HistoryIcon,
  HomeIcon,
  PanelIcon,
  PawIcon,
  PeopleIcon,
  SignOutIcon,
  SyncIcon,
} from '#app/components/dashboard/icons.tsx'

/** The spec's pages first, then the team's; each shown to the roles that may open it (docs/teams.md). */
const NAV: Array<{ path: string; label: string; Icon: typeof HomeIcon; minRole: MemberRole }> = [
  { path: '', label: 'Overview', Icon: HomeIcon, minRole: 'volunteer' },
  { path: '/animals', label: 'Animals', Icon: PawIcon, minRole: 'volunteer' },
  { path: '/applications', label: 'Applications', Icon: ClipboardIcon, minRole: 'staff' },
  { path: '/messages', label: 'Messages', Icon: ChatIcon, minRole: 'staff' },
  { path: '/analytics', label: 'Analytics', Icon: ChartIcon, minRole: 'volunteer' },
  { path: '/sync', label: 'Sync', Icon: SyncIcon, minRole: 'admin' },
  { path: '/settings', label: 'Settings', Icon: GearIcon, minRole: 'admin' },
  { path: '/team', label: 'Team', Icon: PeopleIcon, minRole: 'volunteer' },
  { path: '/activity', label: 'Activity', Icon: HistoryIcon, minRole: 'admin' },
]

/**
 * The sidebar's open state. It starts from the server's reading of the cookie (so the
 * first paint is right); toggling writes the cookie in the browser, and Ctrl/Cmd+B toggles.
 */
export function useSidebarState(initialOpen: boolean) {
  const [open, setOpen] = useState(initialOpen)
  const toggle = useCallback(() => {
    const next = !open
    setOpen(next)
    document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_MAX_AGE}; samesite=lax`
  }, [open])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault()
        toggle()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggle])

  return { open, toggle }
}

/**
 * The header's toggle. Without JavaScript it posts to the dashboard, which flips the
 * cookie and comes back to this page; with JavaScript it toggles in place.
 */
export function SidebarToggle({ basePath, open, onToggle }: { basePath: string; open: boolean; onToggle: () => void }) {
  const location = useLocation()
  return (
    <Form
      method="post"
      action={basePath}
      onSubmit={(event) => {
        event.preventDefault()
        onToggle()
      }}
    >
      <input type="hidden" name="intent" value="toggle-sidebar" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-label="Toggle Sidebar"
        aria-controls="dashboard-sidebar"
        aria-expanded={open}
        title="Toggle Sidebar (Ctrl+B)"
        className="inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <PanelIcon />
      </button>
    </Form>
  )
}

/**
 * Overview, Animals, Applications (with how many are new), Messages (with how many conversations
 * have unread messages), Analytics, Sync, Settings, Team, Activity (as the role allows), and
 * Sign Out at the bottom.
 */
export function DashboardSidebar({
  basePath,
  open,
  role,
  badges = {},
}: {
  basePath: string
  open: boolean
  role: MemberRole
  /** A count beside a page (by its path), and what it counts ('unread'). */
  badges?: Record<string, { count: number; label: string }>
}) {
  // Below the md breakpoint the sidebar stays an icon rail, so the page keeps its room.
  const labelClass = open ? 'sr-only md:not-sr-only md:truncate' : 'sr-only'
  // On the rail the count sits on the icon's corner; in the open sidebar, at the end of the line.
  const badgeClass = open ? 'absolute right-0.5 top-0.5 md:static md:ml-auto' : 'absolute right-0.5 top-0.5'
  return (
    <aside
      id="dashboard-sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-16 flex h-[calc(100vh-4rem)] shrink-0 flex-col border-r border-gray-200 bg-gray-50 transition-[width] duration-200',
        open ? 'w-14 md:w-60' : 'w-14',
      )}
    >
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-2">
        <ul className="flex flex-col gap-1">
          {NAV.filter(({ minRole }) => hasMemberRole(role, minRole)).map(({ path, label, Icon }) => (
            <li key={label}>
              <NavLink
                to={basePath + path}
                end
                title={open ? undefined : label}
                className={({ isActive }) =>
                  cn(
                    'relative flex h-10 items-center gap-3 rounded-md px-2.5 text-sm font-medium',
                    isActive ? 'bg-brand-100 text-brand-800' : 'text-gray-700 hover:bg-gray-200 hover:text-gray-900',
                  )
                }
              >
                <Icon className="h-5 w-5 shrink-0" />
                <span className={labelClass}>{label}</span>
                {badges[path]?.count ? (
                  <span
                    className={cn(
                      'min-w-[1.25rem] rounded-full bg-brand-700 px-1 text-center text-[11px] font-semibold leading-5 text-white',
                      badgeClass,
                    )}
                  >
                    {badges[path].count}
                    <span className="sr-only"> {badges[path].label}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" action="/logout" className="border-t border-gray-200 p-2">
        <input type="hidden" name="redirectTo" value="/shelter-login" />
        <button
          type="submit"
          title={open ? undefined : 'Sign Out'}
          className="flex h-10 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium text-gray-700 hover:bg-gray-200 hover:text-gray-900"
        >
          <SignOutIcon className="h-5 w-5 shrink-0" />
          <span className={labelClass}>Sign Out</span>
        </button>
      </Form>
    </aside>
  )
}
