import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getFavorites } from '~/models/favorite.server'
import { requireUser } from '~/utils/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const favorites = await getFavorites(supabase)
  return json({ favorites: favorites.length, available: favorites.filter((animal) => animal.status === 'available').length }, { headers })
}

export default function AccountOverview() {
  const { favorites, available } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="saved-heading" className="max-w-xl rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="saved-heading" className="text-lg font-semibold text-gray-900">
        Saved pets
      </h2>
      {favorites ? (
        <p className="mt-2 text-gray-700">
          You saved {favorites} {favorites === 1 ? 'pet' : 'pets'}; {available} {available === 1 ? 'is' : 'are'} still available.{' '}
          <Link to="/account/favorites" className="font-medium text-brand-700 underline hover:text-brand-800">
            See your favorites
          </Link>
        </p>
      ) : (
        <p className="mt-2 text-gray-700">
          Press the heart on any pet to keep it here.{' '}
          <Link to="/search" className="font-medium text-brand-700 underline hover:text-brand-800">
            Find pets
          </Link>
        </p>
      )}
    </section>
  )
}
