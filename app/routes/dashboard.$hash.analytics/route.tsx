import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Card, PageHeader, StatCard } from '~/components/dashboard/cards'
import { ChartIcon, EyeIcon, HeartIcon, ShareIcon } from '~/components/dashboard/icons'
import { requireShelter } from '~/utils/dashboard.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { headers } = await requireShelter(request, params, { vetted: true })
  return json({}, { headers })
}

// Static until there are listings to measure (spec: analytics cards).
const CARDS = [
  { label: 'Total Views', value: '0', Icon: EyeIcon },
  { label: 'Favorites', value: '0', Icon: HeartIcon },
  { label: 'Shares', value: '0', Icon: ShareIcon },
  { label: 'Engagement Rate', value: '0%', Icon: ChartIcon },
]

export default function DashboardAnalytics() {
  return (
    <div>
      <PageHeader title="Analytics" description="See how your listings are performing." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map(({ label, value, Icon }) => (
          <StatCard key={label} label={label} value={value} note="+0% from last month" icon={<Icon />} />
        ))}
      </div>
      <Card className="mt-6">
        <div className="flex flex-col items-center justify-center py-12 text-center">
          <ChartIcon className="mb-3 h-10 w-10 text-gray-500" />
          <p className="text-gray-700">Analytics data will appear here once you have active listings</p>
        </div>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Analytics | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '~/components/dashboard/tab-error-boundary'
