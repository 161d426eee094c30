import { useLocation } from '@remix-run/react'
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react'
import type { Toast } from '#app/utils/toast.server.ts'

// sonner is a tenth of a page's JavaScript and most visits never see a toast: it is fetched
// when the first one is to be shown (decision 015).
const loadSonner = () => import('sonner')
const Sonner = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })))

// Whether this page has had a toast yet. Once it has, the toaster stays for later ones.
let toasterWanted = false
const toasterListeners = new Set<() => void>()
function wantToaster() {
  if (toasterWanted) return
  toasterWanted = true
  for (const listener of toasterListeners) listener()
}
function onToasterWanted(listener: () => void) {
  toasterListeners.add(listener)
  return () => void toasterListeners.delete(listener)
}

/**
 * Where toasts appear: sonner's defaults (bottom-right, 3 visible, 4 s), as the spec lists them.
 * A toast belongs to the page it came with: on a client-side navigation the others go. The new
 * page's own toast is `current` when it changed with the navigation (the root's data is not
 * loaded again on every navigation, so an unchanged one is the old page's).
 */
export function Toaster({ current }: { current?: string }) {
  const wanted = useSyncExternalStore(
    onToasterWanted,
    () => toasterWanted,
    () => false,
  )
  const { key } = useLocation()
  const seen = useRef({ key, current })
  useEffect(() => {
    const before = seen.current
    seen.current = { key, current }
    if (before.key === key || !toasterWanted) return
    const keep = current !== before.current ? current : undefined
    void loadSonner().then(({ toast }) => {
      for (const shown of toast.getToasts()) if (shown.id !== keep) toast.dismiss(shown.id)
    })
  }, [key, current])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Sonner position="bottom-right" visibleToasts={3} duration={4000} closeButton richColors />
    </Suspense>
  )
}

/**
 * Shows the server's one-time toast. With JavaScript it is a sonner toast; without, the
 * same message renders in a <noscript> status box at the top of the page, in the page's flow
 * (so it never covers a control on a small screen), with a Dismiss control that needs no
 * JavaScript: a checkbox whose label is the button, and the box hides once it is checked.
 */
export function ShowToast({ toast }: { toast: Toast }) {
  const { id, type, title, description } = toast
  useEffect(() => {
    wantToaster()
    // The toaster may subscribe after this: sonner replays the toasts still active when it does.
    void loadSonner().then(({ toast: showToast }) => {
      const show = type === 'message' ? showToast : showToast[type]
      show(title ?? description, { id, description: title ? description : undefined })
    })
  }, [id, type, title, description])
  return (
    <noscript>
      <div className="mx-auto max-w-7xl px-4 pt-4 has-[:checked]:hidden sm:px-6 lg:px-8">
        <div
          role="status"
          className={
            'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ' +
            (type === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900')
          }
        >
          <div className="min-w-0 flex-1">
            {title ? <p className="font-semibold">{title}</p> : null}
            <p>{description}</p>
          </div>
          <input type="checkbox" id={`dismiss-${id}`} className="peer sr-only" />
          <label
            htmlFor={`dismiss-${id}`}
            className="shrink-0 cursor-pointer rounded font-semibold underline peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2"
          >
            Dismiss
          </label>
        </div>
      </div>
    </noscript>
  )
}
