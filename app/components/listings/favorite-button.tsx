import { useFetcher, useLocation } from '@remix-run/react'

/**
 * The heart: 'Save {name}', or 'Saved' once saved. A form, so it works without JavaScript; with
 * it, the heart changes at once and the page stays put. `saved` is null for a signed-out
 * visitor (the press leads to sign-in and back), so a page without a session never varies.
 */
export function FavoriteButton({ animalId, name, saved, variant }: { animalId: string; name: string; saved: boolean | null; variant: 'card' | 'page' }) {
  const fetcher = useFetcher({ key: `favorite-${animalId}` })
  const location = useLocation()
  const pending = fetcher.formData?.get('intent')
  const isSaved = pending ? pending === 'save' : Boolean(saved)
  const label = isSaved ? 'Saved' : `Save ${name}`
  return (
    <fetcher.Form method="post" action="/resources/favorites" className={variant === 'card' ? 'absolute right-3 top-3 z-10' : undefined}>
      <input type="hidden" name="intent" value={isSaved ? 'remove' : 'save'} />
      <input type="hidden" name="animalId" value={animalId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={isSaved}
        title={isSaved ? `Saved: ${name}. Press to remove.` : `Save ${name}`}
        className={`inline-flex items-center justify-center gap-2 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
          variant === 'card'
            ? 'h-10 w-10 rounded-full bg-white/90 text-brand-700 shadow hover:bg-white'
            : 'rounded-md border border-gray-300 bg-white px-4 py-2 text-sm text-gray-800 shadow-sm hover:bg-gray-50'
        }`}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={`h-5 w-5 ${isSaved ? 'fill-brand-600 text-brand-600' : 'fill-none'}`} stroke="currentColor" strokeWidth="2">
          <path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.2 3.3 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.7 0 5.9 3.7 4.5 7.2C19.5 16.4 12 21 12 21z" />
        </svg>
        <span className={variant === 'card' ? 'sr-only' : undefined}>{variant === 'card' && isSaved ? `Saved ${name}` : label}</span>
      </button>
    </fetcher.Form>
  )
}
