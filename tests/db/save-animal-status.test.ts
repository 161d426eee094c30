// The edit form's Status select: save_animal saves the status with the other fields (it used to
// leave it as it was), for staff and above; a volunteer's save of a status is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
})
afterAll(async () => {
  await h?.stop()
})

describe('save_animal and the status', () => {
  it('saves the status the form sends; a volunteer cannot change it', async () => {
    const owner = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Happy Tails' })
    const { data: profile } = await h.service().from('shelter_profiles').select('id').eq('user_id', owner.userId).single()
    const { data: animal } = await owner.client
      .from('animals')
      .insert({ shelter_id: profile!.id, name: 'Biscuit', type: 'dog', age_group: 'adult' })
      .select('id')
      .single()

    const { error } = await owner.client.rpc('save_animal', { target_animal: animal!.id, changes: { name: 'Biscuit', status: 'pending' } })
    expect(error).toBeNull()
    expect((await owner.client.from('animals').select('status').eq('id', animal!.id).single()).data?.status).toBe('pending')

    const volunteer = await h.signedIn(uniqueEmail('volunteer'))
    await h.service().from('shelter_members').insert({ shelter_id: profile!.id, user_id: volunteer.userId, role: 'volunteer' })
    expect((await volunteer.client.rpc('save_animal', { target_animal: animal!.id, changes: { status: 'available' } })).error?.code).toBe(
      '42501',
    )
    expect(
      (await volunteer.client.rpc('save_animal', { target_animal: animal!.id, changes: { description: 'Loves naps' } })).error,
    ).toBeNull()
    expect((await owner.client.from('animals').select('status, description').eq('id', animal!.id).single()).data).toEqual({
      status: 'pending',
      description: 'Loves naps',
    })
  })
})
