// schema.org JSON-LD for the public pages, in the most specific types that fit: the home page's
// WebSite (with the search as a SearchAction) and Organization, a shelter's AnimalShelter (with
// its address and place), and a BreadcrumbList wherever breadcrumbs show. An animal's page is
// an ItemPage written by its shelter: schema.org has no type for an adoptable animal, and
// Product (with an Offer for the fee) would call the animal merchandise (decision 052).
// seoMeta() puts each object in <script type="application/ld+json">; Remix's <Meta> escapes <,
// > and & inside it (as \u003c…), so no value can end the script element.

import { websiteHref } from '#app/utils/listing-format.ts'

const CONTEXT = 'https://schema.org'

export type Crumb = { name: string; path: string }

export function breadcrumbList(siteUrl: string, crumbs: Crumb[]): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  }
}

export function organization(siteUrl: string, contact: { email: string; telephone: string }): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: 'Pawhaven',
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icon-512.png`,
    email: contact.email,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: contact.email, telephone: contact.telephone },
  }
}

/** The site, with the search a visitor can run from a result (`/search?q=…`). */
export function website(siteUrl: string): Record<string, unknown> {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${siteUrl}/#website`,
    name: 'Pawhaven',
    url: `${siteUrl}/`,
    publisher: { '@id': `${siteUrl}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}

export type ShelterFacts = {
  shelter_name: string
  slug: string
  description?: string | null
  address?: string | null
  city?: string | null
  state?: string | null
  zip_code?: string | null
  phone?: string | null
  contact_email?: string | null
  website?: string | null
  latitude?: number | null
  longitude?: number | null
}

/** A shelter as schema.org's AnimalShelter (a LocalBusiness): its address and, when known, its place. */
export function animalShelter(siteUrl: string, shelter: ShelterFacts, image?: string): Record<string, unknown> {
  const url = `${siteUrl}/shelters/${shelter.slug}`
  const address = compact({
    '@type': 'PostalAddress',
    streetAddress: shelter.address,
    addressLocality: shelter.city,
    addressRegion: shelter.state,
    postalCode: shelter.zip_code,
    addressCountry: 'US',
  })
  return compact({
    '@context': CONTEXT,
    '@type': 'AnimalShelter',
    '@id': `${url}#shelter`,
    name: shelter.shelter_name,
    url,
    description: shelter.description || undefined,
    image,
    telephone: shelter.phone,
    email: shelter.contact_email,
    sameAs: websiteHref(shelter.website) ?? undefined,
    address,
    geo:
      typeof shelter.latitude === 'number' && typeof shelter.longitude === 'number'
        ? { '@type': 'GeoCoordinates', latitude: shelter.latitude, longitude: shelter.longitude }
        : undefined,
  })
}

/** An animal's page: an ItemPage its shelter wrote, with the animal's name, words and photo. */
export function animalPage(
  siteUrl: string,
  page: {
    id: string
    name: string
    description: string
    image: string | null
    datePublished?: string | null
    dateModified?: string | null
  },
  shelter: ShelterFacts,
): Record<string, unknown> {
  const url = `${siteUrl}/animals/${page.id}`
  return compact({
    '@context': CONTEXT,
    '@type': 'ItemPage',
    '@id': url,
    url,
    name: page.name,
    description: page.description,
    primaryImageOfPage: page.image ?? undefined,
    image: page.image ?? undefined,
    datePublished: page.datePublished ?? undefined,
    dateModified: page.dateModified ?? undefined,
    isPartOf: { '@type': 'WebSite', '@id': `${siteUrl}/#website`, name: 'Pawhaven', url: `${siteUrl}/` },
    author: {
      '@type': 'AnimalShelter',
      '@id': `${siteUrl}/shelters/${shelter.slug}#shelter`,
      name: shelter.shelter_name,
      url: `${siteUrl}/shelters/${shelter.slug}`,
    },
  })
}

/** The search's results page. */
export function searchResultsPage(siteUrl: string, path: string, name: string): Record<string, unknown> {
  return { '@context': CONTEXT, '@type': 'SearchResultsPage', url: `${siteUrl}${path}`, name, isPartOf: { '@id': `${siteUrl}/#website` } }
}

/** Drops empty values (null, undefined, ''). */
function compact<T extends Record<string, unknown>>(object: T): T {
  const entries = Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== '')
  return Object.fromEntries(entries) as T
}
