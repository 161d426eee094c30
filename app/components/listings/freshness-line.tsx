// When a listing's status was last confirmed and how, as its page and its card show it; a stale
// listing (out of search for going unconfirmed) says it may no longer be available.
import { cn } from '#app/utils/misc.ts'

export function FreshnessLine({ line, stale, className }: { line: string; stale: boolean; className?: string }) {
  if (stale) {
    return (
      <p className={cn('rounded-xl bg-amber-50 px-4 py-3 text-amber-900', className)}>
        <strong className="font-semibold">This pet may no longer be available.</strong> The shelter has not confirmed this listing in a
        while. <span className="text-sm">{line}</span>
      </p>
    )
  }
  return <p className={cn('text-sm text-gray-600', className)}>{line}</p>
}
