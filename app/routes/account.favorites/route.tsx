import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AnimalCard } from '#app/components/listings/animal-card.tsx'
import { getFavorites } from '#app/models/favorite.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  return json({ animals: await getFavorites(supabase) }, { headers })
}

export default function AccountFavorites() {
  const { animals } = useLoaderData<typeof loader>()
  return (
    <div>
      <h2 className="text-xl font-bold text-gray-900">Favorites</h2>
      <p className="mt-1 text-sm text-gray-600">
        The pets you saved, newest first, and where each one stands now. Press a heart to remove it.
      </p>
      {animals.length ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {animals.map((animal) => (
            <li key={animal.id}>
              <AnimalCard animal={animal} saved />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-gray-700">
          No favorites yet. Press the heart on any pet to keep it here.{' '}
          <Link to="/search" className="font-medium text-brand-700 underline hover:text-brand-800">
            Find pets
          </Link>
        </p>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Favorites | Your account | Pawhaven' }]
