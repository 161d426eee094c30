import { describe, expect, it } from 'vitest'
import {
  listingCacheControl,
  listingHeaders,
  listingResponseHeaders,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from '#app/models/listing.server.ts'

const request = (cookie?: string) => new Request('http://localhost/search', { headers: cookie ? { Cookie: cookie } : {} })

describe('cache headers', () => {
  it('lets a CDN keep a signed-out visitor\u2019s page', () => {
    expect(listingCacheControl(request())).toBe(PUBLIC_CACHE_CONTROL)
    expect(listingCacheControl(request('theme=dark; other=1'))).toBe(PUBLIC_CACHE_CONTROL)
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=30, s-maxage=30')
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

  it('says the page varies with the cookies, public or private', () => {
    expect(listingResponseHeaders(request()).get('Vary')).toBe('Cookie')
    expect(listingResponseHeaders(request('sb-localhost-auth-token=base64-abc')).get('Vary')).toBe('Cookie')
    const document = new Headers(
      listingHeaders({
        loaderHeaders: listingResponseHeaders(request()),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    )
    expect(document.get('Vary')).toBe('Cookie')
  })
})
