// The heart on cards and animal pages: saves or removes a favorite and goes back to the page it
// was pressed on (with JavaScript the fetcher stays on the page and the loaders revalidate). A
// signed-out visitor goes to sign-in, which saves it and comes back (the login route's `save`).
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { removeFavorite, saveFavorite } from '#app/models/favorite.server.ts'
import { getUser } from '#app/utils/auth.server.ts'
import { combineHeaders, safeRedirect } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { createToastHeaders } from '#app/utils/toast.server.ts'

const FavoriteSchema = z.object({
  intent: z.enum(['save', 'remove']),
  animalId: z.string().uuid(),
  redirectTo: z.string().optional(),
})

export async function loader() {
  return redirect('/account/favorites')
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = FavoriteSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return redirect('/')
  const { intent, animalId } = parsed.data
  const back = safeRedirect(parsed.data.redirectTo, '/account/favorites')
  const { user, supabase, headers } = await getUser(request)
  if (!user) {
    if (intent === 'remove') return redirect(back, { headers })
    return redirect(`/login?${new URLSearchParams({ redirectTo: back, save: animalId })}`, { headers })
  }
  let toast: Parameters<typeof createToastHeaders>[0] | null = null
  if (intent === 'save') {
    if (!(await saveFavorite(supabase, animalId)))
      toast = { type: 'error', description: 'This pet is no longer listed, so it cannot be saved' }
  } else {
    await removeFavorite(supabase, animalId)
  }
  return redirect(back, { headers: toast ? combineHeaders(headers, await createToastHeaders(toast, request)) : headers })
}
