import { useState } from 'react'
import { cn } from '~/utils/misc'

/**
 * 'Share': the Web Share sheet where the browser has one, else the link is copied. Without
 * JavaScript it is a link through `countHref`, which counts the use for the shelter's analytics
 * and comes back to the page, whose address can be copied from the browser. With JavaScript the
 * use is counted by a beacon to `countHref` (decision 036).
 */
export function ShareLink({ url, title, className, countHref }: { url: string; title: string; className?: string; countHref: string }) {
  const [message, setMessage] = useState('')
  async function share(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    try {
      navigator.sendBeacon(countHref)
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url })
        return
      }
      await navigator.clipboard.writeText(url)
      setMessage('Link copied')
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      setMessage('Copy this page\u2019s address to share it')
    }
  }
  return (
    <span className="inline-flex items-center gap-3">
      <a href={countHref} onClick={share} rel="nofollow" className={cn(className)}>
        Share
        <span className="sr-only"> {title}</span>
      </a>
      <span role="status" className="text-sm text-gray-700">
        {message}
      </span>
    </span>
  )
}
