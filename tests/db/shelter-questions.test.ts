// A shelter's own application questions: who reads and writes them (the owners and admins write,
// the team reads, signed-in people read a listed shelter's and nobody reads an unlisted one's),
// the rules the database holds (15 at most, choices for the choice kinds only), and applications
// sent with their answers: refused while a required one is blank or an answer is not offered, and
// copied into the snapshot so a later edit changes nothing sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

type Name = 'anon' | 'adopter' | 'owner' | 'admin' | 'staff' | 'volunteer' | 'ownerB' | 'pawhaven'
const CALLERS: Name[] = ['anon', 'adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven']
const WRITERS: Name[] = ['owner', 'admin']

let h: Harness
let service: SupabaseClient
const client = {} as Record<Name, SupabaseClient>
let shelterA: string
let shelterC: string

async function question(shelterId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('shelter_questions')
    .insert({ shelter_id: shelterId, kind: 'yes_no', prompt: 'Can you afford a $2,000 eye surgery?', ...fields })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

async function animal(name: string): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelterA, name, type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const a = await createShelter(h, 'Shelter A', { meeting_completed: true, latitude: 30.27, longitude: -97.74 })
  shelterA = a.shelterId
  client.owner = a.client
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterA, user_id: person.userId, role })
    client[role] = person.client
  }
  client.ownerB = (await createShelter(h, 'Shelter B', { meeting_completed: true })).client
  shelterC = (await createShelter(h, 'Unlisted C')).shelterId
  const pawhaven = await h.signedIn()
  await service.from('staff_members').insert({ user_id: pawhaven.userId })
  client.pawhaven = pawhaven.client
  const adopter = await h.signedIn(uniqueEmail('adopter'))
  await adopter.client.from('application_profiles').upsert(APPLICATION_PROFILE, { onConflict: 'user_id' })
  client.adopter = adopter.client
  client.anon = h.anon()
})
afterAll(async () => {
  await h?.stop()
})

describe('who reads and writes a shelter’s questions', () => {
  it('signed-in people read a listed shelter’s; only its owners and admins write them', async () => {
    const id = await question(shelterA)
    const unlisted = await question(shelterC)
    for (const name of CALLERS) {
      const { data, error } = await client[name].from('shelter_questions').select('id').in('id', [id, unlisted])
      expect(error ? error.code : data!.map((row) => (row.id === id ? 'A' : 'C')).join(), `${name} reads`).toBe(
        name === 'anon' ? '42501' : 'A',
      )
      const add = await client[name]
        .from('shelter_questions')
        .insert({ shelter_id: shelterA, kind: 'short_text', prompt: `From ${name}` })
        .select('id')
      expect(add.error?.code ?? 'added', `${name} adds`).toBe(WRITERS.includes(name) ? 'added' : '42501')
      const change = await client[name].from('shelter_questions').update({ required: true }).eq('id', id).select('id')
      expect(change.error?.code ?? change.data!.length, `${name} changes`).toBe(name === 'anon' ? '42501' : WRITERS.includes(name) ? 1 : 0)
      if (add.data?.length) {
        const remove = await client[name].from('shelter_questions').delete().eq('id', add.data[0]!.id).select('id')
        expect(remove.data!.length, `${name} deletes`).toBe(1)
      }
    }
    const foreign = await client.ownerB.from('shelter_questions').insert({ shelter_id: shelterA, kind: 'short_text', prompt: 'Sneaky' })
    expect(foreign.error?.code).toBe('42501')
    const removeOther = await client.ownerB.from('shelter_questions').delete().eq('id', id).select('id')
    expect(removeOther.data).toEqual([])
    const moved = await client.volunteer.rpc('move_shelter_question', { question_id: id, up: false })
    expect(moved.error).toBeNull()
  })

  it('holds at most 15 per shelter, 2 to 20 distinct choices for the choice kinds, and puts a new one last', async () => {
    const owner = await createShelter(h, 'Shelter D', { meeting_completed: true })
    const add = (fields: Record<string, unknown>) =>
      owner.client.from('shelter_questions').insert({ shelter_id: owner.shelterId, kind: 'short_text', prompt: 'Why?', ...fields })
    expect((await add({ kind: 'one_of', options: Array.from({ length: 500 }, (_, i) => `Choice ${i}`) })).error?.code).toBe('23514')
    expect((await add({ kind: 'one_of', options: ['Only one'] })).error?.code).toBe('23514')
    expect((await add({ kind: 'yes_no', options: ['Yes', 'No'] })).error?.code).toBe('23514')
    expect((await add({ kind: 'several_of', options: ['Same', 'Same'] })).error?.message).toBe('Each choice must be different')
    expect((await add({ kind: 'several_of', options: ['x'.repeat(101), 'Short'] })).error?.message).toBe(
      'Each choice needs 1 to 100 characters',
    )
    expect((await add({ prompt: 'x'.repeat(201) })).error?.code).toBe('23514')
    for (let i = 0; i < 15; i++) expect((await add({ prompt: `Question ${i}` })).error).toBeNull()
    const sixteenth = await add({ prompt: 'One too many' })
    expect(sixteenth.error?.message).toBe('A shelter can ask at most 15 questions')
    const { data } = await owner.client
      .from('shelter_questions')
      .select('prompt, position')
      .eq('shelter_id', owner.shelterId)
      .order('position')
    expect(data!.map((row) => row.position)).toEqual([...Array(15).keys()])
    const [first, second] = (await owner.client.from('shelter_questions').select('id').eq('shelter_id', owner.shelterId).order('position'))
      .data!
    expect((await owner.client.rpc('move_shelter_question', { question_id: second!.id, up: true })).error).toBeNull()
    const after = (await owner.client.from('shelter_questions').select('id').eq('shelter_id', owner.shelterId).order('position').limit(2))
      .data!
    expect(after.map((row) => row.id)).toEqual([second!.id, first!.id])
  })
})

describe('applications with answers', () => {
  it('refuses a blank required answer and a forged one, then keeps the answers as asked', async () => {
    await service.from('shelter_questions').delete().eq('shelter_id', shelterA)
    const surgery = await question(shelterA, { required: true })
    const home = await question(shelterA, {
      kind: 'one_of',
      prompt: 'Where will she sleep?',
      options: ['Inside', 'Garage'],
      required: true,
    })
    const chores = await question(shelterA, { kind: 'several_of', prompt: 'Who walks her?', options: ['Me', 'Partner', 'Walker'] })
    const story = await question(shelterA, { kind: 'long_text', prompt: 'Tell us more' })
    const animalId = await animal('Pickles')
    const send = (answers: unknown) => client.adopter.rpc('submit_application_with_answers', { animal_id: animalId, note: '', answers })

    expect((await send({ [home]: 'Inside' })).error?.message).toBe('Answer “Can you afford a $2,000 eye surgery?”: the shelter needs it')
    expect((await send({ [surgery]: 'maybe', [home]: 'Inside' })).error?.code).toBe('22023')
    expect((await send({ [surgery]: 'yes', [home]: 'Basement' })).error?.message).toBe(
      'Choose one of the answers offered for “Where will she sleep?”',
    )
    expect((await send({ [surgery]: 'yes', [home]: 'Inside', [chores]: ['Me', 'Robot'] })).error?.code).toBe('22023')
    expect((await send({ [surgery]: 'yes', [home]: 'Inside', [story]: 'x'.repeat(10_000) })).error?.message).toBe(
      'Keep your answer to “Tell us more” to 2,000 characters',
    )
    expect((await send([surgery])).error?.code).toBe('22023')
    expect((await client.anon.rpc('submit_application_with_answers', { animal_id: animalId, answers: {} })).error?.code).toBe('42501')
    const { count } = await service.from('applications').select('id', { count: 'exact', head: true }).eq('animal_id', animalId)
    expect(count).toBe(0)

    const sent = await send({ [surgery]: 'yes', [home]: 'Inside', [chores]: ['Walker', 'Me'], [story]: '  ', unknown: 'ignored' })
    expect(sent.error).toBeNull()
    await service.from('shelter_questions').update({ prompt: 'Can you afford surgery?', required: false }).eq('id', surgery)
    await service
      .from('shelter_questions')
      .update({ options: ['Indoors', 'Garage'] })
      .eq('id', home)
    await service.from('shelter_questions').delete().eq('id', chores)

    for (const reader of ['adopter', 'owner', 'staff'] as const) {
      const { data } = await client[reader].from('applications').select('snapshot').eq('id', sent.data.id).single()
      expect(data!.snapshot.shelter_questions, `${reader} reads the answers`).toEqual([
        { id: surgery, kind: 'yes_no', prompt: 'Can you afford a $2,000 eye surgery?', options: [], required: true, answer: 'yes' },
        { id: home, kind: 'one_of', prompt: 'Where will she sleep?', options: ['Inside', 'Garage'], required: true, answer: 'Inside' },
        {
          id: chores,
          kind: 'several_of',
          prompt: 'Who walks her?',
          options: ['Me', 'Partner', 'Walker'],
          required: false,
          answer: ['Me', 'Walker'],
        },
        { id: story, kind: 'long_text', prompt: 'Tell us more', options: [], required: false, answer: null },
      ])
    }
    for (const other of ['volunteer', 'ownerB', 'pawhaven'] as const) {
      const { data } = await client[other].from('applications').select('snapshot').eq('id', sent.data.id)
      expect(data, `${other} reads no answers`).toEqual([])
    }
  })
})
