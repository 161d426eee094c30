// The Team tab in the database: invitations (single use, 7 days, for the invited address only),
// role changes, removals, leaving, the last-owner rule, and the activity log owners and admins
// read. A matrix of callers × the team functions proves nobody else reaches them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'

type Role = 'owner' | 'admin' | 'staff' | 'volunteer'
type Person = { client: SupabaseClient; userId: string; email: string }

let h: Harness
let service: SupabaseClient

async function newShelter(name = 'Happy Tails'): Promise<{ shelterId: string; owner: Person }> {
  const { shelterId, ...owner } = await createShelter(h, name)
  return { shelterId, owner }
}

async function addMember(shelterId: string, role: Role): Promise<Person> {
  const person = await h.signedIn(uniqueEmail(role), 'correct-horse-1', { user_type: 'adopter' })
  const { error } = await service.from('shelter_members').insert({ shelter_id: shelterId, user_id: person.userId, role })
  if (error) throw error
  return person
}

/** The token the invitation email carries (only the outbox and the email have it). */
async function tokenFor(email: string): Promise<string> {
  const { data } = await service
    .from('email_outbox')
    .select('data')
    .eq('to_address', email)
    .eq('template', 'team_invitation')
    .order('created_at', { ascending: false })
    .limit(1)
    .single()
  return (data!.data as { secret: { token: string } }).secret.token
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
})
afterAll(async () => {
  await h?.stop()
})

describe('invitations', () => {
  it('invites by email, and the invited person joins once with the role', async () => {
    const { shelterId, owner } = await newShelter()
    const email = uniqueEmail('invitee')
    const { data: invitation, error } = await owner.client.rpc('invite_member', { email: email.toUpperCase(), role: 'staff' })
    expect(error).toBeNull()
    expect(invitation).toMatchObject({ email, role: 'staff', invited_by_email: owner.email })
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
    const token = await tokenFor(email)
    // The table keeps only the token's hash.
    expect(JSON.stringify((await service.from('shelter_invitations').select('*').eq('id', invitation.id)).data)).not.toContain(token)
    expect((await owner.client.from('shelter_invitations').select('token_hash')).error?.code).toBe('42501')

    const preview = (await h.anon().rpc('invitation_preview', { token })).data
    expect(preview).toEqual([
      { shelter_name: 'Happy Tails', email, role: 'staff', state: 'open', expires_at: invitation.expires_at, has_account: false },
    ])
    expect((await h.anon().rpc('invitation_preview', { token: 'not-the-token' })).data).toEqual([])

    // Someone else holding the link cannot use it.
    const stranger = await h.signedIn()
    expect((await stranger.client.rpc('accept_invitation', { token })).error).toMatchObject({
      code: '42501',
      message: `This invitation is for ${email}: sign in with that address to accept it`,
    })

    const invitee = await h.signedIn(email, 'correct-horse-1', { user_type: 'adopter' })
    expect((await invitee.client.rpc('accept_invitation', { token })).data).toMatchObject({
      shelter_id: shelterId,
      user_id: invitee.userId,
      role: 'staff',
    })
    expect((await invitee.client.rpc('accept_invitation', { token })).error).toMatchObject({
      code: 'PT409',
      message: 'This invitation has already been used',
    })
    expect((await h.anon().rpc('invitation_preview', { token })).data![0]!.state).toBe('accepted')
    expect(
      (await invitee.client.rpc('my_team')).data!.map((member: { email: string; role: string }) => [member.email, member.role]),
    ).toEqual([
      [owner.email, 'owner'],
      [email, 'staff'],
    ])
  })

  it('expires after 7 days, and the hourly job closes it so the address can be invited again', async () => {
    const { shelterId, owner } = await newShelter()
    const email = uniqueEmail('late')
    const { data: invitation } = await owner.client.rpc('invite_member', { email, role: 'volunteer' })
    const token = await tokenFor(email)
    await h.lb.db.query(`update public.shelter_invitations set expires_at = now() - interval '1 minute' where id = $1`, [invitation.id])
    const invitee = await h.signedIn(email)
    expect((await invitee.client.rpc('accept_invitation', { token })).error).toMatchObject({
      code: 'PT409',
      message: 'This invitation has expired: ask for a new one',
    })
    expect((await h.anon().rpc('invitation_preview', { token })).data![0]!.state).toBe('expired')
    expect((await owner.client.rpc('expire_invitations')).error?.code).toBe('42501')
    expect((await service.rpc('expire_invitations')).data).toBeGreaterThanOrEqual(1)
    expect(
      (await owner.client.from('shelter_invitations').select('expired_at').eq('id', invitation.id).single()).data!.expired_at,
    ).not.toBeNull()
    expect((await owner.client.rpc('invite_member', { email, role: 'volunteer' })).error).toBeNull()
    expect((await service.from('job_schedules').select('kind, every').eq('name', 'expire_invitations')).data).toEqual([
      { kind: 'expire_invitations', every: '01:00:00' },
    ])
    void shelterId
  })

  it('resends with a new link (the old one stops working) and revokes', async () => {
    const { owner } = await newShelter()
    const email = uniqueEmail('again')
    const { data: invitation } = await owner.client.rpc('invite_member', { email, role: 'staff' })
    const first = await tokenFor(email)
    expect((await owner.client.rpc('invite_member', { email, role: 'staff' })).error).toMatchObject({ code: '23505' })
    expect((await owner.client.rpc('resend_invitation', { invitation_id: invitation.id })).error).toBeNull()
    const second = await tokenFor(email)
    expect(second).not.toBe(first)
    expect((await h.anon().rpc('invitation_preview', { token: first })).data).toEqual([])
    expect((await owner.client.rpc('revoke_invitation', { invitation_id: invitation.id })).error).toBeNull()
    expect((await h.anon().rpc('invitation_preview', { token: second })).data![0]!.state).toBe('revoked')
    const invitee = await h.signedIn(email)
    expect((await invitee.client.rpc('accept_invitation', { token: second })).error?.code).toBe('PT404')
    expect((await owner.client.rpc('resend_invitation', { invitation_id: invitation.id })).error?.code).toBe('PT409')
  })

  it('keeps each person to one shelter', async () => {
    const { owner } = await newShelter()
    const other = await newShelter('Other Rescue')
    await owner.client.rpc('invite_member', { email: other.owner.email, role: 'staff' })
    const token = await tokenFor(other.owner.email)
    expect((await other.owner.client.rpc('accept_invitation', { token })).error).toMatchObject({
      code: 'PT409',
      message: 'Your account already belongs to a shelter; each person can belong to one',
    })
  })

  it('lets owners and admins invite (only owners invite owners), and nobody else', async () => {
    const { shelterId, owner } = await newShelter()
    const admin = await addMember(shelterId, 'admin')
    const staff = await addMember(shelterId, 'staff')
    const volunteer = await addMember(shelterId, 'volunteer')
    const outsider = (await newShelter('Elsewhere')).owner.client
    expect((await admin.client.rpc('invite_member', { email: uniqueEmail('x'), role: 'admin' })).error).toBeNull()
    expect((await admin.client.rpc('invite_member', { email: uniqueEmail('x'), role: 'owner' })).error).toMatchObject({
      code: '42501',
      message: 'Only owners can invite owners',
    })
    expect((await owner.client.rpc('invite_member', { email: uniqueEmail('x'), role: 'owner' })).error).toBeNull()
    expect((await owner.client.rpc('invite_member', { email: 'not-an-address', role: 'staff' })).error).toMatchObject({
      code: '22023',
      message: 'Enter a valid email address',
    })
    expect((await owner.client.rpc('invite_member', { email: admin.email, role: 'staff' })).error).toMatchObject({
      code: '23505',
      message: `${admin.email} is already on your team`,
    })
    for (const caller of [staff.client, volunteer.client, h.anon(), (await h.signedIn()).client]) {
      expect((await caller.rpc('invite_member', { email: uniqueEmail('x'), role: 'staff' })).error?.code).toBe('42501')
    }
    // Another shelter's owner invites to their own shelter, never to this one; and does not see this one's invitations.
    expect((await outsider.rpc('invite_member', { email: uniqueEmail('x'), role: 'staff' })).data?.shelter_id).not.toBe(shelterId)
    expect((await outsider.from('shelter_invitations').select('id').eq('shelter_id', shelterId)).data).toEqual([])
    expect((await staff.client.from('shelter_invitations').select('id')).data).toEqual([])
    expect((await admin.client.from('shelter_invitations').select('id')).data!.length).toBe(2)
    expect(
      (
        await admin.client
          .from('shelter_invitations')
          .insert({ shelter_id: shelterId, email: 'a@b.co', role: 'owner', token_hash: 'x', invited_by_email: 'x' })
      ).error?.code,
    ).toBe('42501')
  })
})

describe('members', () => {
  it('changes roles and removes members by the rules, and always keeps an owner', async () => {
    const { shelterId, owner } = await newShelter()
    const admin = await addMember(shelterId, 'admin')
    const staff = await addMember(shelterId, 'staff')
    expect((await admin.client.rpc('change_member_role', { member_id: staff.userId, role: 'volunteer' })).data?.role).toBe('volunteer')
    expect((await admin.client.rpc('change_member_role', { member_id: owner.userId, role: 'admin' })).error).toMatchObject({
      code: '42501',
    })
    expect((await admin.client.rpc('change_member_role', { member_id: staff.userId, role: 'owner' })).error).toMatchObject({
      code: '42501',
    })
    expect((await staff.client.rpc('change_member_role', { member_id: admin.userId, role: 'volunteer' })).error?.code).toBe('42501')
    // The last owner can be neither demoted nor leave.
    expect((await owner.client.rpc('change_member_role', { member_id: owner.userId, role: 'admin' })).error).toMatchObject({
      code: '23514',
      message: 'A shelter must keep at least one owner',
    })
    expect((await owner.client.rpc('leave_shelter')).error).toMatchObject({ code: '23514' })
    // With a second owner, the first may step down.
    expect((await owner.client.rpc('change_member_role', { member_id: admin.userId, role: 'owner' })).data?.role).toBe('owner')
    expect((await owner.client.rpc('change_member_role', { member_id: owner.userId, role: 'admin' })).data?.role).toBe('admin')

    expect((await owner.client.rpc('remove_member', { member_id: admin.userId })).error).toMatchObject({
      code: '42501',
      message: 'Only owners can remove owners',
    })
    expect((await admin.client.rpc('remove_member', { member_id: admin.userId })).error?.code).toBe('22023')
    expect((await admin.client.rpc('remove_member', { member_id: staff.userId })).error).toBeNull()
    expect((await staff.client.from('shelter_members').select('user_id')).data).toEqual([])
    expect((await owner.client.rpc('leave_shelter')).error).toBeNull()
    expect((await service.from('shelter_members').select('user_id, role').eq('shelter_id', shelterId)).data).toEqual([
      { user_id: admin.userId, role: 'owner' },
    ])
  })

  it('refuses the team functions to visitors, adopters, other shelters and the service role', async () => {
    const { shelterId } = await newShelter()
    const staff = await addMember(shelterId, 'staff')
    const outsider = (await newShelter('Elsewhere')).owner.client
    const adopter = (await h.signedIn()).client
    for (const caller of [h.anon(), adopter, service]) {
      for (const [fn, args] of [
        ['change_member_role', { member_id: staff.userId, role: 'admin' }],
        ['remove_member', { member_id: staff.userId }],
        ['resend_invitation', { invitation_id: '00000000-0000-0000-0000-000000000000' }],
        ['revoke_invitation', { invitation_id: '00000000-0000-0000-0000-000000000000' }],
      ] as const) {
        expect((await caller.rpc(fn, args)).error?.code, fn).toBe('42501')
      }
    }
    // Another shelter's owner manages their own team: this shelter's member is not on it.
    expect((await outsider.rpc('remove_member', { member_id: staff.userId })).error?.code).toBe('PT404')
    expect((await adopter.rpc('leave_shelter')).error?.code).toBe('PT404')
    expect((await h.anon().rpc('my_team')).error?.code).toBe('42501')
    expect((await adopter.rpc('my_team')).data).toEqual([])
    expect(
      (
        await staff.client
          .from('shelter_members')
          .insert({ shelter_id: shelterId, user_id: (await adopter.auth.getUser()).data.user!.id, role: 'owner' })
      ).error?.code,
    ).toBe('42501')
    expect((await staff.client.from('shelter_members').update({ role: 'owner' }).eq('user_id', staff.userId)).error?.code).toBe('42501')
  })
})

describe('the activity log', () => {
  it('records who did what to animals, settings and the team, for owners and admins to read', async () => {
    const { shelterId, owner } = await newShelter()
    const staff = await addMember(shelterId, 'staff')
    const { data: animal } = await staff.client
      .from('animals')
      .insert({ shelter_id: shelterId, name: 'Biscuit', type: 'dog', age_group: 'adult' })
      .select('id')
      .single()
    await staff.client.from('animals').update({ primary_color: 'Brown', description: 'Loves walks' }).eq('id', animal!.id)
    await staff.client.from('animals').update({ status: 'adopted' }).eq('id', animal!.id)
    await staff.client.from('animals').delete().eq('id', animal!.id)
    await owner.client.from('shelter_profiles').update({ phone: '(555) 010-1234' }).eq('id', shelterId)
    await owner.client.rpc('invite_member', { email: 'new.volunteer@example.com', role: 'volunteer' })
    await owner.client.rpc('change_member_role', { member_id: staff.userId, role: 'admin' })

    const { data: log } = await owner.client.from('shelter_activity').select('actor_email, action, subject, details').order('id')
    expect(log).toEqual([
      { actor_email: staff.email, action: 'animal_added', subject: 'Biscuit', details: { animal_id: animal!.id } },
      {
        actor_email: staff.email,
        action: 'animal_edited',
        subject: 'Biscuit',
        details: { animal_id: animal!.id, fields: ['description', 'primary_color'] },
      },
      {
        actor_email: staff.email,
        action: 'animal_status_changed',
        subject: 'Biscuit',
        details: { animal_id: animal!.id, from: 'available', to: 'adopted' },
      },
      { actor_email: staff.email, action: 'animal_deleted', subject: 'Biscuit', details: { animal_id: animal!.id } },
      { actor_email: owner.email, action: 'settings_changed', subject: 'Happy Tails', details: { fields: ['phone'] } },
      { actor_email: owner.email, action: 'member_invited', subject: 'new.volunteer@example.com', details: { role: 'volunteer' } },
      { actor_email: owner.email, action: 'member_role_changed', subject: staff.email, details: { from: 'staff', to: 'admin' } },
    ])
    // Now an admin, the former staff member reads it too; a volunteer, another shelter and anyone else do not.
    expect((await staff.client.from('shelter_activity').select('id')).data).toHaveLength(7)
    const volunteer = await addMember(shelterId, 'volunteer')
    expect((await volunteer.client.from('shelter_activity').select('id')).data).toEqual([])
    expect((await (await newShelter('Elsewhere')).owner.client.from('shelter_activity').select('id')).data).toEqual([])
    expect((await h.anon().from('shelter_activity').select('id')).error?.code).toBe('42501')
    expect(
      (await owner.client.from('shelter_activity').insert({ shelter_id: shelterId, actor_email: 'x', action: 'animal_added' })).error?.code,
    ).toBe('42501')
    expect((await owner.client.from('shelter_activity').delete().eq('shelter_id', shelterId)).error?.code).toBe('42501')
  })
})
