// What the Apply page shows before its form: that the animal takes no applications now (paused
// or full), or, for an animal whose status is pending, a question first: someone's application
// is being considered; apply anyway? A plain GET form answers it, so it works without JavaScript.
import { Form, Link } from '@remix-run/react'
import { ApplicationsClosed, type ClosedIntake } from '#app/components/listings/applications-closed.tsx'
import { AnimalBreadcrumb } from '#app/components/listings/animal-breadcrumb.tsx'
import { buttonStyles, Container } from '#app/components/marketing/ui.tsx'

/** The query parameter that says the adopter still wants to apply for a pending animal. */
export const PENDING_CONFIRMED = { name: 'pending', value: 'yes' } as const

type Props = {
  animal: { id: string; name: string }
  shelterName: string
  closed: (ClosedIntake & { searchHref: string; saveSearchHref: string }) | null
}

export function BeforeApplying({ animal, shelterName, closed }: Props) {
  return (
    <Container className="py-10 sm:py-14">
      <AnimalBreadcrumb animal={animal} page="Apply" />
      <div className="mt-6 max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">Apply to adopt {animal.name}</h1>
        {closed ? (
          <div className="mt-8">
            <ApplicationsClosed
              animalId={animal.id}
              name={animal.name}
              shelterName={shelterName}
              intake={closed}
              saveSearchHref={closed.saveSearchHref}
              similarHref={closed.searchHref}
            />
          </div>
        ) : (
          <section aria-labelledby="pending-heading" className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-5">
            <h2 id="pending-heading" className="text-lg font-bold text-gray-900">
              Someone’s application is being considered
            </h2>
            <p className="mt-2 text-gray-800">
              {shelterName} is considering another family’s application for {animal.name}. You can still apply: if it doesn’t work out, the
              shelter has yours.
            </p>
            <Form method="get" className="mt-4 flex flex-wrap items-center gap-4">
              <input type="hidden" name={PENDING_CONFIRMED.name} value={PENDING_CONFIRMED.value} />
              <button type="submit" className={buttonStyles.primary}>
                Apply anyway
              </button>
              <Link to={`/animals/${animal.id}`} className="font-semibold text-brand-800 underline">
                Back to {animal.name}
              </Link>
            </Form>
          </section>
        )}
      </div>
    </Container>
  )
}
