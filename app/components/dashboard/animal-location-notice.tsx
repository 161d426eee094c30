import { Link } from '@remix-run/react'

/** Why a shelter without a ZIP code cannot publish yet, and where to fix it. */
export function AnimalLocationNotice({ settingsPath }: { settingsPath: string }) {
  return (
    <div role="note" className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">Add your ZIP code to publish animals</p>
      <p className="mt-1">
        Animals are listed at your shelter's location, so adopters can find them by distance. Set your ZIP code in{' '}
        <Link to={settingsPath} className="font-medium underline">
          Settings
        </Link>{' '}
        first.
      </p>
    </div>
  )
}
