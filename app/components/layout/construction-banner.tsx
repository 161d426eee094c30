export function ConstructionBanner() {
  return (
    <div
      role="note"
      className="pointer-events-none fixed bottom-4 left-1/2 z-30 -translate-x-1/2 rounded-full bg-amber-100 px-4 py-2 text-center text-xs font-medium text-amber-900 shadow-md sm:text-sm"
    >
      Site under construction - More features coming soon!
    </div>
  )
}
