// What an animal's page and its Apply page say instead of 'Apply' when the shelter paused its
// applications or has as many open as it set: why, and what to do instead (ask, save a search
// to hear of similar pets, meet similar pets nearby).
import { Link } from '@remix-run/react'
import { buttonStyles } from '#app/components/marketing/ui.tsx'

export type ClosedIntake = { state: 'paused' | 'full'; openCap: number | null }

export function applicationsClosedSentence(name: string, shelterName: string, intake: ClosedIntake): string {
  return intake.state === 'paused'
    ? `${shelterName} has paused applications for ${name} for now.`
    : `${shelterName} is accepting up to ${intake.openCap ?? 0} open ${intake.openCap === 1 ? 'application' : 'applications'} for ${name}, and has that many now.`
}

export function ApplicationsClosed({
  animalId,
  name,
  shelterName,
  intake,
  saveSearchHref,
  similarHref,
}: {
  animalId: string
  name: string
  shelterName: string
  intake: ClosedIntake
  saveSearchHref: string
  similarHref: string
}) {
  return (
    <section aria-labelledby="applications-closed-heading" className="w-full rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="applications-closed-heading" className="text-lg font-bold text-gray-900">
        {intake.state === 'paused'
          ? `${name} isn’t taking applications right now`
          : `${name} has all the applications the shelter can consider`}
      </h2>
      <p className="mt-2 text-gray-800">
        {applicationsClosedSentence(name, shelterName, intake)} Save a search to hear by email when similar pets are listed, or meet similar
        pets nearby.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={saveSearchHref} className={buttonStyles.primary}>
          Save search
        </Link>
        <Link to={similarHref} className={buttonStyles.secondary}>
          See similar pets
        </Link>
        <Link to={`/animals/${animalId}/ask`} className={buttonStyles.secondary}>
          Ask about {name}
        </Link>
      </div>
    </section>
  )
}
