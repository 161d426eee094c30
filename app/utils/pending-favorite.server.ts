// The heart a signed-out visitor pressed. /resources/favorites sends them to sign in with
// `redirectTo` (the page they were on) and `save` (the pet). Sign-in, sign-up and the emailed
// confirmation (its link or its code) carry both along, and whichever of them signs the person
// in saves the pet, says so, and goes back to the page.
import type { SupabaseClient } from '@supabase/supabase-js'
import { saveFavorite } from '#app/models/favorite.server.ts'
import { UUID } from '#app/models/listing.server.ts'
import type { Database } from '#app/types/database.ts'
import type { PendingFavorite } from '#app/utils/auth-schemas.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { safeRedirect } from '#app/utils/misc.ts'

type Client = SupabaseClient<Database>

export type { PendingFavorite }

/** What a value from a URL or a form may be: a local path, an animal id; anything else is dropped. */
export function pendingFavorite(redirectTo: string | null | undefined, save: string | null | undefined): PendingFavorite {
  return { redirectTo: safeRedirect(redirectTo, ''), save: save && UUID.test(save) ? save : '' }
}

export function pendingFavoriteFromUrl(url: URL): PendingFavorite {
  return pendingFavorite(url.searchParams.get('redirectTo'), url.searchParams.get('save'))
}

/** The query string that carries them to the next page ('' when there is nothing to carry). */
export function pendingFavoriteQuery({ redirectTo, save }: PendingFavorite, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  if (redirectTo) params.set('redirectTo', redirectTo)
  if (save) params.set('save', save)
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The pet's name, to tell the visitor why they are asked to sign in; null when it is not listed. */
export async function pendingAnimalName(supabase: Client, save: string): Promise<string | null> {
  if (!save) return null
  const { data, error } = await supabase.from('animals').select('name').eq('id', save).maybeSingle()
  if (error) logUnexpected(error)
  return data?.name ?? null
}

/**
 * Saves the pet for the person just signed in, and the sentence that tells them ('Biscuit is
 * saved to your favorites.'); null when there was nothing to save. A pet no longer listed is
 * not saved, and the sentence says so.
 */
export async function savePendingFavorite(supabase: Client, save: string): Promise<string | null> {
  if (!save) return null
  const saved = await saveFavorite(supabase, save).catch((error: unknown) => {
    logUnexpected(error)
    return null
  })
  if (saved === null) return "We couldn't save the pet you chose. Please press its heart again."
  if (!saved) return 'The pet you chose is no longer listed, so it could not be saved.'
  const name = await pendingAnimalName(supabase, save)
  return `${name ?? 'Your pet'} is saved to your favorites.`
}

/**
 * Where the confirmation email's link goes once it has confirmed the address (Auth hands it
 * to /auth/confirm as `next`): the page the visitor was on, with the pet to save as `save`.
 */
export function confirmationRedirect(request: Request, { redirectTo, save }: PendingFavorite): string {
  const target = new URL(redirectTo || '/', request.url)
  if (save) target.searchParams.set('save', save)
  return target.toString()
}

/** The other way: the page, and the pet to save, from the path /auth/confirm got as `next`. */
export function fromConfirmationRedirect(path: string): { path: string; save: string } {
  const target = new URL(path, 'http://site.invalid')
  const save = target.searchParams.get('save') ?? ''
  target.searchParams.delete('save')
  return { path: target.pathname + target.search, save: UUID.test(save) ? save : '' }
}
