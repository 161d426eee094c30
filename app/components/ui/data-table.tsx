// The signed-in pages' lists of records (applications, sync runs, API keys, shelters waiting for
// vetting): one bordered frame that scrolls sideways on a narrow screen, a caption for screen
// readers, column headers, and rows the page writes with `cellClass`.
import type { ReactNode } from 'react'
import { cn } from '#app/utils/misc.ts'

export type Column = {
  label: string
  /** Said to screen readers only (an actions column). */
  hidden?: boolean
  /**
   * Only from the `sm` breakpoint up: on a phone the row says it in its first cell instead, so
   * the columns that act (Revoke) stay on the screen. Its cells take `wideOnlyClass`.
   */
  wideOnly?: boolean
}

/** A `wideOnly` column's cells: not shown on a phone. */
export const wideOnlyClass = 'hidden sm:table-cell'

/** Padding of every cell, header and body alike: a page's `<td>` and row `<th>` start from it. */
export const cellClass = 'px-3 py-3 sm:px-4'

/** `className` places the frame (a margin). */
export function DataTable({
  caption,
  columns,
  children,
  className,
}: {
  caption: string
  columns: Column[]
  children: ReactNode
  className?: string
}) {
  return (
    <div className={cn('overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm', className)}>
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-left text-gray-700">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn(cellClass, 'font-semibold', column.wideOnly && wideOnlyClass)}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  )
}
