// /dashboard: the signed-in person's own dashboard (each has a URL of their own, by the hash of
// their id), which sends an adopter on to their account. Signed out: sign in, then come back.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/utils/auth.server.ts'
import { dashboardHash } from '#app/utils/misc.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(request, { redirectTo: '/shelter-login' })
  return redirect(`/dashboard/${dashboardHash(user.id)}`, { headers })
}
