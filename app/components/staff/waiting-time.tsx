import { cn } from '#app/utils/misc.ts'

/** Hours since a request, against the promise of an answer within 24-48 hours. */
export function WaitingTime({ hours }: { hours: number }) {
  const label = hours < 1 ? 'under an hour' : hours < 48 ? `${Math.floor(hours)} h` : `${Math.floor(hours / 24)} days`
  const state = hours < 24 ? 'On time' : hours < 48 ? 'Due soon' : 'Overdue'
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{label}</span>
      <span
        className={cn(
          'rounded-full px-2 py-0.5 text-xs font-semibold',
          state === 'On time' && 'bg-green-100 text-green-900',
          state === 'Due soon' && 'bg-amber-100 text-amber-900',
          state === 'Overdue' && 'bg-red-100 text-red-900',
        )}
      >
        {state}
      </span>
    </span>
  )
}

export const VETTING_STATUS_LABELS: Record<string, string> = {
  requested: 'Meeting requested',
  scheduled: 'Meeting scheduled',
  held: 'Meeting held',
  information_requested: 'Waiting for information',
  approved: 'Approved',
  rejected: 'Rejected',
}
