import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useOutlet, type ClientActionFunctionArgs } from '@remix-run/react'
import { z } from 'zod'
import { AnimalDeleteButton } from '#app/components/dashboard/animal-delete-dialog.tsx'
import { BondedCompanions } from '#app/components/dashboard/bonded-companions.tsx'
import { AnimalApplicationLimits } from '#app/components/dashboard/animal-application-limits.tsx'
import { getApplicationIntake, getApplicationLimits, readOpenCap, saveApplicationLimits } from '#app/models/application-intake.server.ts'
import { AnimalForm } from '#app/components/dashboard/animal-form.tsx'
import { postWithProgress } from '#app/utils/upload-progress.ts'
import { AnimalStatusBadge, MarkAdoptedButton } from '#app/components/dashboard/animal-status.tsx'
import { BackToAnimals, Card, CardTitle, PageHeader, buttonClass } from '#app/components/dashboard/cards.tsx'
import { SelectField } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { ANIMAL_STATUSES, STATUS_LABELS, hasMemberRole, optionsOf, type AnimalStatus } from '#app/utils/vocabulary.ts'
import { animalColumns, animalNoteColumns } from '#app/models/animal-form-schema.ts'
import {
  animalDefaults,
  detachAnimal,
  getShelterAnimal,
  readAnimalForm,
  readAnimalNotesForm,
  saveAnimal,
  setAnimalStatus,
  type AnimalChanges,
} from '#app/models/animal.server.ts'
import { BondRefusal, bondCandidates, companionsOf, linkBonded, unlinkBonded } from '#app/models/bonded.server.ts'
import { logUnexpected } from '#app/utils/backend.server.ts'
import { requireShelter, requireMemberRole } from '#app/utils/dashboard.server.ts'
import { invariantResponse, safeRedirect } from '#app/utils/misc.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readForm } from '#app/utils/request.server.ts'

/** 'Mark as adopted' (and any other status change): a small urlencoded form, posted once confirmed (animal-status.tsx). */
const StatusIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('set-status'), status: z.enum(ANIMAL_STATUSES), redirectTo: z.string().optional() }),
  z.object({ intent: z.literal('detach') }),
  // Bonded companions: add one from the shelter's animals, or take one (or this animal) out of the group.
  z.object({ intent: z.literal('link-bonded'), companionId: z.string().default('') }),
  z.object({ intent: z.literal('unlink-bonded'), animalId: z.string().uuid() }),
  // Applications paused, or capped at a number open at once.
  z.object({ intent: z.literal('application-limits'), paused: z.literal('on').optional(), open_cap: z.string().default('') }),
])

// Every member edits an animal's photos and notes; staff members and above edit the rest, and
// change its status. A volunteer gets the same form with only the notes and photos enabled.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, role, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true })
  const animal = await getShelterAnimal(supabase, profile.id, params.animalId ?? '')
  invariantResponse(animal, 'Animal not found', { status: 404, headers })
  const canManage = hasMemberRole(role, 'staff')
  const [companions, candidates, limits, intake] = await Promise.all([
    companionsOf(supabase, [animal.id]),
    canManage ? bondCandidates(supabase, profile.id, animal.id) : [],
    canManage ? getApplicationLimits(supabase, animal.id) : null,
    canManage ? getApplicationIntake(supabase, animal.id) : null,
  ])
  const bonded = companions.get(animal.id) ?? []
  return json(
    {
      basePath,
      notesOnly: !hasMemberRole(role, 'staff'),
      animal: { id: animal.id, name: animal.name, status: animal.status, listed: animal.listed, updatedAt: animal.updated_at },
      // A synced animal's details are its source's (supabase/migrations/20261126002000_listing_sync.sql).
      sourceName: animal.source_id ? (animal.source?.name ?? 'your listing sync') : null,
      defaultValue: animalDefaults(animal),
      photos: animal.animal_photos.map(({ id, storage_path, external_url, alt }) => ({ id, storage_path, external_url, alt })),
      companions: bonded.map(({ id, name, status }) => ({ id, name, status })),
      // The check constraint holds status to the vocabulary; companions already in the group are not offered.
      bondCandidates: candidates
        .filter((candidate) => !bonded.some((companion) => companion.id === candidate.id))
        .map(({ id, name, status, bonded_group_id }) => ({ id, name, status: status as AnimalStatus, bonded: bonded_group_id !== null })),
      applicationLimits: limits && intake ? { ...limits, openCount: intake.openCount } : null,
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const shelter = await requireShelter(request, params, { vetted: true })
  const { profile, role, supabase, headers, basePath } = shelter
  const animal = await getShelterAnimal(supabase, profile.id, params.animalId ?? '')
  invariantResponse(animal, 'Animal not found', { status: 404, headers })
  const editPath = `${basePath}/animals/${animal.id}`

  // The edit form is multipart (it carries photos); anything else is a status change.
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    requireMemberRole(shelter, 'staff')
    const submission = StatusIntentSchema.safeParse(Object.fromEntries(await readForm(request)))
    invariantResponse(submission.success, 'Unknown animal action', { status: 400, headers })
    if (submission.data.intent === 'link-bonded') {
      const { companionId } = submission.data
      if (!z.string().uuid().safeParse(companionId).success) {
        return json({ bondError: `Choose the animal ${animal.name} must be adopted with`, companionId }, { status: 400, headers })
      }
      try {
        await linkBonded(supabase, animal.id, companionId)
      } catch (error) {
        if (!(error instanceof BondRefusal)) throw error
        return json({ bondError: error.message, companionId }, { status: 400, headers })
      }
      return redirectWithToast(editPath, { type: 'success', description: `${animal.name} has a bonded companion` }, { headers }, request)
    }
    if (submission.data.intent === 'unlink-bonded') {
      await unlinkBonded(supabase, submission.data.animalId)
      return redirectWithToast(editPath, { type: 'success', description: 'The companion was removed' }, { headers }, request)
    }
    if (submission.data.intent === 'application-limits') {
      const cap = readOpenCap(submission.data.open_cap)
      const paused = submission.data.paused === 'on'
      if ('error' in cap) {
        return json({ limitsError: cap.error, typedCap: submission.data.open_cap, typedPaused: paused }, { status: 400, headers })
      }
      await saveApplicationLimits(supabase, animal.id, { paused, openCap: cap.openCap })
      const description = paused
        ? `Applications for ${animal.name} are paused`
        : cap.openCap === null
          ? `${animal.name} takes applications`
          : `${animal.name} accepts up to ${cap.openCap} open ${cap.openCap === 1 ? 'application' : 'applications'}`
      return redirectWithToast(editPath, { type: 'success', description }, { headers }, request)
    }
    if (submission.data.intent === 'detach') {
      await detachAnimal(supabase, animal.id)
      return redirectWithToast(editPath, { type: 'success', description: `${animal.name} is yours to edit now` }, { headers }, request)
    }
    const { status } = submission.data
    const redirectTo = safeRedirect(submission.data.redirectTo, editPath)
    const saved = await setAnimalStatus(supabase, animal.id, status).catch((error) => {
      logUnexpected(error)
      return false
    })
    const description = saved
      ? status === 'adopted'
        ? `${animal.name} was marked as adopted`
        : `${animal.name} is now ${STATUS_LABELS[status].toLowerCase()}`
      : "We couldn't change the status. Please try again."
    return redirectWithToast(redirectTo, { type: saved ? 'success' : 'error', description }, { headers }, request)
  }

  // A volunteer's form sends the notes and photos only; the database refuses them anything else.
  const notesOnly = !hasMemberRole(role, 'staff')
  const form = notesOnly
    ? await readAnimalNotesForm(supabase, request, animal.animal_photos)
    : await readAnimalForm(supabase, request, animal.animal_photos)
  const { submission, photoErrors, processed, removeIds, mainPhotoId } = form
  if (submission.status !== 'success' || photoErrors.length) {
    return json({ result: submission.reply(), photoErrors }, { status: 400, headers })
  }
  const changes: AnimalChanges = 'name' in submission.value ? animalColumns(submission.value) : animalNoteColumns(submission.value, animal)
  try {
    await saveAnimal(supabase, { animal, changes, removeIds, mainPhotoId }, processed)
  } catch (error) {
    logUnexpected(error)
    return json(
      { result: submission.reply({ formErrors: ["We couldn't save all your changes. Please try again."] }), photoErrors },
      { status: 500, headers },
    )
  }
  const name = changes.name ?? animal.name
  return redirectWithToast(editPath, { type: 'success', description: `${name} was saved` }, { headers }, request)
}

// With JavaScript the edit form (multipart: it carries photos) goes up with a progress bar;
// the status changes post as usual. The server's action answers both as ever.
export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return serverAction()
  return postWithProgress(request, 'routes/dashboard.$hash.animals.$animalId')
}

export default function EditAnimalRoute() {
  // The confirmation pages (delete, mark as adopted) are nested routes; they replace the form.
  const outlet = useOutlet()
  return outlet ?? <EditAnimal />
}

function EditAnimal() {
  const { basePath, notesOnly, sourceName, animal, defaultValue, photos, companions, bondCandidates, applicationLimits } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const formReply = actionData && 'result' in actionData ? actionData : undefined
  const bondReply = actionData && 'bondError' in actionData ? actionData : undefined
  const limitsReply = actionData && 'limitsError' in actionData ? actionData : undefined
  const location = useLocation()
  return (
    <div className="max-w-5xl">
      <BackToAnimals basePath={basePath} />
      <PageHeader
        title={`Edit ${animal.name}`}
        description={animal.listed ? 'Adopters can find this listing in search.' : 'This listing is not shown in search.'}
        action={
          <div className="flex flex-wrap items-center gap-2">
            <AnimalStatusBadge status={animal.status} />
            {animal.listed ? (
              <Link to={`/animals/${animal.id}`} className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
                View listing
              </Link>
            ) : null}
            {animal.status === 'adopted' || notesOnly ? null : (
              <MarkAdoptedButton animalPath={`${basePath}/animals/${animal.id}`} redirectTo={location.pathname} name={animal.name} />
            )}
            {notesOnly ? null : <AnimalDeleteButton name={animal.name} deletePath={`${basePath}/animals/${animal.id}/delete`} />}
          </div>
        }
      />
      {sourceName ? <SyncedNotice name={animal.name} sourceName={sourceName} status={animal.status} canChange={!notesOnly} /> : null}
      {/* A save starts the form afresh from what was stored. */}
      <AnimalForm
        key={animal.updatedAt}
        id="animal-form"
        defaultValue={defaultValue}
        lastResult={formReply?.result}
        photoErrors={formReply?.photoErrors}
        existingPhotos={photos}
        notesOnly={notesOnly}
        readOnly={sourceName !== null}
        submitLabel="Save Changes"
      />
      <BondedCompanions
        name={animal.name}
        basePath={basePath}
        companions={companions}
        candidates={bondCandidates}
        canChange={!notesOnly}
        error={bondReply?.bondError}
        selected={bondReply?.companionId}
      />
      {applicationLimits ? (
        <AnimalApplicationLimits
          name={animal.name}
          paused={limitsReply?.typedPaused ?? applicationLimits.paused}
          openCap={applicationLimits.openCap}
          openCount={applicationLimits.openCount}
          error={limitsReply?.limitsError}
          typedCap={limitsReply?.typedCap}
        />
      ) : null}
    </div>
  )
}

/** A synced animal: where its details come from, its status (still the shelter's), and the way to make it the shelter's own. */
function SyncedNotice({
  name,
  sourceName,
  status,
  canChange,
}: {
  name: string
  sourceName: string
  status: AnimalStatus
  canChange: boolean
}) {
  const submitting = useIsSubmitting()
  return (
    <Card className="mb-6 border-brand-200 bg-brand-50">
      <CardTitle>From {sourceName}</CardTitle>
      <p className="mt-2 text-sm text-gray-800">
        {name}’s details come from {sourceName}: change them there, and the next file brings them here.
        {canChange ? ` To edit them here instead, detach ${name}: that source will no longer change or remove it.` : ''}
      </p>
      {canChange ? (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="set-status" />
            <SelectField
              labelProps={{ children: 'Status' }}
              selectProps={{ name: 'status', defaultValue: status, disabled: submitting }}
              options={optionsOf(ANIMAL_STATUSES, STATUS_LABELS)}
            />
            <button type="submit" disabled={submitting} className={buttonClass.secondary}>
              Save status
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="detach" />
            <button type="submit" disabled={submitting} className={buttonClass.secondary}>
              Detach from {sourceName}
            </button>
          </Form>
        </div>
      ) : null}
    </Card>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.animal.name ? `Edit ${data.animal.name}` : 'Animal'} | Shelter Dashboard | Pawhaven` },
]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
