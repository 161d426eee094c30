import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteError } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ClientHintCheck } from '#app/components/layout/client-hint-check.tsx'
import { ConstructionBanner } from '#app/components/layout/construction-banner.tsx'
import { NavigationProgress } from '#app/components/layout/navigation-progress.tsx'
import { ScrollToTopButton, ScrollToTopOnNavigate } from '#app/components/layout/scroll-to-top.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { ShowToast, Toaster } from '#app/components/toaster.tsx'
import tailwindStyles from '#app/tailwind.css'
import { combineHeaders, dashboardHash } from '#app/utils/misc.ts'
import { useNonce } from '#app/utils/nonce.tsx'
import { getReaderZone, getSessionUser, getToast, isStaff, json, siteUrl } from '#app/root.server.ts'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwindStyles },
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export const meta: MetaFunction = () => [
  { title: "Pawhaven - Adopt, Don't Shop. Save Lives." },
  { name: 'description', content: 'Find adoptable pets from shelters and rescues across the US. Free for adopters and shelters.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, headers, supabase } = await getSessionUser(request)
  const [{ toast, headers: toastHeaders }, staff, readerZone] = await Promise.all([
    getToast(request),
    user && supabase ? isStaff(supabase) : false,
    getReaderZone(request, { user, supabase }),
  ])
  return json(
    {
      user: user ? { id: user.id, email: user.email ?? '', dashboardHash: dashboardHash(user.id), staff } : null,
      toast,
      // The canonical origin for every page's head (app/utils/seo.ts).
      siteUrl: siteUrl(request),
      // The zone every date and time on the page is shown in (useReaderZone).
      readerZone,
    },
    { headers: combineHeaders(headers, toastHeaders) },
  )
}

/** Routes may set `handle = { chrome: 'app' }` to drop the marketing footer (the dashboard does). */
export type RouteHandle = { chrome?: 'site' | 'app' }

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ClientHintCheck nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-white text-gray-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { user, toast } = useLoaderData<typeof loader>()
  const matches = useMatches()
  const appChrome = matches.some((match) => (match.handle as RouteHandle | undefined)?.chrome === 'app')
  return (
    <Document>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <SiteHeader user={user} />
      {toast ? <ShowToast toast={toast} /> : null}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {appChrome ? null : <SiteFooter />}
      <ConstructionBanner />
      <ScrollToTopButton />
      <ScrollToTopOnNavigate />
      <Toaster current={toast?.id} />
    </Document>
  )
}

export function ErrorBoundary() {
  // The root's own failure (its loader, or the layout) still gets a whole, styled page.
  useRouteError()
  return (
    <Document>
      <SiteHeader user={null} />
      <main id="main" className="flex-1">
        <GeneralErrorBoundary />
      </main>
      <SiteFooter />
    </Document>
  )
}
