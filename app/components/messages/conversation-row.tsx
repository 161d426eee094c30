import { Link } from '@remix-run/react'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { cn } from '#app/utils/misc.ts'

/** One conversation in a list: what it is about, when it last moved, and whether it has news. */
export function ConversationRow({
  to,
  title,
  conversation,
  badge,
}: {
  to: string
  title: string
  conversation: { status: string; last_message_at: string; unread: boolean }
  /** Shown before the time: the shelter's deadline on its open questions. */
  badge?: React.ReactNode
}) {
  const format = useDateTimeFormat()
  return (
    <li>
      <Link
        to={to}
        className={cn(
          'flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-white px-4 py-3 shadow-sm hover:border-brand-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600',
          conversation.unread ? 'border-brand-300' : 'border-gray-200',
        )}
      >
        <span className={cn('text-gray-900', conversation.unread ? 'font-bold' : 'font-medium')}>{title}</span>
        <span className="flex items-center gap-2 text-sm text-gray-600">
          {conversation.unread ? (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Unread</span>
          ) : null}
          {conversation.status === 'closed' ? (
            <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Closed</span>
          ) : null}
          {badge}
          <time dateTime={conversation.last_message_at}>{format.dateTime(conversation.last_message_at)}</time>
        </span>
      </Link>
    </li>
  )
}
