import { Form } from '@remix-run/react'
import { STATUS_LABELS, type AnimalStatus } from '~/utils/vocabulary'
import { cn } from '~/utils/misc'
import { buttonClass } from './cards'

const BADGE_CLASS: Record<AnimalStatus, string> = {
  available: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  adopted: 'bg-brand-100 text-brand-800',
  archived: 'bg-gray-200 text-gray-800',
}

export function AnimalStatusBadge({ status }: { status: AnimalStatus }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE_CLASS[status])}>{STATUS_LABELS[status]}</span>
}

/**
 * 'Mark as adopted': the listing leaves search (the FAQ's "archived") and counts as a
 * successful adoption. A plain POST to the animal's route, so it works without JavaScript.
 */
export function MarkAdoptedForm({ action, redirectTo, name }: { action: string; redirectTo: string; name: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="status" value="adopted" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={cn(buttonClass.secondary, 'px-3 py-1.5')} aria-label={`Mark ${name} as adopted`}>
        Mark as adopted
      </button>
    </Form>
  )
}
