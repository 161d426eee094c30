import { Form, Link } from '@remix-run/react'
import { AnimalStatusBadge } from '#app/components/dashboard/animal-status.tsx'
import { CardTitle, buttonClass } from '#app/components/dashboard/cards.tsx'
import { SelectField } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { STATUS_LABELS, type AnimalStatus } from '#app/utils/vocabulary.ts'

type Companion = { id: string; name: string; status: AnimalStatus }
type Candidate = Companion & { bonded: boolean }

/**
 * An animal's bonded companions on its edit page: the animals it must be adopted with, each
 * with 'Remove', and (for staff and above) a form to add one from the shelter's other animals.
 * Plain forms: it works without JavaScript; a refusal comes back under the select.
 */
export function BondedCompanions({
  name,
  basePath,
  companions,
  candidates,
  canChange,
  error,
  selected,
}: {
  name: string
  basePath: string
  companions: Companion[]
  candidates: Candidate[]
  canChange: boolean
  error?: string
  selected?: string
}) {
  const submitting = useIsSubmitting()
  return (
    <section aria-labelledby="bonded-companions" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <CardTitle id="bonded-companions">Bonded companions</CardTitle>
      <p className="mt-1 text-sm text-gray-600">
        Animals that must be adopted together. Adopters see them on each other’s pages and as one card in search, and one application covers
        them all; marking that application adopted marks them all adopted.
      </p>
      {companions.length ? (
        <ul className="mt-4 flex flex-col gap-2">
          {companions.map((companion) => (
            <li key={companion.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 px-3 py-2">
              <Link to={`${basePath}/animals/${companion.id}`} className="font-medium text-brand-700 underline hover:text-brand-800">
                {companion.name}
              </Link>
              <AnimalStatusBadge status={companion.status} />
              {canChange ? (
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="unlink-bonded" />
                  <input type="hidden" name="animalId" value={companion.id} />
                  <button
                    type="submit"
                    disabled={submitting}
                    className={`${buttonClass.secondary} px-3 py-1.5`}
                    aria-label={`Remove ${companion.name} from ${name}’s companions`}
                  >
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-gray-800">{name} has no bonded companions.</p>
      )}
      {canChange ? (
        candidates.length ? (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="link-bonded" />
            <SelectField
              className="min-w-0 flex-1 sm:max-w-sm"
              labelProps={{ children: `Add a companion for ${name}` }}
              selectProps={{ name: 'companionId', defaultValue: selected ?? '', required: true, disabled: submitting }}
              options={[
                { value: '', label: 'Choose an animal' },
                ...candidates.map((candidate) => ({
                  value: candidate.id,
                  label: `${candidate.name}${candidate.status === 'available' ? '' : ` (${STATUS_LABELS[candidate.status].toLowerCase()})`}${candidate.bonded ? ', bonded with others' : ''}`,
                })),
              ]}
              errors={error ? [error] : undefined}
            />
            <button type="submit" disabled={submitting} className={buttonClass.secondary}>
              Add companion
            </button>
          </Form>
        ) : (
          <p className="mt-4 text-sm text-gray-600">Add another animal to your shelter to bond it with {name}.</p>
        )
      ) : null}
    </section>
  )
}

/**
 * On an application or a conversation about an animal of a bonded group: the companions it
 * covers, each linked to its edit page. `what` says what covers them ('This application').
 */
export function BondedGroupNote({
  basePath,
  companions,
  what,
  adoption,
}: {
  basePath: string
  companions: Companion[]
  what: string
  adoption?: boolean
}) {
  if (!companions.length) return null
  return (
    <p className="mt-2 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-gray-800">
      {what} covers the bonded {companions.length === 1 ? 'pair' : 'group'}: also{' '}
      {companions.map((companion, index) => (
        <span key={companion.id}>
          {index === 0 ? '' : index === companions.length - 1 ? ' and ' : ', '}
          <Link to={`${basePath}/animals/${companion.id}`} className="font-medium text-brand-700 underline hover:text-brand-800">
            {companion.name}
          </Link>
        </span>
      ))}
      {adoption ? '. Marking it adopted marks them all adopted.' : ', who go home together.'}
    </p>
  )
}
