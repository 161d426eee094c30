import { describe, expect, it } from 'vitest'
import { lookupZip, zipMatchesPlace } from '#app/utils/zip.server.ts'

describe('lookupZip', () => {
  it('places a ZIP code', async () => {
    const beverlyHills = await lookupZip('90210')
    expect(beverlyHills).toMatchObject({ zip: '90210', state: 'CA', city: 'Beverly Hills' })
    expect(beverlyHills!.latitude).toBeCloseTo(34.09, 1)
    expect(beverlyHills!.longitude).toBeCloseTo(-118.41, 1)
  })

  it('keeps leading zeros (Puerto Rico, New England)', async () => {
    expect(await lookupZip('00601')).toMatchObject({ state: 'PR' })
    expect(await lookupZip('02108')).toMatchObject({ state: 'MA' })
  })

  it('knows ZIP codes the Census table lacks (unique and PO-box ZIPs)', async () => {
    expect(await lookupZip('20500')).toMatchObject({ state: 'DC' })
  })

  it.each(['00000', '1234', '123456', 'K1A0B1', ''])('has no place for %j', async (zip) => {
    expect(await lookupZip(zip)).toBeNull()
  })
})

describe('zipMatchesPlace', () => {
  it('tells a ZIP from another city or state', async () => {
    const beverlyHills = (await lookupZip('90210'))!
    expect(await zipMatchesPlace(beverlyHills, 'Pittsburgh', 'PA')).toBe(false)
    expect(await zipMatchesPlace(beverlyHills, 'Los Angeles', 'CA')).toBe(false)
    expect(await zipMatchesPlace(beverlyHills, undefined, 'PA')).toBe(false)
  })

  it("takes the ZIP's own city, however it is written, and a blank city or state", async () => {
    expect(await zipMatchesPlace((await lookupZip('90210'))!, 'beverly hills', 'CA')).toBe(true)
    expect(await zipMatchesPlace((await lookupZip('15213'))!, 'Pittsburgh', 'PA')).toBe(true)
    expect(await zipMatchesPlace((await lookupZip('15213'))!, undefined, undefined)).toBe(true)
    expect(await zipMatchesPlace((await lookupZip('15213'))!, 'Pittsburgh', undefined)).toBe(true)
    const stLouis = (await lookupZip('63101'))!
    expect(await zipMatchesPlace(stLouis, 'Saint Louis', 'MO')).toBe(true)
    expect(await zipMatchesPlace(stLouis, 'St. Louis', 'MO')).toBe(true)
  })
})
