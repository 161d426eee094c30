// What a signed-out visitor's heart carries through sign-in and sign-up: only a local path and
// an animal id ever get through, and the confirmation link's address splits back into both.
import { describe, expect, it } from 'vitest'
import {
  confirmationRedirect,
  fromConfirmationRedirect,
  pendingFavorite,
  pendingFavoriteQuery,
} from '#app/utils/pending-favorite.server.ts'

const BISCUIT = '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e2f'

describe('pendingFavorite', () => {
  it('keeps a local path and an animal id', () => {
    expect(pendingFavorite('/search?q=beagle&page=2', BISCUIT)).toEqual({ redirectTo: '/search?q=beagle&page=2', save: BISCUIT })
  })

  it('drops anything that would leave the site, and anything that is not an id', () => {
    for (const away of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/%2fevil.example',
      'javascript:alert(1)',
      ' /search',
    ]) {
      expect(pendingFavorite(away, 'not-an-id')).toEqual({ redirectTo: '', save: '' })
    }
    expect(pendingFavorite(null, undefined)).toEqual({ redirectTo: '', save: '' })
  })
})

describe('carrying it on', () => {
  it('as a query, only what there is', () => {
    expect(pendingFavoriteQuery({ redirectTo: '', save: '' })).toBe('')
    expect(pendingFavoriteQuery({ redirectTo: '/animals/1', save: BISCUIT }, { status: 'created', email: 'pat+1@example.com' })).toBe(
      `?status=created&email=pat%2B1%40example.com&redirectTo=%2Fanimals%2F1&save=${BISCUIT}`,
    )
  })

  it('through the confirmation link: the page on this site, with the pet, and back', () => {
    const request = new Request('https://pawhaven.example/join?save=x')
    const next = confirmationRedirect(request, { redirectTo: '/search?q=beagle', save: BISCUIT })
    expect(next).toBe(`https://pawhaven.example/search?q=beagle&save=${BISCUIT}`)
    expect(fromConfirmationRedirect('/search?q=beagle&save=' + BISCUIT)).toEqual({ path: '/search?q=beagle', save: BISCUIT })
    expect(confirmationRedirect(request, { redirectTo: '', save: '' })).toBe('https://pawhaven.example/')
    expect(fromConfirmationRedirect('/?save=not-an-id')).toEqual({ path: '/', save: '' })
  })
})
