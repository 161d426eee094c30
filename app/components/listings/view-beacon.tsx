/**
 * Counts a view of this page for the shelter's analytics: a 1×1 image the browser fetches from
 * /resources/view, so a page a CDN served still counts, with or without JavaScript, and the
 * page's HTML stays the same for everyone (decision 036). Hidden from assistive technology.
 */
export function ViewBeacon({ page, id }: { page: 'animal' | 'shelter'; id: string }) {
  return <img src={`/resources/view?${page}=${id}`} alt="" width={1} height={1} aria-hidden="true" className="absolute h-px w-px opacity-0" />
}
