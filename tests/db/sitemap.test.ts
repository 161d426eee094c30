// The sitemap's reads: every listed animal and approved shelter, nothing else, in id order,
// cut into files by first id; anyone may call them (the matrix), and they reveal nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { approvedProfile, createShelter } from '#tests/db/factories.ts'

type SignedIn = Awaited<ReturnType<Harness['signedIn']>>
type Shelter = SignedIn & { shelterId: string; slug: string }

let h: Harness
let approved: Shelter
let unapproved: Shelter
const ids: Record<string, string> = {}

const makeShelter = (name: string, approve: boolean): Promise<Shelter> =>
  createShelter(h, name, approve ? approvedProfile() : { meeting_completed: false, approved_at: null })

async function addAnimal(shelter: Shelter, name: string, status = 'available') {
  const { data, error } = await h
    .service()
    .from('animals')
    .insert({ shelter_id: shelter.shelterId, name, type: 'dog', age_group: 'adult', status })
    .select('id')
    .single()
  if (error) throw error
  ids[name] = data.id
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  approved = await makeShelter('Sitemap Paws', true)
  unapproved = await makeShelter('Sitemap Waiting', false)
  for (const name of ['A1', 'A2', 'A3', 'A4', 'A5']) await addAnimal(approved, name)
  await addAnimal(approved, 'Pending', 'pending')
  await addAnimal(approved, 'Adopted', 'adopted')
  await addAnimal(approved, 'Archived', 'archived')
  await addAnimal(unapproved, 'Hidden')
})
afterAll(async () => {
  await h?.stop()
})

const NOBODY = '00000000-0000-0000-0000-000000000000'

describe('the sitemap reads', () => {
  it('list listed animals only, in id order, in keyset pages', async () => {
    const listed = ['A1', 'A2', 'A3', 'A4', 'A5', 'Pending'].map((name) => ids[name]!).sort()
    const first = await h.anon().rpc('sitemap_animals', { after: NOBODY, page_size: 4, inclusive: true })
    expect(first.error).toBeNull()
    const firstIds = (first.data as Array<[string, string]>).map(([id]) => id)
    expect(firstIds).toEqual(listed.slice(0, 4))
    const next = await h.anon().rpc('sitemap_animals', { after: firstIds[3]!, page_size: 4 })
    expect((next.data as Array<[string, string]>).map(([id]) => id)).toEqual(listed.slice(4))
    // Inclusive starts at the id itself; a file's first page.
    const again = await h.anon().rpc('sitemap_animals', { after: listed[2]!, page_size: 1, inclusive: true })
    expect((again.data as Array<[string, string]>)[0]![0]).toBe(listed[2])
    expect(Date.parse((again.data as Array<[string, string]>)[0]![1])).not.toBeNaN()
  })

  it('cut the listed animals into files by their first id, with counts and the newest change', async () => {
    const listed = ['A1', 'A2', 'A3', 'A4', 'A5', 'Pending'].map((name) => ids[name]!).sort()
    const { data: files, error } = await h.anon().rpc('sitemap_animal_files', { file_size: 4 })
    expect(error).toBeNull()
    const data = files as Array<{ first_id: string; urls: number; last_modified: string | null }>
    expect(data.map((file) => [file.first_id, Number(file.urls)])).toEqual([
      [listed[0], 4],
      [listed[4], 2],
    ])
    expect(data.every((file) => file.last_modified)).toBe(true)
  })

  it('list approved shelters only, with their slugs', async () => {
    const { data } = await h.anon().rpc('sitemap_shelters', { after: NOBODY, inclusive: true })
    const rows = data as Array<[string, string, string]>
    expect(rows.map(([id, slug]) => [id, slug])).toContainEqual([approved.shelterId, approved.slug])
    expect(rows.map(([id]) => id)).not.toContain(unapproved.shelterId)
    const files = await h.anon().rpc('sitemap_shelter_files', { file_size: 50000 })
    expect((files.data as Array<{ urls: number }>).reduce((sum, file) => sum + Number(file.urls), 0)).toBe(rows.length)
  })
})
