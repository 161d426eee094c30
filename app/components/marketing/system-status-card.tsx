import { useEffect, useState } from 'react'
import { statusLabels, type ServiceStatus, type ServiceStatusKind } from '#app/content/system-status.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { formatDateTime } from '#app/utils/date-time.ts'
import { cn } from '#app/utils/misc.ts'

const statusStyles: Record<ServiceStatusKind, { dot: string; badge: string }> = {
  operational: { dot: 'bg-green-500', badge: 'bg-green-100 text-green-800' },
  maintenance: { dot: 'bg-amber-500', badge: 'bg-amber-100 text-amber-900' },
  outage: { dot: 'bg-red-500', badge: 'bg-red-100 text-red-800' },
}

/**
 * The System Status card. 'Last updated' is the visitor's own clock: the server renders its
 * time in the reader's zone (named when it is a fallback), and the browser replaces it with
 * its own clock and zone after hydration.
 */
export function SystemStatusCard({ statuses, renderedAt }: { statuses: readonly ServiceStatus[]; renderedAt: string }) {
  const [checkedAt, setCheckedAt] = useState<Date | null>(null)
  useEffect(() => setCheckedAt(new Date()), [])
  const format = useDateTimeFormat()

  return (
    <section aria-labelledby="system-status" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id="system-status" className="text-xl font-semibold text-gray-900">
        System Status
      </h2>
      <ul className="mt-4 divide-y divide-gray-100">
        {statuses.map(({ service, status }) => (
          <li key={service} className="flex items-center justify-between gap-4 py-3">
            <span className="flex items-center gap-2 text-gray-800">
              <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', statusStyles[status].dot)} />
              {service}
            </span>
            <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusStyles[status].badge)}>
              {statusLabels[status]}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-gray-600">
        Last updated:{' '}
        <time dateTime={checkedAt?.toISOString() ?? renderedAt} data-testid="status-updated">
          {checkedAt ? formatDateTime(checkedAt, { timeZone: browserTimeZone(), labelled: false }) : format.dateTime(renderedAt)}
        </time>
      </p>
    </section>
  )
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}
