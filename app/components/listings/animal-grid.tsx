import { AnimalCard } from './animal-card'
import { FavoriteButton } from './favorite-button'
import type { AnimalCardData } from './format'

/** A page of result cards with their hearts, as the search and a shelter's page show them; `saved`: the visitor's favorites among them (null signed out). */
export function AnimalGrid({ animals, saved }: { animals: AnimalCardData[]; saved: string[] | null }) {
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {animals.map((animal) => (
        <li key={animal.id}>
          <AnimalCard
            animal={animal}
            heart={<FavoriteButton animalId={animal.id} name={animal.name} saved={saved ? saved.includes(animal.id) : null} variant="card" />}
          />
        </li>
      ))}
    </ul>
  )
}
