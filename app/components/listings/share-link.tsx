import { useState } from 'react'
import { cn } from '#app/utils/misc.ts'

/**
 * 'Share': the Web Share sheet where the browser has one, else the link is copied. Without
 * JavaScript it is a link through `countHref`, which counts the use for the shelter's analytics
 * and comes back to the page's ShareOptions (below). With JavaScript the
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

/** The id of an animal page's share section: the Share link without JavaScript lands on it. */
export const SHARE_SECTION_ID = 'share'

/**
 * Where Share leads without JavaScript: the page's address to copy and the usual ways to send
 * it. Hidden until it is the page's target (`#share`), so it costs a glance only to those who
 * asked; everyone else's page, cached as it is, shows nothing of it.
 */
export function ShareOptions({ url, title, name }: { url: string; title: string; name: string }) {
  const link = encodeURIComponent(url)
  const text = encodeURIComponent(title)
  const ways = [
    { label: 'Email', href: `mailto:?subject=${text}&body=${link}` },
    { label: 'Text message', href: `sms:?&body=${encodeURIComponent(`${title} ${url}`)}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${link}` },
    { label: 'X', href: `https://twitter.com/intent/tweet?url=${link}&text=${text}` },
  ]
  return (
    <section
      id={SHARE_SECTION_ID}
      aria-labelledby="share-heading"
      className="mt-4 hidden w-full scroll-mt-24 rounded-2xl border border-brand-200 bg-brand-50 p-5 target:block"
    >
      <h2 id="share-heading" className="text-lg font-bold text-gray-900">
        Share {name}
      </h2>
      <label htmlFor="share-address" className="mt-3 block text-sm font-medium text-gray-800">
        Link to copy
      </label>
      <input
        id="share-address"
        type="url"
        readOnly
        value={url}
        className="mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <ul aria-label="Share by" className="mt-3 flex flex-wrap gap-2">
        {ways.map((way) => (
          <li key={way.label}>
            <a
              href={way.href}
              rel="noopener noreferrer nofollow"
              className="inline-block rounded-full border border-brand-300 bg-white px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {way.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
