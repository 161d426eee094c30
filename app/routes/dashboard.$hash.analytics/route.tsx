import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ActivityChart } from '#app/components/dashboard/activity-chart.tsx'
import { Card, CardTitle, PageHeader, StatCard } from '#app/components/dashboard/cards.tsx'
import { ChartIcon, EyeIcon, HeartIcon, ShareIcon } from '#app/components/dashboard/icons.tsx'
import { Pagination } from '#app/components/listings/pagination.tsx'
import { getShelterAnalytics, type AnimalActivity } from '#app/models/analytics.server.ts'
import {
  ANIMALS_PER_PAGE,
  PERIOD_DAYS,
  changeNote,
  dayLabel,
  engagementRate,
  engagements,
  formatRate,
  parseTableState,
  periodLabel,
  rateChangeNote,
  sortQuery,
  tableQuery,
  type SortColumn,
  type TableState,
} from '#app/utils/analytics.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { STATUS_LABELS } from '#app/utils/vocabulary.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true })
  let table = parseTableState(new URL(request.url).searchParams)
  let analytics = await getShelterAnalytics(supabase, table)
  const pageCount = Math.max(1, Math.ceil(analytics.listed_count / ANIMALS_PER_PAGE))
  // A page past the last (an old link, a hand-typed number) shows the last page.
  if (table.page > pageCount) {
    table = { ...table, page: pageCount }
    analytics = await getShelterAnalytics(supabase, table)
  }
  return json({ basePath, table, pageCount, ...analytics }, { headers })
}

const NUMBER = new Intl.NumberFormat('en-US')

export default function DashboardAnalytics() {
  const data = useLoaderData<typeof loader>()
  const { current, previous } = data
  const cards = [
    { label: 'Total Views', value: NUMBER.format(current.views), note: changeNote(current.views, previous.views), Icon: EyeIcon },
    {
      label: 'Favorites',
      value: NUMBER.format(current.favorites),
      note: changeNote(current.favorites, previous.favorites),
      Icon: HeartIcon,
    },
    { label: 'Shares', value: NUMBER.format(current.shares), note: changeNote(current.shares, previous.shares), Icon: ShareIcon },
    { label: 'Engagement Rate', value: formatRate(engagementRate(current)), note: rateChangeNote(current, previous), Icon: ChartIcon },
  ]
  return (
    <div>
      <PageHeader title="Analytics" description="See how your listings are performing." />
      <p className="mb-4 text-sm text-gray-700">
        Last {PERIOD_DAYS} days ({periodLabel(data.period_start, data.today)}), compared with the {PERIOD_DAYS} days before them (“last
        month”).
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, note, Icon }) => (
          <StatCard key={label} label={label} value={value} note={note} icon={<Icon />} />
        ))}
      </div>
      <dl className="mt-4 grid gap-2 text-sm text-gray-700 md:grid-cols-2">
        <div>
          <dt className="inline font-semibold text-gray-900">Engagement rate: </dt>
          <dd className="inline">
            favorites, shares, questions and applications per view, as a percentage ({NUMBER.format(engagements(current))} for{' '}
            {NUMBER.format(current.views)} views).
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold text-gray-900">How we count: </dt>
          <dd className="inline">
            a view is a visit to an animal’s page, counted once a day per visitor’s network address; search engines and other bots are left
            out. Days run on US Eastern time.
          </dd>
        </div>
      </dl>

      {data.listed_count === 0 ? (
        <Card className="mt-6">
          <div className="flex flex-col items-center justify-center py-12 text-center">
            <ChartIcon className="mb-3 h-10 w-10 text-gray-500" />
            <p className="text-gray-700">Analytics data will appear here once you have active listings</p>
          </div>
        </Card>
      ) : (
        <>
          <DailyChart days={data.daily} />
          <AnimalsTable
            basePath={data.basePath}
            animals={data.animals}
            table={data.table}
            pageCount={data.pageCount}
            count={data.listed_count}
          />
        </>
      )}
    </div>
  )
}

function DailyChart({ days }: { days: Array<{ day: string; views: number; actions: number }> }) {
  return (
    <Card className="mt-6">
      <CardTitle id="daily-title">Last {PERIOD_DAYS} days</CardTitle>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-gray-700">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-brand-400" /> Views
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-sky-800" /> Engagements (favorites, shares, questions and
          applications)
        </li>
      </ul>
      <div className="mt-3">
        <ActivityChart days={days} titleId="daily-chart-title" descId="daily-chart-desc" />
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-800 hover:underline">Show the figures by day</summary>
        <div className="mt-2 overflow-x-auto rounded-lg border border-gray-200">
          <table className="min-w-full divide-y divide-gray-200">
            <caption className="sr-only">Views and engagements by day, last {PERIOD_DAYS} days</caption>
            <thead className="bg-gray-50 text-left text-gray-700">
              <tr>
                <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
                  Day
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                  Views
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                  Engagements
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {[...days].reverse().map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="whitespace-nowrap px-2 py-1.5 text-left font-normal text-gray-800 sm:px-3">
                    {dayLabel(day.day, true)}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums sm:px-3">{NUMBER.format(day.views)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums sm:px-3">{NUMBER.format(day.actions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  )
}

const COLUMNS: Array<{ key: keyof AnimalActivity; label: string; sort?: SortColumn }> = [
  { key: 'views', label: 'Views', sort: 'views' },
  { key: 'favorites', label: 'Favorites', sort: 'favorites' },
  { key: 'shares', label: 'Shares' },
  { key: 'questions', label: 'Questions', sort: 'questions' },
  { key: 'applications', label: 'Applications' },
  { key: 'days_listed', label: 'Days listed', sort: 'days_listed' },
]

function AnimalsTable({
  basePath,
  animals,
  table,
  pageCount,
  count,
}: {
  basePath: string
  animals: AnimalActivity[]
  table: TableState
  pageCount: number
  count: number
}) {
  const sortedBy = COLUMNS.find((column) => column.sort === table.sort)!.label.toLowerCase()
  const order =
    table.dir === 'desc'
      ? table.sort === 'days_listed'
        ? 'longest listed first'
        : 'highest first'
      : table.sort === 'days_listed'
        ? 'newest first'
        : 'lowest first'
  return (
    <Card className="mt-6">
      <CardTitle id="animals-title">Your listed animals</CardTitle>
      <p className="mt-1 text-sm text-gray-700">
        {NUMBER.format(count)} {count === 1 ? 'animal' : 'animals'} listed now, with each one’s figures since it was listed, sorted by{' '}
        {sortedBy}, {order}. Select a column’s name to sort by it.
      </p>
      {/* On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region, named by the card's title */}
      <div className="mt-4 overflow-x-auto rounded-lg border border-gray-200" tabIndex={0} role="region" aria-labelledby="animals-title">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">
            Listed animals, figures since each was listed, sorted by {sortedBy}, {order}
          </caption>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Animal
              </th>
              {COLUMNS.map((column) => {
                const active = column.sort === table.sort
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (table.dir === 'desc' ? 'descending' : 'ascending') : undefined}
                    className="whitespace-nowrap px-4 py-3 text-right font-semibold"
                  >
                    {column.sort ? (
                      <Link
                        to={`${basePath}/analytics${sortQuery(table, column.sort)}`}
                        className="text-brand-800 underline hover:text-brand-900"
                      >
                        {column.label}
                        {active ? <span aria-hidden="true">{table.dir === 'desc' ? ' ↓' : ' ↑'}</span> : null}
                      </Link>
                    ) : (
                      column.label
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {animals.map((animal) => (
              <tr key={animal.id}>
                <th scope="row" className="px-4 py-3 text-left font-normal">
                  <Link to={`/animals/${animal.id}`} className="font-semibold text-brand-800 underline hover:text-brand-900">
                    {animal.name}
                  </Link>
                  {animal.status !== 'available' ? (
                    <span className="ml-2 text-xs text-gray-600">{STATUS_LABELS[animal.status]}</span>
                  ) : null}
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.key} className="px-4 py-3 text-right tabular-nums text-gray-800">
                    {animal[column.key] === null ? '—' : NUMBER.format(Number(animal[column.key]))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={table.page}
        pageCount={pageCount}
        label="Pages of listed animals"
        hrefFor={(page) => `${basePath}/analytics${tableQuery({ ...table, page })}`}
      />
    </Card>
  )
}

export const meta: MetaFunction = () => [{ title: 'Analytics | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
