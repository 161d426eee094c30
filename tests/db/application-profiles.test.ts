// The reusable application profile: its person's alone, and a list of what it still needs
// that follows the answers (a renter's landlord, other pets' vet).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
})
afterAll(async () => {
  await h?.stop()
})

const COMPLETE = {
  full_name: 'Ana Reyes',
  phone: '512-555-0100',
  address_line1: '1 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  adults: 2,
  children_ages: [4, 9],
  allergies: 'none',
  home_ownership: 'own',
  home_type: 'house',
  has_yard: true,
  fence: 'full',
  has_other_pets: false,
  hours_alone: 4,
  looking_for: 'A calm dog who likes children',
}

describe('application_profiles', () => {
  it('belong to their person alone', async () => {
    const [a, b] = [await h.signedIn(), await h.signedIn()]
    expect((await a.client.from('application_profiles').upsert({ full_name: 'Ana' }, { onConflict: 'user_id' })).error).toBeNull()
    expect((await a.client.from('application_profiles').select('user_id, full_name')).data).toEqual([
      { user_id: a.userId, full_name: 'Ana' },
    ])
    expect((await b.client.from('application_profiles').select('user_id')).data).toEqual([])
    expect(
      (await b.client.from('application_profiles').update({ full_name: 'Mallory' }).eq('user_id', a.userId).select('user_id')).data,
    ).toEqual([])
    expect((await b.client.from('application_profiles').insert({ user_id: a.userId, full_name: 'Mallory' })).error?.code).toBe('42501')
    expect((await h.anon().from('application_profiles').select('user_id')).error?.code).toBe('42501')
    expect((await a.client.from('application_profiles').delete().eq('user_id', a.userId)).error?.code).toBe('42501')
    expect((await a.client.from('application_profiles').upsert({ children_ages: [18] }, { onConflict: 'user_id' })).error?.code).toBe(
      '23514',
    )
    // Only the service role builds a snapshot; nobody reads another's gaps.
    expect((await a.client.rpc('application_snapshot', { applicant: a.userId })).error?.code).toBe('42501')
    expect((await a.client.rpc('application_profile_missing', { applicant: b.userId })).error?.code).toBe('42501')
  })

  it('are not for shelters, even one the person applied to, nor for Pawhaven staff: they get the snapshot an application carries', async () => {
    const person = await h.signedIn()
    await person.client.from('application_profiles').upsert({ full_name: 'Private' }, { onConflict: 'user_id' })
    const owner = await h.signedIn(undefined, undefined, { user_type: 'shelter', shelter_name: 'Readers' })
    const { data: shelter } = await h.service().from('shelter_profiles').select('id').eq('user_id', owner.userId).single()
    const members = [owner]
    for (const role of ['admin', 'staff', 'volunteer']) {
      const member = await h.signedIn()
      await h.service().from('shelter_members').insert({ shelter_id: shelter!.id, user_id: member.userId, role })
      members.push(member)
    }
    const pawhaven = await h.signedIn()
    await h.service().from('staff_members').insert({ user_id: pawhaven.userId })
    for (const reader of [...members, pawhaven]) {
      expect((await reader.client.from('application_profiles').select('user_id').eq('user_id', person.userId)).data).toEqual([])
      expect(
        (await reader.client.from('application_profiles').update({ full_name: 'X' }).eq('user_id', person.userId).select('user_id')).data,
      ).toEqual([])
    }
  })

  it('say what they still need, following the answers', async () => {
    const person = await h.signedIn()
    const missing = async () => (await person.client.rpc('my_application_profile_missing')).data
    expect(await missing()).toHaveLength(11)
    await person.client.from('application_profiles').upsert(COMPLETE, { onConflict: 'user_id' })
    expect(await missing()).toEqual([])
    await person.client.from('application_profiles').update({ home_ownership: 'rent', has_other_pets: true }).eq('user_id', person.userId)
    expect(await missing()).toEqual(['whether your landlord allows pets', 'your other pets', 'a veterinarian we can ask about your pets'])
    await person.client
      .from('application_profiles')
      .update({
        landlord_permission: 'yes',
        other_pets: [{ kind: 'Cat', spayed_neutered: true, vaccinated: true }],
        vet_name: 'Dr. Ruiz',
        vet_phone: '512-555-0199',
      })
      .eq('user_id', person.userId)
    expect(await missing()).toEqual([])
    const snapshot = (await h.service().rpc('application_snapshot', { applicant: person.userId })).data as Record<string, unknown>
    expect(snapshot).toMatchObject({ full_name: 'Ana Reyes', email: person.email, children_ages: [4, 9], other_pets: [{ kind: 'Cat' }] })
    expect(snapshot).not.toHaveProperty('user_id')
  })

  it('go with the account', async () => {
    const person = await h.signedIn()
    await person.client.from('application_profiles').upsert({ full_name: 'Gone' }, { onConflict: 'user_id' })
    await h.service().auth.admin.deleteUser(person.userId)
    expect((await h.service().from('application_profiles').select('user_id').eq('user_id', person.userId)).data).toEqual([])
  })
})
