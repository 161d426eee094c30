import { Icon } from '#app/components/marketing/icons.tsx'

/** The spec's fixed notice at the bottom centre of every page. */
export function ConstructionBanner() {
  return (
    <aside
      aria-label="Site notice"
      className="pointer-events-none fixed bottom-3 left-1/2 z-30 w-max max-w-[calc(100vw-1.5rem)] -translate-x-1/2 rounded-full border border-amber-300 bg-amber-100 px-4 py-2 text-center text-xs font-medium text-amber-900 shadow-lg sm:text-sm"
    >
      <span className="inline-flex items-center gap-1.5">
        <Icon name="cone" className="h-4 w-4 text-amber-700" />
        Site under construction - More features coming soon!
      </span>
    </aside>
  )
}
