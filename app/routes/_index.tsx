import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: "Pawhaven - Adopt, Don't Shop. Save Lives." },
  { name: 'description', content: 'Find adoptable pets from shelters and rescues across the US. Free for adopters and shelters.' },
]

export default function Home() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">Find your new best friend</h1>
      <p className="mt-4 text-lg text-gray-700">Adopt, Don't Shop. Save Lives.</p>
      <Link to="/search" className="mt-8 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white">
        Search
      </Link>
    </section>
  )
}
