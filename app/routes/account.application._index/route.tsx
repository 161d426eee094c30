// /account/application: where the profile stands, and the way into its first unfinished step.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { APPLICATION_STEPS, REVIEW_PATH, stepPath, stepsComplete } from '#app/models/application-profile.ts'
import { getApplicationProfile, getMissing } from '#app/models/application-profile.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const [profile, missing] = await Promise.all([getApplicationProfile(supabase), getMissing(supabase)])
  const complete = stepsComplete(missing)
  const next = APPLICATION_STEPS.find((step) => !complete[step.slug])
  return json(
    { started: profile !== null, missing: missing.length, next: next ? { path: stepPath(next.slug), title: next.title } : null },
    { headers },
  )
}

export default function ApplicationProfileOverview() {
  const { started, missing, next } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="overview-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h3 id="overview-heading" className="text-lg font-semibold text-gray-900">
        {!started
          ? 'Start your application profile'
          : next
            ? 'Continue your application profile'
            : 'Your profile is ready to send with an application'}
      </h3>
      <p className="mt-2 text-gray-700">
        Shelters ask every adopter much the same questions: how to reach you, who lives with you, your home, your other pets and their vet,
        and what you are looking for. Answer them here in {APPLICATION_STEPS.length} short steps; each step is saved as a draft as you go,
        so you can stop and come back.
      </p>
      {started && missing ? (
        <p className="mt-2 text-gray-700">
          {missing} {missing === 1 ? 'answer is' : 'answers are'} still needed before you can send it with an application.
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        {next ? (
          <Link
            to={next.path}
            className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            {started ? `Continue: ${next.title}` : 'Start'}
          </Link>
        ) : null}
        {started ? (
          <Link
            to={REVIEW_PATH}
            className="inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-800 shadow-sm hover:bg-gray-50"
          >
            Review your answers
          </Link>
        ) : null}
      </div>
    </section>
  )
}
