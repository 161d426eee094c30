// A care answer a source leaves blank is not known (null), never "no"; an explicit yes or no
// stays. One test per way in: the CSV readers, the pulls and our own JSON (the push API's body).
import { describe, expect, test } from 'vitest'
import { pushAnimalSchema } from '#app/sync/pawhaven-json-schema.ts'
import { readPawhavenJson } from '#app/sync/formats/pawhaven-json.ts'
import { readPetfinder } from '#app/sync/formats/petfinder.ts'
import { RESCUEGROUPS_DOG_SPECIES, rescueGroupsAnimal, rescueGroupsPage, shelterluvAnimal } from '#app/sync/formats/pull-fixtures.ts'
import { readRescueGroupsAnimals, readRescueGroupsPage } from '#app/sync/formats/rescuegroups-v5.ts'
import { readShelterluvAnimals } from '#app/sync/formats/shelterluv.ts'
import { PETFINDER_HEADER, biscuit, encode, petfinderRow } from '#app/sync/formats/test-fixtures.ts'

const today = '2026-11-30'
const care = (animal: {
  houseTrained: boolean | null
  spayedNeutered: boolean | null
  vaccinationsCurrent: boolean | null
  specialNeeds: boolean | null
}) => ({
  houseTrained: animal.houseTrained,
  spayedNeutered: animal.spayedNeutered,
  vaccinationsCurrent: animal.vaccinationsCurrent,
  specialNeeds: animal.specialNeeds,
})

describe('care answers', () => {
  test('Petfinder CSV: 1 is yes, 0 is no, blank is not known', () => {
    const rows = [
      petfinderRow({ ...biscuit, ID: 'a', Housetrained: '1', Altered: '0', Shots: '', specialNeeds: '' }),
      petfinderRow({ ...biscuit, ID: 'b', Housetrained: '', Altered: '', Shots: '0', specialNeeds: '1' }),
    ]
    const snapshot = readPetfinder(encode([PETFINDER_HEADER, ...rows].join('\n')), { today })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map(care)).toEqual([
      { houseTrained: true, spayedNeutered: false, vaccinationsCurrent: null, specialNeeds: null },
      { houseTrained: null, spayedNeutered: null, vaccinationsCurrent: false, specialNeeds: true },
    ])
  })

  test('Shelterluv: Altered Yes or No as said, blank not known; what it never says is not known', () => {
    const snapshot = readShelterluvAnimals(
      [shelterluvAnimal('1', { Altered: 'Yes' }), shelterluvAnimal('2', { Altered: 'No' }), shelterluvAnimal('3', { Altered: '' })],
      { today },
    )
    expect(snapshot.animals.map((animal) => animal.spayedNeutered)).toEqual([true, false, null])
    expect(
      snapshot.animals.every(
        (animal) => animal.houseTrained === null && animal.vaccinationsCurrent === null && animal.specialNeeds === null,
      ),
    ).toBe(true)
  })

  test('RescueGroups v5: true and false as sent, a missing attribute not known', () => {
    const animals = [
      rescueGroupsAnimal('1', { isHousetrained: false, isAltered: true, isCurrentVaccinations: false, isSpecialNeeds: false }),
      rescueGroupsAnimal('2', { isHousetrained: undefined, isCurrentVaccinations: undefined }),
    ]
    const snapshot = readRescueGroupsAnimals([readRescueGroupsPage(rescueGroupsPage(animals, [RESCUEGROUPS_DOG_SPECIES], 1, 1, 2))], {
      today,
    })
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map(care)).toEqual([
      { houseTrained: false, spayedNeutered: true, vaccinationsCurrent: false, specialNeeds: false },
      { houseTrained: null, spayedNeutered: null, vaccinationsCurrent: null, specialNeeds: null },
    ])
  })

  test('our JSON (a snapshot file, the push API): null or left out is not known, false stays false', () => {
    const base = { name: 'Biscuit', type: 'dog', age_group: 'adult' }
    const snapshot = readPawhavenJson(
      encode(
        JSON.stringify({
          animals: [
            { ...base, external_id: 'a', house_trained: false, spayed_neutered: true, vaccinations_current: null },
            { ...base, external_id: 'b', special_needs_notes: 'Daily pill' },
          ],
        }),
      ),
    )
    expect(snapshot.errors).toEqual([])
    expect(snapshot.animals.map(care)).toEqual([
      { houseTrained: false, spayedNeutered: true, vaccinationsCurrent: null, specialNeeds: null },
      // Notes mean special needs.
      { houseTrained: null, spayedNeutered: null, vaccinationsCurrent: null, specialNeeds: true },
    ])
    expect(pushAnimalSchema.parse({ ...base, external_id: 'c' })).toMatchObject({ house_trained: null, special_needs: null })
    expect(pushAnimalSchema.safeParse({ ...base, external_id: 'c', house_trained: 'no' }).success).toBe(false)
  })
})
