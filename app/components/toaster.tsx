import { useEffect } from 'react'
import { Toaster as Sonner, toast as showToast } from 'sonner'
import type { Toast } from '~/utils/toast.server'

/** Where toasts appear: sonner's defaults (bottom-right, 3 visible, 4 s), as the spec lists them. */
export function Toaster() {
  return <Sonner position="bottom-right" visibleToasts={3} duration={4000} closeButton richColors />
}

/**
 * Shows the server's one-time toast. With JavaScript it is a sonner toast; without, the
 * same message renders in a <noscript> status box, so nobody misses it.
 */
export function ShowToast({ toast }: { toast: Toast }) {
  const { id, type, title, description } = toast
  useEffect(() => {
    setTimeout(() => {
      const show = type === 'message' ? showToast : showToast[type]
      show(title ?? description, { id, description: title ? description : undefined })
    }, 0)
  }, [id, type, title, description])
  return (
    <noscript>
      <div
        role="status"
        className={
          'fixed bottom-20 right-4 z-50 max-w-sm rounded-lg border px-4 py-3 text-sm shadow-lg ' +
          (type === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900')
        }
      >
        {title ? <p className="font-semibold">{title}</p> : null}
        <p>{description}</p>
      </div>
    </noscript>
  )
}
