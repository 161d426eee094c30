import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { formatDue } from '#app/utils/date-time.ts'
import { cn } from '#app/utils/misc.ts'

/**
 * An open item's deadline as the team reads it ('due in 2 days', 'overdue by 1 day'), counted in
 * the reader's zone from `now`, the server's time of the request, so the server's HTML and the
 * browser's render say the same. Relative: its screen-reader text stays inside a table that scrolls.
 */
export function DueBadge({ due, now }: { due: string; now: string }) {
  const format = useDateTimeFormat()
  const label = formatDue(due, now, format.zone)
  return (
    <span
      className={cn(
        'relative inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
        label.startsWith('overdue') ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900',
      )}
    >
      <time dateTime={due}>{label}</time>
      <span className="sr-only">, answer by {format.dateTime(due)}</span>
    </span>
  )
}
