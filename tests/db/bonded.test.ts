// Bonded groups: who links and unlinks animals (the shelter's staff, admins and
// owners, through link_bonded / unlink_bonded only), who reads groups (anyone, for listed
// animals; members, their own), that a group never spans shelters and dissolves at one animal,
// that bond_lead marks one listed animal per group, that an application or question for one
// animal covers the group, that sync links what a snapshot names, and that each link and unlink
// is one line of the shelter's activity (and no 'animal_edited' line besides).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'
import { animalRow } from '#app/sync/pipeline.server.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'
import { APPLICATION_PROFILE } from '#tests/application-profile.ts'

type Name = 'anon' | 'adopter' | 'owner' | 'admin' | 'staff' | 'volunteer' | 'ownerB' | 'pawhaven'
const CALLERS: Name[] = ['anon', 'adopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven']

let h: Harness
let service: SupabaseClient
const client = {} as Record<Name, SupabaseClient>
const email = {} as Record<'owner' | 'staff', string>
let shelterA: string
let shelterB: string

const PROFILE = { ...APPLICATION_PROFILE, looking_for: 'Two calm dogs' }

async function animal(name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelterA, name, type: 'dog', age_group: 'adult', ...fields })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

async function rows(ids: string[]) {
  const { data, error } = await service.from('animals').select('id, name, bonded_group_id, bond_lead, status').in('id', ids)
  if (error) throw error
  type Row = { id: string; name: string; bonded_group_id: string | null; bond_lead: boolean; status: string }
  const byName = new Map((data as Row[]).map((row) => [row.name, row]))
  const row = (name: string): Row => {
    const found = byName.get(name)
    if (!found) throw new Error(`no animal ${name}`)
    return found
  }
  return Object.assign(row, { all: [...byName.values()] })
}

async function link(a: string, b: string, as: SupabaseClient = client.staff): Promise<string> {
  const { data, error } = await as.rpc('link_bonded', { animal: a, companion: b })
  if (error) throw error
  return data as string
}

async function groupExists(id: string): Promise<boolean> {
  const { data } = await service.from('bonded_groups').select('id').eq('id', id)
  return data!.length === 1
}

async function adopter(name: string) {
  const person = await h.signedIn(uniqueEmail(name.toLowerCase()))
  const { error } = await person.client.from('application_profiles').upsert({ ...PROFILE, full_name: name }, { onConflict: 'user_id' })
  if (error) throw error
  return person
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const signUp = (name: string) => createShelter(h, name, { meeting_completed: true, latitude: 30.27, longitude: -97.74 })
  const a = await signUp('Shelter A')
  shelterA = a.shelterId
  client.owner = a.client
  email.owner = a.email
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterA, user_id: person.userId, role })
    client[role] = person.client
    if (role === 'staff') email.staff = person.email
  }
  const b = await signUp('Shelter B')
  shelterB = b.shelterId
  client.ownerB = b.client
  const pawhaven = await h.signedIn()
  await service.from('staff_members').insert({ user_id: pawhaven.userId })
  client.pawhaven = pawhaven.client
  client.adopter = (await adopter('Adopter')).client
  client.anon = h.anon()
})
afterAll(async () => {
  await h?.stop()
})

describe('who links and unlinks', () => {
  it('the shelter’s staff, admins and owners link and unlink; volunteers, other shelters, adopters, Pawhaven staff and visitors cannot', async () => {
    const expected: Record<Name, string> = {
      anon: '42501',
      adopter: 'PT404',
      owner: 'ok',
      admin: 'ok',
      staff: 'ok',
      volunteer: '42501',
      ownerB: 'PT404',
      pawhaven: 'PT404',
    }
    for (const name of CALLERS) {
      const buddy = await animal(`Buddy ${name}`)
      const max = await animal(`Max ${name}`)
      const linked = await client[name].rpc('link_bonded', { animal: buddy, companion: max })
      expect(linked.error?.code ?? 'ok', `${name} links`).toBe(expected[name])
      if (expected[name] !== 'ok') await link(buddy, max)
      const unlinked = await client[name].rpc('unlink_bonded', { animal: buddy })
      expect(unlinked.error?.code ?? 'ok', `${name} unlinks`).toBe(expected[name])
      const after = await rows([buddy, max])
      expect(after(`Buddy ${name}`).bonded_group_id === null, `${name}: Buddy unlinked`).toBe(expected[name] === 'ok')
    }
  })

  it('nobody writes groups or the group columns directly', async () => {
    const buddy = await animal('Direct Buddy')
    const max = await animal('Direct Max')
    const group = await link(buddy, max)
    for (const name of CALLERS) {
      expect((await client[name].from('bonded_groups').insert({ shelter_id: shelterA })).error?.code, `${name} inserts`).toBe('42501')
      expect((await client[name].from('bonded_groups').delete().eq('id', group)).error?.code, `${name} deletes`).toBe('42501')
      expect(
        (await client[name].from('animals').update({ bonded_group_id: null }).eq('id', buddy)).error?.code,
        `${name} sets a group`,
      ).toBe('42501')
      expect((await client[name].from('animals').update({ bond_lead: false }).eq('id', buddy)).error?.code, `${name} sets a lead`).toBe(
        '42501',
      )
    }
    expect((await rows([buddy]))('Direct Buddy').bonded_group_id).toBe(group)
  })

  it('everyone reads the groups of listed animals; only the shelter’s members read the rest', async () => {
    const buddy = await animal('Hidden Buddy', { status: 'archived' })
    const max = await animal('Hidden Max', { status: 'archived' })
    const hidden = await link(buddy, max)
    const shown = await link(await animal('Shown Buddy'), await animal('Shown Max'))
    for (const name of CALLERS) {
      const member = ['owner', 'admin', 'staff', 'volunteer'].includes(name)
      const { data, error } = await client[name].from('bonded_groups').select('id').in('id', [hidden, shown]).order('id')
      expect(error, name).toBeNull()
      expect(data!.map((row) => row.id).sort(), name).toEqual((member ? [hidden, shown] : [shown]).sort())
      // Companions are read through the animals, whose policies decide: listed ones are public.
      const companions = await client[name].from('animals').select('name').eq('bonded_group_id', shown).order('name')
      expect(
        companions.data!.map((row) => row.name),
        name,
      ).toEqual(['Shown Buddy', 'Shown Max'])
      const unlisted = await client[name].from('animals').select('name').eq('bonded_group_id', hidden)
      expect(unlisted.data!.length, name).toBe(member ? 2 : 0)
    }
  })
})

describe('the group’s rules', () => {
  it('refuses an animal with itself, another shelter’s animal, an adopted animal and a pair already bonded', async () => {
    const buddy = await animal('Rule Buddy')
    const max = await animal('Rule Max')
    const adopted = await animal('Rule Adopted', { status: 'adopted' })
    const { data: other } = await service
      .from('animals')
      .insert({ shelter_id: shelterB, name: 'Far Away', type: 'dog', age_group: 'adult' })
      .select('id')
      .single()
    const message = async (a: string, b: string) => (await client.staff.rpc('link_bonded', { animal: a, companion: b })).error?.message
    expect(await message(buddy, buddy)).toBe('Choose another animal: Rule Buddy cannot be bonded with itself')
    expect(await message(buddy, other!.id)).toBe("Choose a companion from your shelter's animals")
    expect(await message(buddy, adopted)).toBe('Rule Adopted has been adopted, so it cannot be bonded')
    await link(buddy, max)
    expect(await message(max, buddy)).toBe('Rule Max and Rule Buddy are already bonded')
  })

  it('keeps a group within one shelter, even for the service role', async () => {
    const group = await link(await animal('Same Buddy'), await animal('Same Max'))
    const { data: other } = await service
      .from('animals')
      .insert({ shelter_id: shelterB, name: 'Stranger', type: 'dog', age_group: 'adult' })
      .select('id')
      .single()
    const { error } = await service.from('animals').update({ bonded_group_id: group }).eq('id', other!.id)
    expect(error?.code).toBe('23503')
  })

  it('grows a group, merges two, stops at six, and dissolves one left with a single animal', async () => {
    const [a, b, c, d, e, f, g] = (await Promise.all(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((letter) => animal(`Grow ${letter}`)))) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    const first = await link(a, b)
    expect(await link(c, a)).toBe(first)
    const second = await link(d, e)
    // Merged: E's group takes in B's.
    const merged = await link(e, b)
    expect(merged).toBe(second)
    expect(await groupExists(first)).toBe(false)
    let now = await rows([a, b, c, d, e])
    expect(now.all.every((row) => row.bonded_group_id === merged)).toBe(true)
    await link(f, a)
    expect((await client.staff.rpc('link_bonded', { animal: g, companion: a })).error?.message).toBe(
      'A bonded group can have at most 6 animals',
    )

    for (const id of [a, b, c, d]) await client.staff.rpc('unlink_bonded', { animal: id })
    now = await rows([e, f])
    expect(now('Grow E').bonded_group_id).toBe(merged)
    await client.staff.rpc('unlink_bonded', { animal: e })
    now = await rows([e, f])
    expect(now('Grow F').bonded_group_id).toBeNull()
    expect(await groupExists(merged)).toBe(false)
  })

  it('dissolves a pair when one of them is deleted, and goes with its shelter', async () => {
    const buddy = await animal('Deleted Buddy')
    const max = await animal('Deleted Max')
    const group = await link(buddy, max)
    await client.staff.from('animals').delete().eq('id', buddy)
    expect((await rows([max]))('Deleted Max').bonded_group_id).toBeNull()
    expect(await groupExists(group)).toBe(false)

    const doomed = await h.signedIn(uniqueEmail('doomed'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Closing' })
    const { data: shelter } = await service.from('shelter_profiles').select('id').eq('user_id', doomed.userId).single()
    const ids: string[] = []
    for (const name of ['One', 'Two']) {
      const { data } = await service
        .from('animals')
        .insert({ shelter_id: shelter!.id, name, type: 'cat', age_group: 'young' })
        .select('id')
        .single()
      ids.push(data!.id)
    }
    const closing = await link(ids[0]!, ids[1]!, doomed.client)
    expect((await service.from('shelter_profiles').delete().eq('id', shelter!.id)).error).toBeNull()
    expect(await groupExists(closing)).toBe(false)
  })
})

describe('bond_lead: one listed animal per group', () => {
  it('is the earliest published listed member, passes on when it leaves the listings, and is every animal outside a group', async () => {
    const buddy = await animal('Lead Buddy')
    const max = await animal('Lead Max')
    const lone = await animal('Lead Alone')
    expect((await rows([buddy, max, lone])).all.every((row) => row.bond_lead)).toBe(true)
    await link(max, buddy)
    let now = await rows([buddy, max, lone])
    expect([now('Lead Buddy').bond_lead, now('Lead Max').bond_lead, now('Lead Alone').bond_lead]).toEqual([true, false, true])

    await service.from('animals').update({ status: 'adopted' }).eq('id', buddy)
    now = await rows([buddy, max])
    expect([now('Lead Buddy').bond_lead, now('Lead Max').bond_lead]).toEqual([false, true])

    await service.from('animals').update({ status: 'archived' }).eq('id', max)
    now = await rows([buddy, max])
    expect([now('Lead Buddy').bond_lead, now('Lead Max').bond_lead]).toEqual([false, false])

    await service.from('animals').update({ status: 'available' }).eq('id', buddy)
    await service.from('animals').update({ status: 'pending' }).eq('id', max)
    now = await rows([buddy, max])
    expect([now('Lead Buddy').bond_lead, now('Lead Max').bond_lead]).toEqual([true, false])

    await client.staff.rpc('unlink_bonded', { animal: buddy })
    now = await rows([buddy, max])
    expect([now('Lead Buddy').bond_lead, now('Lead Max').bond_lead]).toEqual([true, true])
  })

  it('follows the shelter: suspended, no lead; restored, the lead again', async () => {
    const buddy = await animal('Shelter Buddy')
    const max = await animal('Shelter Max')
    await link(buddy, max)
    await service.from('shelter_profiles').update({ suspended_at: new Date().toISOString() }).eq('id', shelterA)
    let now = await rows([buddy, max])
    expect([now('Shelter Buddy').bond_lead, now('Shelter Max').bond_lead]).toEqual([false, false])
    await service.from('shelter_profiles').update({ suspended_at: null }).eq('id', shelterA)
    now = await rows([buddy, max])
    expect([now('Shelter Buddy').bond_lead, now('Shelter Max').bond_lead]).toEqual([true, false])
  })

  it('holds exactly one lead per group with listed members, whatever happened', async () => {
    const { data } = await service.from('animals').select('bonded_group_id, bond_lead, listed').not('bonded_group_id', 'is', null)
    const leads = new Map<string, number>()
    const listed = new Set<string>()
    for (const row of data!) {
      if (row.listed) listed.add(row.bonded_group_id)
      if (row.bond_lead) leads.set(row.bonded_group_id, (leads.get(row.bonded_group_id) ?? 0) + 1)
      expect(!row.bond_lead || row.listed).toBe(true)
    }
    for (const group of listed) expect(leads.get(group), group).toBe(1)
  })
})

describe('an application or a question covers the group', () => {
  it('refuses a second application within a group, adopts the whole group and closes the others’ applications kindly', async () => {
    const buddy = await animal('Apply Buddy')
    const max = await animal('Apply Max')
    await link(buddy, max)
    const first = await adopter('First')
    const second = await adopter('Second')
    const { data: application, error } = await first.client.rpc('submit_application', { animal_id: buddy })
    expect(error).toBeNull()
    const refused = await first.client.rpc('submit_application', { animal_id: max })
    expect(refused.error?.message).toBe('Your application for Apply Buddy already covers Apply Max: they go home together')
    const { data: other } = await second.client.rpc('submit_application', { animal_id: max })
    expect(other).not.toBeNull()

    await client.staff.rpc('approve_application', { application_id: application.id })
    expect((await client.staff.rpc('mark_application_adopted', { application_id: application.id })).error).toBeNull()
    const now = await rows([buddy, max])
    expect([now('Apply Buddy').status, now('Apply Max').status]).toEqual(['adopted', 'adopted'])
    const { data: closed } = await service.from('applications').select('status, decision_message').eq('id', other.id).single()
    expect(closed).toEqual({ status: 'closed', decision_message: 'Apply Max has found a home with another family.' })
  })

  it('a question about a companion joins the open conversation about the group', async () => {
    const buddy = await animal('Ask Buddy')
    const max = await animal('Ask Max')
    await link(buddy, max)
    const first = await client.adopter.rpc('start_conversation', { animal: buddy, message: 'Do they get on with cats?' })
    const second = await client.adopter.rpc('start_conversation', { animal: max, message: 'And with children?' })
    expect(first.error).toBeNull()
    expect(second.data).toBe(first.data)
  })
})

describe('sync links the bonds a source names', () => {
  it('a snapshot’s bonded_with links the source’s animals; a PUT links to those already there', async () => {
    const { data: source } = await client.owner.rpc('create_sync_source', { kind: 'upload', name: 'Bonds', format: 'pawhaven-json' })
    const snapshot = [
      importedAnimal('b-1', { name: 'Synced Buddy', bondedWith: ['b-2'] }),
      importedAnimal('b-2', { name: 'Synced Max' }),
      importedAnimal('b-3', { name: 'Synced Lone', bondedWith: ['nobody'] }),
    ]
    const { error } = await client.owner.rpc('import_snapshot', { source_id: source.id, animals: snapshot.map(animalRow) })
    expect(error).toBeNull()
    const { data } = await service.from('animals').select('name, bonded_group_id').eq('source_id', source.id).order('name')
    const byName = Object.fromEntries(data!.map((row) => [row.name, row.bonded_group_id]))
    expect(byName['Synced Buddy']).not.toBeNull()
    expect(byName['Synced Max']).toBe(byName['Synced Buddy'])
    expect(byName['Synced Lone']).toBeNull()

    // The same snapshot again changes nothing, bonds included.
    const again = await client.owner.rpc('import_snapshot', { source_id: source.id, animals: snapshot.map(animalRow) })
    expect(again.data.unchanged).toBe(3)

    // The push API's PUT: a bond to an animal the source already has.
    const { data: api } = await service.rpc('api_source_of', { shelter: shelterA })
    await service.rpc('api_put_animal', { source_id: api.id, animal: animalRow(importedAnimal('p-1', { name: 'Put Lone' })) })
    const put = await service.rpc('api_put_animal', {
      source_id: api.id,
      animal: animalRow(importedAnimal('p-2', { name: 'Put Pal', bondedWith: ['p-1'] })),
    })
    expect(put.error).toBeNull()
    const { data: pair } = await service.from('animals').select('name, bonded_group_id').eq('source_id', api.id).order('name')
    expect(pair!.map((row) => row.name)).toEqual(['Put Lone', 'Put Pal'])
    expect(pair![0]?.bonded_group_id).toBeTruthy()
    expect(pair![0]?.bonded_group_id).toBe(pair![1]?.bonded_group_id)
  })
})

describe('search shows a group once', () => {
  it('counts, pages, maps, tallies and alerts a bonded group as one listing: its lead’s, with its companions named', async () => {
    // A shelter of its own, far from the others, so every count here is of these animals.
    const owner = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Shelter Seattle' })
    const { data: profile } = await service.from('shelter_profiles').select('id').eq('user_id', owner.userId).single()
    const seattle = profile!.id as string
    await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 47.61, longitude: -122.33 }).eq('id', seattle)
    const near = { lat: 47.61, lon: -122.33, radius_miles: 5 }
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
    const listed = async (name: string, published: number) => {
      const { data, error } = await service
        .from('animals')
        .insert({ shelter_id: seattle, name, type: 'dog', age_group: 'adult', published_at: minutesAgo(published) })
        .select('id')
        .single()
      if (error) throw error
      return data.id as string
    }
    const search = async (parameters: Record<string, unknown>) => {
      const { data, error } = await client.anon.rpc('search_animals', { ...near, ...parameters })
      if (error) throw error
      return data as { total: number; animals: Array<{ name: string }> }
    }
    const counts = async () => {
      const [{ data: map }, { data: directory }, { data: types }] = await Promise.all([
        client.anon.rpc('search_animal_map', near),
        client.anon.rpc('shelter_animal_counts', { shelter_ids: [seattle] }),
        client.anon.rpc('animal_type_counts'),
      ])
      const dogs = (types as Array<{ type: string; available: number }>).find((row) => row.type === 'dog')!
      return { map: (map as { total: number }).total, directory: Number(directory![0]!.available), dogs: Number(dogs.available) }
    }

    const biscuit = await listed('Biscuit', 30)
    const gravy = await listed('Gravy', 20)
    await listed('Pepper', 10)
    const apart = await counts()
    expect((await search({})).total).toBe(3)
    expect(apart).toMatchObject({ map: 3, directory: 3 })

    await link(biscuit, gravy, owner.client)
    const together = await search({ page_size: 1 })
    expect(together.total).toBe(2)
    expect(together.animals.map((animal) => animal.name)).toEqual(['Pepper'])
    // The second page is full: the group's card, its lead's (Biscuit, published first).
    expect((await search({ page_size: 1, page_offset: 1 })).animals.map((animal) => animal.name)).toEqual(['Biscuit'])
    expect((await search({ q: 'Gravy' })).total).toBe(0)
    expect(await counts()).toEqual({ map: 2, directory: 2, dogs: apart.dogs - 1 })
    // The map's marker for the group names its companions (all three stand at one place: one word picks the group).
    const { data: map } = await client.anon.rpc('search_animal_map', { ...near, q: 'Biscuit' })
    const groups = (map as { groups: Array<{ count: number; animal: { name: string; companions: string[] } }> }).groups
    expect(groups.map((group) => [group.count, group.animal.name, group.animal.companions])).toEqual([[1, 'Biscuit', ['Gravy']]])

    // An alert sends the group once, named as its card names it.
    const person = await h.signedIn(uniqueEmail('alerts'))
    const { data: saved, error } = await service
      .from('saved_searches')
      .insert({
        user_id: person.userId,
        name: 'Dogs in Seattle',
        query: 'type=dog',
        filters: { ...near, type: 'dog' },
        frequency: 'instant',
      })
      .select('id')
      .single()
    if (error) throw error
    await service
      .from('saved_searches')
      .update({ created_at: minutesAgo(60), checked_until: minutesAgo(60), next_check_at: minutesAgo(0.1) })
      .eq('id', saved.id)
    const { error: runError } = await service.rpc('run_saved_search_alerts', { batch_size: 200 })
    if (runError) throw runError
    const { data: emails } = await service
      .from('email_outbox')
      .select('data')
      .eq('template', 'saved_search_alert')
      .eq('to_address', person.email.toLowerCase())
    expect(emails).toHaveLength(1)
    const sent = emails![0]!.data as { total: number; animals: Array<{ name: string; companions: string[] }> }
    expect(sent.total).toBe(2)
    expect(sent.animals.map((animal) => [animal.name, animal.companions])).toEqual([
      ['Pepper', []],
      ['Biscuit', ['Gravy']],
    ])

    // Apart again: each is a listing of its own.
    const { error: unlinkError } = await owner.client.rpc('unlink_bonded', { animal: gravy })
    if (unlinkError) throw unlinkError
    expect((await search({})).total).toBe(3)
    expect(await counts()).toEqual(apart)
  })
})

describe('the Activity tab', () => {
  /** The shelter's activity lines written since `after` (an id), oldest first. */
  async function linesSince(after: number) {
    const { data, error } = await service
      .from('shelter_activity')
      .select('id, actor_email, action, subject, details')
      .eq('shelter_id', shelterA)
      .gt('id', after)
      .order('id')
    if (error) throw error
    return data.map(({ id: _id, ...line }) => line)
  }
  async function lastLine(): Promise<number> {
    const { data } = await service.from('shelter_activity').select('id').order('id', { ascending: false }).limit(1)
    return data?.[0]?.id ?? 0
  }

  it('writes each link and unlink once, as the person who made it, and nothing else', async () => {
    const biscuit = await animal('Biscuit')
    const gravy = await animal('Gravy')
    const pepper = await animal('Pepper')
    const lone = await animal('Lone')
    let mark = await lastLine()
    await link(biscuit, gravy)
    expect(await linesSince(mark)).toEqual([
      {
        actor_email: email.staff,
        action: 'animals_bonded',
        subject: 'Biscuit and Gravy',
        details: { animal_id: biscuit, companion_id: gravy, animal: 'Biscuit', companion: 'Gravy', group: ['Biscuit', 'Gravy'] },
      },
    ])

    // Pepper joins: the line names the group it makes. Refused links write nothing.
    mark = await lastLine()
    await link(pepper, gravy, client.owner)
    expect((await client.staff.rpc('link_bonded', { animal: biscuit, companion: pepper })).error?.code).toBe('22023')
    expect((await client.volunteer.rpc('link_bonded', { animal: lone, companion: biscuit })).error?.code).toBe('42501')
    expect(await linesSince(mark)).toEqual([
      {
        actor_email: email.owner,
        action: 'animals_bonded',
        subject: 'Pepper and Gravy',
        details: { animal_id: pepper, companion_id: gravy, animal: 'Pepper', companion: 'Gravy', group: ['Biscuit', 'Gravy', 'Pepper'] },
      },
    ])

    // Out go Gravy (the group goes on) and Pepper (the pair dissolves); Lone was in no group.
    mark = await lastLine()
    await client.staff.rpc('unlink_bonded', { animal: gravy })
    await client.staff.rpc('unlink_bonded', { animal: pepper })
    await client.staff.rpc('unlink_bonded', { animal: lone })
    expect(await linesSince(mark)).toEqual([
      {
        actor_email: email.staff,
        action: 'animal_unbonded',
        subject: 'Gravy',
        details: { animal_id: gravy, companions: ['Biscuit', 'Pepper'] },
      },
      { actor_email: email.staff, action: 'animal_unbonded', subject: 'Pepper', details: { animal_id: pepper, companions: ['Biscuit'] } },
    ])
    expect((await rows([biscuit]))('Biscuit').bonded_group_id).toBeNull()
  })

  it('is read by the shelter’s owners and admins only, like the rest of the log', async () => {
    const mark = await lastLine()
    await link(await animal('Read Buddy'), await animal('Read Max'))
    const seen = async (name: Name) =>
      (await client[name].from('shelter_activity').select('action').gt('id', mark)).data?.map((line) => line.action) ?? 'refused'
    expect(await seen('owner')).toEqual(['animals_bonded'])
    expect(await seen('admin')).toEqual(['animals_bonded'])
    for (const name of ['staff', 'volunteer', 'ownerB', 'adopter', 'pawhaven'] as const) expect(await seen(name), name).toEqual([])
    expect(await seen('anon')).toBe('refused')
  })

  it('says which source a synced bond came from, attributed as the run is, and only when it is new', async () => {
    const { data: source } = await client.owner.rpc('create_sync_source', { kind: 'upload', name: 'Bond lines', format: 'pawhaven-json' })
    const snapshot = [
      importedAnimal('l-1', { name: 'Line Buddy', bondedWith: ['l-2'] }),
      importedAnimal('l-2', { name: 'Line Max', bondedWith: ['l-1'] }),
    ]
    let mark = await lastLine()
    const run = await client.owner.rpc('import_snapshot', { source_id: source.id, animals: snapshot.map(animalRow) })
    expect(run.error).toBeNull()
    const lines = await linesSince(mark)
    expect(lines.map((line) => [line.actor_email, line.action, line.subject])).toEqual([
      [email.owner, 'animals_bonded', 'Line Buddy and Line Max'],
      [email.owner, 'listings_synced', 'Bond lines'],
    ])
    expect(lines[0]!.details).toMatchObject({ group: ['Line Buddy', 'Line Max'], source: 'Bond lines' })

    // The same snapshot again: no new bond, no line.
    mark = await lastLine()
    await client.owner.rpc('import_snapshot', { source_id: source.id, animals: snapshot.map(animalRow) })
    expect(await linesSince(mark)).toEqual([])

    // The push API (the service role): the site's line, naming the API's source.
    const { data: api } = await service.rpc('api_source_of', { shelter: shelterA })
    await service.rpc('api_put_animal', { source_id: api.id, animal: animalRow(importedAnimal('lp-1', { name: 'Api Lone' })) })
    mark = await lastLine()
    await service.rpc('api_put_animal', {
      source_id: api.id,
      animal: animalRow(importedAnimal('lp-2', { name: 'Api Pal', bondedWith: ['lp-1'] })),
    })
    expect(
      (await linesSince(mark)).map((line) => [line.actor_email, line.action, line.subject, (line.details as { source?: string }).source]),
    ).toEqual([['Pawhaven', 'animals_bonded', 'Api Pal and Api Lone', api.name]])
  })
})
