import { describe, expect, it } from 'vitest'
import { lookupZip } from './zip.server'

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
