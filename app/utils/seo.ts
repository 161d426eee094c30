// What a public page tells search engines and link previews: its title and description, its
// canonical URL (from SITE_URL, which the root loader passes down), OpenGraph and Twitter card
// tags with a raster image, and schema.org JSON-LD (app/utils/structured-data.ts). Each public
// route's `meta` returns seoMeta(…), from data it already loaded: no extra read for the head.
import type { MetaDescriptor } from '@remix-run/node'

export const SITE_NAME = 'Pawhaven'

/** The default share card (scripts/icons.ts) for pages without their own. */
export const DEFAULT_SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: 'Pawhaven: adopt, don’t shop' }

export type ShareImage = { url: string; width: number; height: number; alt: string }

export type PageSeo = {
  title: string
  /** The title previews show, when it should differ from the page's (e.g. 'Meet Biscuit | Pawhaven'). */
  socialTitle?: string
  description: string
  /** The page's own path and query (already normalised), e.g. `/search?type=dog`. */
  path: string
  siteUrl: string
  image?: ShareImage | null
  type?: 'website' | 'profile' | 'article'
  /** Keep it out of search results (and leave the canonical off). */
  noindex?: boolean
  jsonLd?: ReadonlyArray<Record<string, unknown>>
}

type Match = { id: string; data?: unknown }

/** The site's public origin, as the root loader gave it; '' when the root has no data (an error page). */
export function siteUrlOf(matches: ReadonlyArray<Match>): string {
  const root = matches.find((match) => match.id === 'root')?.data as { siteUrl?: string } | undefined
  return root?.siteUrl ?? ''
}

/** An absolute URL on the site for a path (`/og-image.png`), or a URL already absolute. */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path
  return `${siteUrl}${path.startsWith('/') ? '' : '/'}${path}`
}

export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(page.siteUrl, page.path)
  const image = page.image ?? { ...DEFAULT_SHARE_IMAGE, url: absoluteUrl(page.siteUrl, DEFAULT_SHARE_IMAGE.path) }
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    page.noindex ? { name: 'robots', content: 'noindex' } : { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.socialTitle ?? page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image.url },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.socialTitle ?? page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
    ...(page.jsonLd ?? []).map((data) => ({ 'script:ld+json': data })),
  ]
}
