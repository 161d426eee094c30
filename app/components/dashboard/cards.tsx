import { Link } from '@remix-run/react'
import { cn } from '#app/utils/misc.ts'

/** The way back from an animal's form to the list. */
export function BackToAnimals({ basePath }: { basePath: string }) {
  return (
    <p className="mb-2 text-sm">
      <Link to={`${basePath}/animals`} className="font-medium text-brand-700 underline hover:text-brand-800">
        Back to Animals
      </Link>
    </p>
  )
}

/** A dashboard page's title line, with room for its main button. */
export function PageHeader({ title, description, action }: { title: string; description?: string; action?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      </div>
      {action}
    </div>
  )
}

export function Card({ className, children }: { className?: string; children: React.ReactNode }) {
  return <section className={cn('rounded-xl border border-gray-200 bg-white p-5 shadow-sm', className)}>{children}</section>
}

export function CardTitle({ children, id }: { children: React.ReactNode; id?: string }) {
  return (
    <h2 id={id} className="text-lg font-semibold text-gray-900">
      {children}
    </h2>
  )
}

/** One figure with its label, e.g. Active Listings 0. */
export function StatCard({ label, value, note, icon }: { label: string; value: string | number; note?: string; icon?: React.ReactNode }) {
  return (
    <Card>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-gray-600">{label}</h2>
        {icon ? <span className="text-brand-700">{icon}</span> : null}
      </div>
      <p className="mt-2 text-3xl font-bold text-gray-900">{value}</p>
      {note ? <p className="mt-1 text-xs text-gray-600">{note}</p> : null}
    </Card>
  )
}

/** A page's "nothing here yet" message. */
export function EmptyState({ icon, title, children }: { icon?: React.ReactNode; title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      {icon ? <span className="mb-3 text-gray-500">{icon}</span> : null}
      <p className="text-lg font-semibold text-gray-900">{title}</p>
      {children}
    </div>
  )
}

export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50',
  /** What cannot be taken back by accident: blocking someone. */
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70',
}
