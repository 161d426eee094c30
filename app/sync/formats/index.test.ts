import { expect, test } from 'vitest'
import { detectFormat, readSnapshot } from '#app/sync/formats/index.ts'
import { asm3Row } from '#app/sync/formats/pull-fixtures.ts'
import { biscuit, csvLine, encode, PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'

test('readSnapshot reads what detectFormat names, each format through its reader', () => {
  const files = [
    { name: 'NJ94.csv', bytes: encode(`${PETFINDER_HEADER}\n${petfinderRow(biscuit)}`) },
    { name: 'pets.csv', bytes: encode(csvLine(['D1', 'Dog', 'Rex'])), config: '#1:Id=Id\n#2:Animal=Animal\n#3:Name=Name' },
    { name: 'rg.csv', bytes: encode('externalID,name,type,status\nR1,Rex,Dog,Available') },
    {
      name: 'feed.json',
      bytes: encode(JSON.stringify({ animals: [{ external_id: 'J1', name: 'Rex', type: 'dog', age_group: 'adult' }] })),
    },
    { name: 'adoptable.json', bytes: encode(JSON.stringify([asm3Row(174)])) },
  ]
  const read = files.map(({ name, bytes, config }) => {
    const format = detectFormat(name, bytes)!
    const snapshot = readSnapshot(format, bytes, { config, today: '2026-11-26' })
    return [snapshot.format, snapshot.animals.map((animal) => animal.externalId), snapshot.errors]
  })
  expect(read).toEqual([
    ['petfinder', ['D2024001'], []],
    ['adoptapet', ['D1'], []],
    ['rescuegroups', ['R1'], []],
    ['pawhaven-json', ['J1'], []],
    ['asm3-json', ['174'], []],
  ])
})
