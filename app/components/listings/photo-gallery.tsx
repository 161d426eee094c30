import { useState } from 'react'
import { Icon } from '#app/components/marketing/icons.tsx'
import { cn } from '#app/utils/misc.ts'

export type GalleryPhoto = { src: string; alt: string; width: number | null; height: number | null }

/** The photo a page address asks for: `?photo=2` is the second; anything else is the first. */
export function photoIndexOf(search: string, count: number): number {
  const value = new URLSearchParams(search).get('photo')
  const number = value && /^\d{1,3}$/.test(value) ? Number(value) : 1
  return number >= 1 && number <= count ? number - 1 : 0
}

/**
 * The animal's photos: one large, the rest as thumbnails. Each thumbnail is a link to the page
 * with `?photo=N`, which shows that photo large without JavaScript; with it, a click swaps the
 * photo in place (Tab, then Enter), and the arrow keys step through the photos while a
 * thumbnail has focus. `initial` is the photo the address asked for.
 */
export function PhotoGallery({ photos, name, initial = 0 }: { photos: GalleryPhoto[]; name: string; initial?: number }) {
  const [current, setCurrent] = useState(initial)
  const photo = photos[current] ?? photos[0]
  if (!photo) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon name="paw" className="h-16 w-16" />
        <span className="sr-only">No photo of {name} yet</span>
      </div>
    )
  }
  function show(event: React.MouseEvent<HTMLAnchorElement>, index: number) {
    // A new tab or window (modifier keys, middle click) opens the photo's own address.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    setCurrent(index)
  }
  function onKeyDown(event: React.KeyboardEvent<HTMLAnchorElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next = (current + (event.key === 'ArrowRight' ? 1 : -1) + photos.length) % photos.length
    setCurrent(next)
    event.currentTarget.parentElement?.parentElement?.querySelectorAll('a')[next]?.focus()
  }
  return (
    <div id="photos" className="scroll-mt-24">
      <img
        src={photo.src}
        alt={photo.alt}
        width={photo.width ?? 800}
        height={photo.height ?? 600}
        className="aspect-[4/3] w-full rounded-2xl bg-brand-50 object-cover"
      />
      {photos.length > 1 ? (
        <ul aria-label={`Photos of ${name}`} className="mt-3 grid grid-cols-6 gap-2">
          {photos.map((thumbnail, index) => (
            <li key={thumbnail.src + index}>
              <a
                href={`?photo=${index + 1}#photos`}
                aria-label={`Show photo ${index + 1} of ${photos.length}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={(event) => show(event, index)}
                onKeyDown={onKeyDown}
                className={cn(
                  'block w-full overflow-hidden rounded-lg ring-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                  index === current ? 'ring-2 ring-brand-700' : 'opacity-80 hover:opacity-100',
                )}
              >
                <img src={thumbnail.src} alt="" width={120} height={90} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
