import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { EmptyState, PageHeader, buttonClass } from '~/components/dashboard/cards'
import { PawIcon, PlusIcon, SearchIcon } from '~/components/dashboard/icons'
import { inputClass } from '~/components/forms'
import { requireShelter } from '~/utils/dashboard.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { headers } = await requireShelter(request, params, { vetted: true })
  return json({}, { headers })
}

// The controls are the spec's, inert until the listings issue makes them work.
export default function DashboardAnimals() {
  return (
    <div>
      <PageHeader
        title="Animals"
        description="Manage the animals listed by your shelter."
        action={
          <button type="button" className={buttonClass.primary}>
            <PlusIcon className="h-4 w-4" />
            Add Animal
          </button>
        }
      />
      <div className="relative mb-6 max-w-md">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500" />
        <input type="search" aria-label="Search animals" placeholder="Search animals..." className={`${inputClass} pl-9`} />
      </div>
      <EmptyState icon={<PawIcon className="h-10 w-10" />} title="No animals listed yet">
        <p className="mt-1 max-w-md text-sm text-gray-600">
          Add the animals in your care so adopters can find them, or connect your animal-management software.
        </p>
        <button type="button" className={`${buttonClass.primary} mt-4`}>
          <PlusIcon className="h-4 w-4" />
          Add Your First Animal
        </button>
      </EmptyState>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Animals | Shelter Dashboard | Pawhaven' }]
