import { expect, test } from 'vitest'
import { detectFormat } from '#app/sync/formats/detect.ts'
import { asm3Row } from '#app/sync/formats/pull-fixtures.ts'
import { biscuit, csvLine, encode, PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'

test('by name: an import.cfg and pets.csv are Adopt-a-Pet', () => {
  expect(detectFormat('import.cfg', encode('#1:Id=Id'))).toBe('adoptapet')
  expect(detectFormat('upload/pets.csv', new Uint8Array())).toBe('adoptapet')
})

test('by content: JSON, Petfinder with or without a header (and without .csv, as ASM3 names it), RescueGroups in both layouts', () => {
  expect(detectFormat('feed', encode(' {"animals": []}'))).toBe('pawhaven-json')
  expect(detectFormat('feed', encode('[{"external_id": "1", "name": "Rex"}]'))).toBe('pawhaven-json')
  expect(detectFormat('asmservice', encode(JSON.stringify([asm3Row(1)])))).toBe('asm3-json')
  // ASM3's empty list is a list like ours: read as ours, it is the same "nothing adoptable".
  expect(detectFormat('animals.json', encode('[]'))).toBe('pawhaven-json')
  expect(detectFormat('NJ94.csv', encode(`${PETFINDER_HEADER}\n${petfinderRow(biscuit)}`))).toBe('petfinder')
  expect(detectFormat('NJ94', encode(PETFINDER_HEADER))).toBe('petfinder')
  expect(detectFormat('VA600.csv', encode(petfinderRow(biscuit)))).toBe('petfinder')
  expect(detectFormat('shelter.csv', encode('"externalID","name","status"\r\n'))).toBe('rescuegroups')
  expect(detectFormat('shelter.csv', encode('orgID, animalID, status, lastUpdated, rescueID, name\n'))).toBe('rescuegroups')
  expect(detectFormat('other.csv', encode(csvLine(['D1', 'Dog', 'Beagle', '', '1', 'Adult', 'Rex'])))).toBe('adoptapet')
})

test('null when it cannot tell: an image, an empty CSV, an unknown table', () => {
  expect(detectFormat('photo.csv', Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull()
  expect(detectFormat('NJ94.csv', new Uint8Array())).toBeNull()
  expect(detectFormat('list.csv', encode('Name,Colour\nRex,Tan'))).toBeNull()
})
