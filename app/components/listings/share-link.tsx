import { useState } from 'react'
import { cn } from '~/utils/misc'

/**
 * 'Share': the Web Share sheet where the browser has one, else the link is copied. Without
 * JavaScript it is a plain link to the page's address, which can be copied from the browser.
 */
export function ShareLink({ url, title, className }: { url: string; title: string; className?: string }) {
  const [message, setMessage] = useState('')
  async function share(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    try {
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
      <a href={url} onClick={share} className={cn(className)}>
        Share
        <span className="sr-only"> {title}</span>
      </a>
      <span role="status" className="text-sm text-gray-700">
        {message}
      </span>
    </span>
  )
}
