import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '#app/components/marketing/icons.tsx'

/** The spec's threshold: the button shows only once the page is scrolled past 300 px. */
export const SCROLL_BUTTON_THRESHOLD_PX = 300

/** The floating button: shown only past the threshold, scrolls smoothly back up. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_BUTTON_THRESHOLD_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      title="Back to top"
      onClick={() => {
        // Smooth, unless the visitor asked their system for less motion.
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
      }}
      className="fixed bottom-16 right-4 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-4 ring-white transition hover:bg-brand-800 sm:bottom-8 sm:right-6"
    >
      <Icon name="arrow-up" className="h-5 w-5" />
    </button>
  )
}

/**
 * Every change of path starts at the top of the new page. A new query string alone does not
 * (filters and tabs keep your place), nor does a link to an anchor, which scrolls to it.
 */
export function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation()
  const previousPath = useRef(pathname)
  useEffect(() => {
    if (previousPath.current === pathname) return
    previousPath.current = pathname
    if (!hash) window.scrollTo(0, 0)
  }, [pathname, hash])
  return null
}
