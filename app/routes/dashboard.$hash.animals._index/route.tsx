import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { AnimalDeleteButton } from '#app/components/dashboard/animal-delete-dialog.tsx'
import { AnimalLocationNotice } from '#app/components/dashboard/animal-location-notice.tsx'
import { AnimalStatusBadge, MarkAdoptedButton } from '#app/components/dashboard/animal-status.tsx'
import { EmptyState, PageHeader, buttonClass } from '#app/components/dashboard/cards.tsx'
import { PawIcon, PlusIcon, SearchIcon } from '#app/components/dashboard/icons.tsx'
import { inputClass } from '#app/components/ui/forms.tsx'
import { parseListFilters } from '#app/models/animal-form-schema.ts'
import { countShelterAnimals, listShelterAnimals, shelterIsLocated } from '#app/models/animal.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { formatDate } from '#app/utils/date-time.ts'
import { getReaderZone } from '#app/utils/reader-zone.server.ts'
import { animalPhotoSrc } from '#app/utils/photos.ts'
import { AGE_GROUP_LABELS_WITH_YEARS, ANIMAL_STATUSES, ANIMAL_TYPE_LABELS, STATUS_LABELS, hasMemberRole } from '#app/utils/vocabulary.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, profile, role, supabase, headers, basePath } = await requireShelter(request, params, { vetted: true })
  const zone = await getReaderZone(request, { user, supabase })
  const filters = parseListFilters(new URL(request.url).searchParams)
  const [{ animals, total }, counts] = await Promise.all([
    listShelterAnimals(supabase, profile.id, filters),
    countShelterAnimals(supabase, profile.id),
  ])
  return json(
    {
      basePath,
      // Adding, deleting and status changes are for staff members and above; volunteers edit notes and photos.
      canManage: hasMemberRole(role, 'staff'),
      filters,
      located: shelterIsLocated(profile),
      hasAnimals: counts.all > 0,
      total,
      animals: animals.map((animal) => ({
        id: animal.id,
        name: animal.name,
        type: animal.type,
        breed: [animal.primary_breed, animal.secondary_breed].filter(Boolean).join(' / ') || null,
        mixed: animal.mixed_breed,
        ageGroup: animal.age_group,
        status: animal.status,
        updatedOn: formatDate(animal.updated_at, zone),
        // Where it came from: a sync source by name, or (null) entered by hand.
        source: animal.source_id ? (animal.source?.name ?? 'Listing sync') : null,
        bonded: animal.bonded_group_id !== null,
        photo: animalPhotoSrc(animal.animal_photos[0], 160),
      })),
    },
    { headers },
  )
}

export default function AnimalList() {
  const { basePath, canManage, filters, located, hasAnimals, total, animals } = useLoaderData<typeof loader>()
  const location = useLocation()
  const here = location.pathname + location.search
  const addLink = `${basePath}/animals/new`

  return (
    <div>
      <PageHeader
        title="Animals"
        description="Manage the animals listed by your shelter."
        action={
          canManage ? (
            <Link to={addLink} className={buttonClass.primary}>
              <PlusIcon className="h-4 w-4" />
              Add Animal
            </Link>
          ) : null
        }
      />
      {located ? null : <AnimalLocationNotice settingsPath={`${basePath}/settings`} />}

      {/* Keyed by the filters, so the boxes show what the URL asks for after each search. */}
      {/* An explicit action: an index route's own GET form would add `?index` to the URL. */}
      <Form
        key={`${filters.q}|${filters.status ?? ''}`}
        method="get"
        action={`${basePath}/animals`}
        role="search"
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <div className="relative w-full max-w-md">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500" />
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            aria-label="Search animals"
            placeholder="Search animals..."
            className={`${inputClass} pl-9`}
          />
        </div>
        <select name="status" defaultValue={filters.status ?? ''} aria-label="Status" className={`${inputClass} w-auto`}>
          <option value="">All statuses</option>
          {ANIMAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </Form>

      {!hasAnimals ? (
        <EmptyState icon={<PawIcon className="h-10 w-10" />} title="No animals listed yet">
          <p className="mt-1 max-w-md text-sm text-gray-600">
            Add the animals in your care so adopters can find them, or connect your animal-management software.
          </p>
          {canManage ? (
            <Link to={addLink} className={`${buttonClass.primary} mt-4`}>
              <PlusIcon className="h-4 w-4" />
              Add Your First Animal
            </Link>
          ) : null}
        </EmptyState>
      ) : animals.length === 0 ? (
        <EmptyState icon={<SearchIcon className="h-10 w-10" />} title="No animals match your search">
          <Link to={`${basePath}/animals`} className={`${buttonClass.secondary} mt-4`}>
            Clear filters
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-gray-600" aria-live="polite">
            {total === 1 ? '1 animal' : `${total} animals`}
          </p>
          <ul className="flex flex-col gap-3" aria-label="Your animals">
            {animals.map((animal) => (
              <li key={animal.id} className="flex flex-wrap items-center gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
                {animal.photo ? (
                  <img src={animal.photo} alt="" className="h-16 w-16 rounded-md object-cover" loading="lazy" />
                ) : (
                  <span className="flex h-16 w-16 items-center justify-center rounded-md bg-gray-100 text-gray-500" aria-hidden="true">
                    <PawIcon className="h-6 w-6" />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-base font-semibold text-gray-900">
                      <Link to={`${basePath}/animals/${animal.id}`} className="hover:underline">
                        {animal.name}
                      </Link>
                    </h2>
                    <AnimalStatusBadge status={animal.status} />
                    {animal.bonded ? (
                      <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                        Bonded: adopted together
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-gray-600">
                    {[
                      ANIMAL_TYPE_LABELS[animal.type],
                      animal.breed ? `${animal.breed}${animal.mixed ? ' mix' : ''}` : null,
                      AGE_GROUP_LABELS_WITH_YEARS[animal.ageGroup],
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-xs text-gray-600">
                    Updated {animal.updatedOn} · {animal.source ? `From ${animal.source}` : 'Entered by hand'}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`${basePath}/animals/${animal.id}`}
                    className={`${buttonClass.secondary} px-3 py-1.5`}
                    aria-label={`Edit ${animal.name}`}
                  >
                    Edit
                  </Link>
                  {animal.status === 'adopted' || !canManage ? null : (
                    <MarkAdoptedButton animalPath={`${basePath}/animals/${animal.id}`} redirectTo={here} name={animal.name} />
                  )}
                  {canManage ? <AnimalDeleteButton name={animal.name} deletePath={`${basePath}/animals/${animal.id}/delete`} /> : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Animals | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
