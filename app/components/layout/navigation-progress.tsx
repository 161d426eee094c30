import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

/** How long a navigation may take before the bar shows: a quick one never flashes it. */
export const NAVIGATION_PROGRESS_DELAY_MS = 150

/**
 * A slim bar across the top of the page while a navigation (a search, a filter change, a form
 * post) takes more than a moment. Screen readers hear "Loading…" from a polite live region that
 * is always in the page; with reduced motion the bar stands still instead of sliding. Without
 * JavaScript the browser's own loading indicator does this job, so nothing renders.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle'
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!busy) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), NAVIGATION_PROGRESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [busy])
  return (
    <>
      {shown ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          aria-valuetext="Loading"
          className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100"
        >
          <div className="h-full w-1/3 animate-navigation-progress bg-brand-600 motion-reduce:w-full motion-reduce:animate-none" />
        </div>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {shown ? 'Loading…' : ''}
      </p>
    </>
  )
}
