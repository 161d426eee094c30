import { describe, expect, it } from 'vitest'
import { seoMeta } from '#app/utils/seo.ts'
import { animalPage, animalShelter, breadcrumbList, organization, website } from '#app/utils/structured-data.ts'

const SITE = 'https://pawhaven.example'

const shelter = {
  shelter_name: 'Lone Star Paws Rescue',
  slug: 'lone-star-paws-rescue-1a2b',
  description: 'A volunteer rescue.',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  phone: '(512) 555-0147',
  contact_email: 'hello@lonestarpaws.example',
  website: 'lonestarpaws.example',
  latitude: 30.2672,
  longitude: -97.7431,
}

describe('schema.org JSON-LD', () => {
  it('describes the site with its search, and the organisation', () => {
    expect(website(SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${SITE}/#website`,
      name: 'Pawhaven',
      url: `${SITE}/`,
      publisher: { '@id': `${SITE}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    })
    expect(organization(SITE, { email: 'support@pawhaven.org', telephone: '(555) 010-7297' })).toMatchObject({
      '@type': 'Organization',
      '@id': `${SITE}/#organization`,
      logo: `${SITE}/icon-512.png`,
      contactPoint: { '@type': 'ContactPoint', email: 'support@pawhaven.org', telephone: '(555) 010-7297' },
    })
  })

  it('describes a shelter as an AnimalShelter with its address and place', () => {
    expect(animalShelter(SITE, shelter, `${SITE}/og/shelters/x.png`)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'AnimalShelter',
      '@id': `${SITE}/shelters/${shelter.slug}#shelter`,
      name: 'Lone Star Paws Rescue',
      url: `${SITE}/shelters/${shelter.slug}`,
      description: 'A volunteer rescue.',
      image: `${SITE}/og/shelters/x.png`,
      telephone: '(512) 555-0147',
      email: 'hello@lonestarpaws.example',
      sameAs: 'https://lonestarpaws.example/',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '100 Congress Ave',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78701',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 30.2672, longitude: -97.7431 },
    })
  })

  it('leaves out what a shelter has not given', () => {
    const bare = animalShelter(SITE, {
      shelter_name: 'New Shelter',
      slug: 'new-shelter-1',
      phone: null,
      website: 'javascript:alert(1)',
      latitude: null,
    })
    expect(bare).not.toHaveProperty('telephone')
    expect(bare).not.toHaveProperty('geo')
    expect(bare).not.toHaveProperty('sameAs')
    expect(bare.address).toEqual({ '@type': 'PostalAddress', addressCountry: 'US' })
  })

  it('makes an animal page an ItemPage its shelter wrote, not a Product', () => {
    const page = animalPage(
      SITE,
      { id: 'abc', name: 'Biscuit', description: 'A gentle dog.', image: `${SITE}/og/animals/abc?v=1` },
      shelter,
    )
    expect(page['@type']).toBe('ItemPage')
    expect(page).toMatchObject({
      url: `${SITE}/animals/abc`,
      name: 'Biscuit',
      primaryImageOfPage: `${SITE}/og/animals/abc?v=1`,
      author: { '@type': 'AnimalShelter', '@id': `${SITE}/shelters/${shelter.slug}#shelter` },
    })
    expect(JSON.stringify(page)).not.toMatch(/Product|Offer/)
  })

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbList(SITE, [
        { name: 'Find Pets', path: '/search' },
        { name: 'Biscuit', path: '/animals/abc' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Find Pets', item: `${SITE}/search` },
      { '@type': 'ListItem', position: 2, name: 'Biscuit', item: `${SITE}/animals/abc` },
    ])
  })
})

describe('a page head', () => {
  it('has a canonical, OpenGraph and Twitter tags with the default card, and its JSON-LD', () => {
    const tags = seoMeta({ title: 'About | Pawhaven', description: 'Who we are.', path: '/about', siteUrl: SITE, jsonLd: [website(SITE)] })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SITE}/about` })
    expect(tags).toContainEqual({ property: 'og:url', content: `${SITE}/about` })
    expect(tags).toContainEqual({ property: 'og:image', content: `${SITE}/og-image.png` })
    expect(tags).toContainEqual({ property: 'og:image:width', content: '1200' })
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    expect(tags).toContainEqual({ 'script:ld+json': website(SITE) })
  })

  it('drops the canonical for a page kept out of the index', () => {
    const tags = seoMeta({
      title: 't',
      description: 'd',
      path: '/animals/1',
      siteUrl: SITE,
      noindex: true,
      socialTitle: 'Biscuit found a home',
    })
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false)
    expect(tags).toContainEqual({ property: 'og:title', content: 'Biscuit found a home' })
  })
})
