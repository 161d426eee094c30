import { Link } from '@remix-run/react'
import { cn } from '#app/utils/misc.ts'

/**
 * Previous / next and a window of page numbers, as plain links (works without JavaScript).
 * `hrefFor` builds the URL of a page with every other filter kept.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = 'Pagination',
}: {
  page: number
  pageCount: number
  hrefFor: (page: number) => string
  label?: string
}) {
  if (pageCount <= 1) return null
  const pages = pageWindow(page, pageCount)
  const base = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-semibold'
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={cn(base, 'border border-gray-300 bg-white text-gray-900 hover:bg-brand-50')}>
          Previous
        </Link>
      ) : null}
      {pages.map((number, index) =>
        number === null ? (
          <span key={`gap-${index}`} className="px-1 text-gray-500" aria-hidden="true">
            …
          </span>
        ) : number === page ? (
          <span key={number} aria-current="page" className={cn(base, 'bg-brand-700 text-white')}>
            <span className="sr-only">Page </span>
            {number}
          </span>
        ) : (
          <Link key={number} to={hrefFor(number)} className={cn(base, 'border border-gray-300 bg-white text-gray-900 hover:bg-brand-50')}>
            <span className="sr-only">Page </span>
            {number}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={cn(base, 'border border-gray-300 bg-white text-gray-900 hover:bg-brand-50')}>
          Next
        </Link>
      ) : null}
    </nav>
  )
}

/** First, last and two either side of the current page; null marks a gap. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const wanted = new Set([1, pageCount])
  for (let number = page - 2; number <= page + 2; number += 1) if (number >= 1 && number <= pageCount) wanted.add(number)
  const sorted = [...wanted].sort((a, b) => a - b)
  const result: Array<number | null> = []
  sorted.forEach((number, index) => {
    if (index > 0 && number - sorted[index - 1]! > 1) result.push(null)
    result.push(number)
  })
  return result
}
