// The Activity tab's lines in words, for the bond lines above all: a pair, a bigger group, a
// sync's bond, an unlink (a pair dissolving, a group shrinking), and the sync's own line.
import { describe, expect, it } from 'vitest'
import { describeActivity } from '#app/routes/dashboard.$hash.activity/describe.server.ts'

describe('describeActivity', () => {
  it('says which animals were linked, and the group they make when it is more than a pair', () => {
    expect(describeActivity('animals_bonded', 'Biscuit and Gravy', { group: ['Biscuit', 'Gravy'] })).toBe(
      'linked Biscuit and Gravy as a bonded group',
    )
    expect(describeActivity('animals_bonded', 'Pepper and Gravy', { group: ['Biscuit', 'Gravy', 'Pepper'] })).toBe(
      'linked Pepper and Gravy, making the bonded group Biscuit, Gravy and Pepper',
    )
  })

  it('names the source of a bond a sync made', () => {
    expect(describeActivity('animals_bonded', 'Biscuit and Gravy', { group: ['Biscuit', 'Gravy'], source: 'ASM3 by FTP' })).toBe(
      'linked Biscuit and Gravy as a bonded group (synced from ASM3 by FTP)',
    )
  })

  it('says whose group an animal was taken out of', () => {
    expect(describeActivity('animal_unbonded', 'Gravy', { companions: ['Biscuit'] })).toBe("removed Gravy from Biscuit's bonded group")
    expect(describeActivity('animal_unbonded', 'Gravy', { companions: ['Biscuit', 'Pepper'] })).toBe(
      "removed Gravy from Biscuit and Pepper's bonded group",
    )
    expect(describeActivity('animal_unbonded', 'Gravy', {})).toBe('removed Gravy from its bonded group')
  })

  it('counts what a sync run changed', () => {
    expect(describeActivity('listings_synced', 'ASM3 by FTP', { added: 3, updated: 1, removed: 0 })).toBe(
      'synced ASM3 by FTP: 3 added, 1 updated, 0 removed',
    )
  })

  it('keeps the other lines as they were, and an unknown action in words', () => {
    expect(describeActivity('animal_edited', 'Biscuit', { fields: ['primary_breed', 'name'] })).toBe('edited Biscuit (primary breed, name)')
    expect(describeActivity('member_role_changed', 'ana@example.org', { from: 'staff', to: 'admin' })).toBe(
      "changed ana@example.org's role from staff to admin",
    )
    expect(describeActivity('something_new', 'x', {})).toBe('something new')
  })
})
