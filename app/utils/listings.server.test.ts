import { describe, expect, it } from 'vitest'
import { breedLabel, formatBirthMonth, formatDistance, formatFee, paragraphs, petsFound, telHref, websiteHref } from '~/components/listings/format'
import { pageWindow } from '~/components/listings/pagination'
import { listingCacheControl, listingHeaders, listingResponseHeaders, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './listings.server'
import { milesBetween, resolveLocation, splitCityState } from './location.server'

const request = (cookie?: string) => new Request('http://localhost/search', { headers: cookie ? { Cookie: cookie } : {} })

describe('cache headers', () => {
  it('lets a CDN keep a signed-out visitor\u2019s page', () => {
    expect(listingCacheControl(request())).toBe(PUBLIC_CACHE_CONTROL)
    expect(listingCacheControl(request('theme=dark; other=1'))).toBe(PUBLIC_CACHE_CONTROL)
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600')
  })

  it('keeps a signed-in visitor\u2019s page (or one with a toast) private', () => {
    expect(listingCacheControl(request('sb-localhost-auth-token=base64-abc'))).toBe(PRIVATE_CACHE_CONTROL)
    expect(listingCacheControl(request('a=1; sb-127-auth-token.0=base64-abc'))).toBe(PRIVATE_CACHE_CONTROL)
    expect(listingCacheControl(request('ph_toast=xyz'))).toBe(PRIVATE_CACHE_CONTROL)
  })

  it('is private for a session cookie, and whenever a cookie is being set', () => {
    const cookies = new Headers({ 'Set-Cookie': 'sb-x-auth-token=new; Path=/' })
    expect(listingResponseHeaders(request()).get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(listingResponseHeaders(request('sb-localhost-auth-token=base64-abc')).get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL)
    const headersOf = (loader: Headers, parent = new Headers()) =>
      new Headers(listingHeaders({ loaderHeaders: loader, parentHeaders: parent, actionHeaders: new Headers(), errorHeaders: undefined }))
    expect(headersOf(new Headers({ 'Cache-Control': PUBLIC_CACHE_CONTROL })).get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(headersOf(new Headers({ 'Cache-Control': PUBLIC_CACHE_CONTROL }), cookies).get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL)
    expect(headersOf(new Headers()).get('Cache-Control')).toBe(PRIVATE_CACHE_CONTROL)
  })
})

describe('locations', () => {
  it('splits a city and state however it is typed', () => {
    expect(splitCityState('Austin, TX')).toEqual({ city: 'Austin', state: 'TX' })
    expect(splitCityState('austin tx')).toEqual({ city: 'austin', state: 'TX' })
    expect(splitCityState('St. Louis, MO')).toEqual({ city: 'Saint Louis', state: 'MO' })
    expect(splitCityState('New York, NY 10001')).toEqual({ city: 'New York', state: 'NY' })
    expect(splitCityState('Atlantis')).toBeNull()
  })

  it('places a ZIP or a city, and nothing else', async () => {
    const zip = await resolveLocation('10001')
    expect(zip?.label).toBe('New York, NY 10001')
    expect(zip!.latitude).toBeCloseTo(40.75, 1)
    const city = await resolveLocation('san francisco, ca')
    expect(city?.label).toBe('San Francisco, CA')
    expect(milesBetween(city!, { latitude: 37.7749, longitude: -122.4194 })).toBeLessThan(10)
    expect(await resolveLocation('Atlantis, ZZ')).toBeNull()
    expect(await resolveLocation('00000')).toBeNull()
    expect(await resolveLocation('<script>')).toBeNull()
    expect(await resolveLocation('')).toBeNull()
  })

  it('measures great-circle miles', () => {
    // New York to Los Angeles is about 2,450 miles.
    expect(milesBetween({ latitude: 40.7128, longitude: -74.006 }, { latitude: 34.0522, longitude: -118.2437 })).toBeCloseTo(2448, -1)
  })
})

describe('listing words', () => {
  it('describes breeds', () => {
    expect(breedLabel({ type: 'dog', primary_breed: 'Labrador Retriever', secondary_breed: 'Poodle', mixed_breed: true })).toBe('Labrador Retriever & Poodle Mix')
    expect(breedLabel({ type: 'dog', primary_breed: 'Beagle', secondary_breed: null, mixed_breed: false })).toBe('Beagle')
    expect(breedLabel({ type: 'cat', primary_breed: null, secondary_breed: null, mixed_breed: false })).toBe('Cat')
    expect(breedLabel({ type: 'dog', primary_breed: 'Terrier Mix', secondary_breed: null, mixed_breed: true })).toBe('Terrier Mix')
  })

  it('formats distances and totals', () => {
    expect(formatDistance(3.24)).toBe('3.2 mi')
    expect(formatDistance(0.04)).toBe('< 0.1 mi')
    expect(formatDistance(128.6)).toBe('129 mi')
    expect(formatDistance(null)).toBeNull()
    expect(petsFound(128)).toBe('128 pets found')
    expect(petsFound(1)).toBe('1 pet found')
    expect(petsFound(1234)).toBe('1,234 pets found')
    expect(formatDistance(1234.4)).toBe('1,234 mi')
  })

  it('formats fees and birth months', () => {
    expect(formatFee(0)).toBe('No fee')
    expect(formatFee(150)).toBe('$150')
    expect(formatFee(1250)).toBe('$1,250')
    expect(formatFee(99.5)).toBe('$99.50')
    expect(formatBirthMonth('2024-03-01')).toBe('March 2024')
    expect(formatBirthMonth('2023-12-31')).toBe('December 2023')
  })

  it('splits descriptions into paragraphs on blank lines', () => {
    expect(paragraphs('One.\r\n\r\nTwo\nlines.\n \n\nThree.')).toEqual(['One.', 'Two\nlines.', 'Three.'])
    expect(paragraphs(null)).toEqual([])
  })

  it('makes contact links safe', () => {
    expect(telHref('(512) 555-0142')).toBe('tel:+15125550142')
    expect(websiteHref('happytails.example')).toBe('https://happytails.example/')
    expect(websiteHref('javascript:alert(1)')).toBeNull()
    expect(websiteHref('')).toBeNull()
  })

  it('windows page numbers', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
  })
})
