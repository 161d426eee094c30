import { Link } from '@remix-run/react'

/** The frame every account page shares: a centred card with a heading, the form and a footer line. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: React.ReactNode
  children: React.ReactNode
  footer?: React.ReactNode
}) {
  return (
    <section className="flex justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          {description ? <p className="mt-2 text-sm text-gray-600">{description}</p> : null}
        </div>
        {children}
        {footer ? <div className="mt-6 text-center text-sm text-gray-600">{footer}</div> : null}
      </div>
    </section>
  )
}

export function TextLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline">
      {children}
    </Link>
  )
}

/** A button-shaped link, for the success and expired-link screens. */
export function ButtonLink({
  to,
  children,
  variant = 'primary',
}: {
  to: string
  children: React.ReactNode
  variant?: 'primary' | 'secondary'
}) {
  const look =
    variant === 'primary' ? 'bg-brand-700 text-white hover:bg-brand-800' : 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50'
  return (
    <Link to={to} className={`inline-flex w-full items-center justify-center rounded-md px-4 py-2 font-semibold shadow-sm ${look}`}>
      {children}
    </Link>
  )
}
