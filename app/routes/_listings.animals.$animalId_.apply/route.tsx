// 'Apply to adopt {name}': sends the person's application profile, as it is now, with a note to
// the animal's shelter. A profile that is not complete says what is missing and leads to it; an
// application already open for this animal leads to it instead. Signed out: sign in, then back.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AnimalBreadcrumb } from '#app/components/listings/animal-breadcrumb.tsx'
import { placeLabel } from '#app/utils/listing-format.ts'
import { buttonStyles, Container } from '#app/components/marketing/ui.tsx'
import { ErrorList, SubmitButton, TextareaField } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { ShelterQuestionFields } from '#app/components/listings/shelter-question-fields.tsx'
import { readAnswers } from '#app/models/application-questions.ts'
import { getShelterQuestions, submitApplicationWithAnswers } from '#app/models/application-questions.server.ts'
import { ApplicationRefusal, getOpenApplicationFor, getProfileGaps } from '#app/models/application.server.ts'
import { bondedGroupOf } from '#app/models/bonded.server.ts'
import { getApplicationIntake, similarSearches } from '#app/models/application-intake.server.ts'
import { BeforeApplying, PENDING_CONFIRMED } from '#app/routes/_listings.animals.$animalId_.apply/before-applying.tsx'
import { getListedAnimal } from '#app/models/listing.server.ts'
import { forgetApplyingFor, rememberApplyingFor } from '#app/utils/applying-for.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { readForm } from '#app/utils/request.server.ts'
import { getPublicSupabase } from '#app/utils/supabase.server.ts'
import { createToastHeaders } from '#app/utils/toast.server.ts'

const NOTE_MAX = 2000
const PRIVATE = { 'Cache-Control': 'private, no-store' }

async function listedAnimal(id: string, headers: Headers) {
  const animal = await getListedAnimal(getPublicSupabase(), id)
  if (!animal) throw new Response('This pet is no longer listed', { status: 404, headers })
  return animal
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, supabase, headers } = await requireUser(request)
  const animal = await listedAnimal(params.animalId ?? '', headers)
  const open = await getOpenApplicationFor(supabase, user.id, animal.id)
  if (open) throw redirect(`/account/applications/${open.id}`, { headers })
  const [missing, bonded, questions, intake] = await Promise.all([
    getProfileGaps(supabase),
    bondedGroupOf(getPublicSupabase(), animal),
    getShelterQuestions(supabase, animal.shelter.id),
    getApplicationIntake(supabase, animal.id),
  ])
  // Paused or full: no form (the database refuses one sent anyway). Pending: ask first.
  const pendingConfirmed = new URL(request.url).searchParams.get(PENDING_CONFIRMED.name) === PENDING_CONFIRMED.value
  const before =
    intake.state !== 'open'
      ? { closed: { state: intake.state, openCap: intake.openCap, ...similarSearches(animal.type, animal.shelter.zip_code) } }
      : animal.status === 'pending' && !pendingConfirmed
        ? { closed: null }
        : null
  // Off to finish the profile: its pages offer the way back here.
  const remember = missing.length
    ? { 'Set-Cookie': await rememberApplyingFor({ path: `/animals/${animal.id}/apply`, name: animal.name }, request) }
    : null
  return json(
    {
      animal: { id: animal.id, name: animal.name },
      shelter: { name: animal.shelter.shelter_name, place: placeLabel(animal.shelter.city, animal.shelter.state) },
      missing,
      bonded,
      questions,
      before,
    },
    { headers: combineHeaders(headers, PRIVATE, remember) },
  )
}

export const headers = () => PRIVATE

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const animal = await listedAnimal(params.animalId ?? '', headers)
  const form = await readForm(request)
  const note = String(form.get('note') ?? '').trim()
  // The shelter's own questions: each answer checked here for the page, and again when sent.
  const { typed, answers, errors } = readAnswers(form, await getShelterQuestions(supabase, animal.shelter.id))
  const refuse = (error: string | null) => json({ note, typed, errors, error }, { status: 400, headers })
  if (note.length > NOTE_MAX) return refuse(`Keep your note to ${NOTE_MAX.toLocaleString('en-US')} characters`)
  if (Object.keys(errors).length) return refuse('Answer the shelter’s questions marked above')
  try {
    const application = await submitApplicationWithAnswers(supabase, animal.id, note, answers)
    const toast = await createToastHeaders({ type: 'success', description: `Application sent to ${animal.shelter.shelter_name}` }, request)
    const forget = { 'Set-Cookie': await forgetApplyingFor(request) }
    return redirect(`/account/applications/${application.id}`, { headers: combineHeaders(headers, toast, forget) })
  } catch (error) {
    if (error instanceof ApplicationRefusal) return refuse(error.message)
    throw error
  }
}

export default function ApplyPage() {
  const { animal, shelter, missing, bonded, questions, before } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  if (before) return <BeforeApplying animal={animal} shelterName={shelter.name} closed={before.closed} />
  return (
    <Container className="py-10 sm:py-14">
      <AnimalBreadcrumb animal={animal} page="Apply" />
      <div className="mt-6 max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">Apply to adopt {animal.name}</h1>
        <p className="mt-2 text-lg text-gray-700">
          Your application goes to {shelter.name}
          {shelter.place ? `, ${shelter.place}` : ''}.
        </p>
        {bonded ? (
          <p className="mt-4 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-gray-800">
            {bonded.names} are a bonded {bonded.kind}: they go home together, so this application is for all of them.
          </p>
        ) : null}

        {missing.length ? (
          <section aria-labelledby="missing-heading" className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-5">
            <h2 id="missing-heading" className="text-lg font-bold text-gray-900">
              Finish your application profile first
            </h2>
            <p className="mt-2 text-gray-800">
              Shelters ask every adopter the same questions, so you answer them once, in your application profile, and send it with each
              application. It still needs:
            </p>
            <ul className="mt-3 list-disc pl-6 text-gray-800">
              {missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <Link to="/account/application" className={`${buttonStyles.primary} mt-5`}>
              Finish your application profile
            </Link>
          </section>
        ) : (
          <Form method="post" className="mt-8 flex flex-col gap-5">
            <section aria-labelledby="profile-heading" className="rounded-2xl bg-brand-50 p-5">
              <h2 id="profile-heading" className="text-lg font-bold text-gray-900">
                Your application profile is ready
              </h2>
              <p className="mt-2 text-gray-800">
                {shelter.name} receives your answers as they are now: your contact details, household, home, other pets, veterinarian and
                experience. Later changes to your profile do not change an application you sent.
              </p>
              <Link to="/account/application/review" className="mt-3 inline-block font-semibold text-brand-800 underline">
                Review or edit your profile
              </Link>
            </section>
            <ShelterQuestionFields shelterName={shelter.name} questions={questions} typed={actionData?.typed} errors={actionData?.errors} />
            <TextareaField
              labelProps={{ children: `A note to ${shelter.name} (optional)` }}
              textareaProps={{
                name: 'note',
                rows: 5,
                maxLength: NOTE_MAX,
                defaultValue: actionData?.note ?? '',
                placeholder: `Why ${animal.name}? Anything the shelter should know?`,
                disabled: submitting,
              }}
            />
            <ErrorList id="apply-error" errors={actionData?.error ? [actionData.error] : null} />
            <div className="flex flex-wrap items-center gap-4">
              <SubmitButton pending={submitting} pendingText="Sending…">
                Send application
              </SubmitButton>
              <Link to={`/animals/${animal.id}`} className="font-semibold text-brand-800 underline">
                Cancel
              </Link>
            </div>
          </Form>
        )}
      </div>
    </Container>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Apply to adopt ${data.animal.name} | Pawhaven` : 'Apply | Pawhaven' },
  { name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
