import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { APPLICATION_PROFILE_PATH, APPLICATION_STEPS, REVIEW_PATH, stepsComplete } from '#app/models/application-profile.ts'
import { getMissing } from '#app/models/application-profile.server.ts'
import { getFavorites } from '#app/models/favorite.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const [favorites, missing] = await Promise.all([getFavorites(supabase), getMissing(supabase)])
  const complete = stepsComplete(missing)
  return json(
    {
      favorites: favorites.length,
      available: favorites.filter((animal) => animal.status === 'available').length,
      profile: { stepsDone: APPLICATION_STEPS.filter((step) => complete[step.slug]).length, ready: missing.length === 0 },
    },
    { headers },
  )
}

export default function AccountOverview() {
  const { favorites, available, profile } = useLoaderData<typeof loader>()
  return (
    <div className="grid max-w-4xl gap-6 md:grid-cols-2">
      <section aria-labelledby="saved-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
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
      <section aria-labelledby="profile-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="profile-heading" className="text-lg font-semibold text-gray-900">
          Application profile
        </h2>
        {profile.ready ? (
          <p className="mt-2 text-gray-700">
            Your profile is ready to send with an application.{' '}
            <Link to={REVIEW_PATH} className="font-medium text-brand-700 underline hover:text-brand-800">
              Review your answers
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-gray-700">
            {profile.stepsDone} of {APPLICATION_STEPS.length} steps complete. Fill it in once and send it with every application.{' '}
            <Link to={APPLICATION_PROFILE_PATH} className="font-medium text-brand-700 underline hover:text-brand-800">
              Go to your application profile
            </Link>
          </p>
        )}
      </section>
    </div>
  )
}
