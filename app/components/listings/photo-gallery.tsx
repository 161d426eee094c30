import { useState } from 'react'
import { Icon } from '~/components/marketing/icons'
import { cn } from '~/utils/misc'

export type GalleryPhoto = { src: string; alt: string; width: number | null; height: number | null }

/**
 * The animal's photos: one large, the rest as thumbnails. Thumbnails are buttons (Tab, then
 * Enter or Space); the arrow keys step through the photos while one of them has focus.
 */
export function PhotoGallery({ photos, name }: { photos: GalleryPhoto[]; name: string }) {
  const [current, setCurrent] = useState(0)
  const photo = photos[current] ?? photos[0]
  if (!photo) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon name="paw" className="h-16 w-16" />
        <span className="sr-only">No photo of {name} yet</span>
      </div>
    )
  }
  function onKeyDown(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next = (current + (event.key === 'ArrowRight' ? 1 : -1) + photos.length) % photos.length
    setCurrent(next)
    event.currentTarget.parentElement?.parentElement?.querySelectorAll('button')[next]?.focus()
  }
  return (
    <div>
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
              <button
                type="button"
                aria-label={`Show photo ${index + 1} of ${photos.length}`}
                aria-pressed={index === current}
                onClick={() => setCurrent(index)}
                onKeyDown={onKeyDown}
                className={cn(
                  'block w-full overflow-hidden rounded-lg ring-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                  index === current ? 'ring-2 ring-brand-700' : 'opacity-80 hover:opacity-100',
                )}
              >
                <img src={thumbnail.src} alt="" width={120} height={90} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
