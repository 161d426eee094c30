import { Link } from '@remix-run/react'

/** Find Pets / {name} / {page}: the way back from a page about an animal (asking, applying). */
export function AnimalBreadcrumb({ animal, page }: { animal: { id: string; name: string }; page: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
      <Link to="/search" className="font-semibold text-brand-800 hover:underline">
        Find Pets
      </Link>{' '}
      /{' '}
      <Link to={`/animals/${animal.id}`} className="font-semibold text-brand-800 hover:underline">
        {animal.name}
      </Link>{' '}
      / <span aria-current="page">{page}</span>
    </nav>
  )
}
