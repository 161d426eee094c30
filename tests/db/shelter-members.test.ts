// Shelter teams: what each caller may do with a shelter's data, whatever the app does. A matrix
// of callers (a visitor, an adopter, each role of shelter A, the owner of shelter B, the service
// role) × select / insert / update / delete on every table of shelter data and its photo
// folders, and × execute of the functions, through the REST and Storage APIs with real tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'

type Role = 'owner' | 'admin' | 'staff' | 'volunteer'
type Caller = { name: string; client: SupabaseClient; userId: string | null }

let h: Harness
let shelterA: string
let shelterB: string
/** Shelter A's owner (who signed it up), admin, staff member and volunteer. */
const a = {} as Record<Role, Caller>
let ownerB: Caller
let adopter: Caller
let anon: Caller
let service: Caller
let animal: string

const ROLES: Role[] = ['owner', 'admin', 'staff', 'volunteer']
const callers = () => [anon, adopter, ...ROLES.map((role) => a[role]), ownerB, service]
const atLeast = (role: Role, min: Role) => ROLES.indexOf(role) <= ROLES.indexOf(min)

async function signUpShelter(name: string): Promise<Caller & { shelterId: string }> {
  const { client, userId, shelterId } = await createShelter(h, name)
  return { name: `owner of ${name}`, client, userId, shelterId }
}

async function member(shelterId: string, role: Role): Promise<Caller> {
  const user = await h.signedIn(uniqueEmail(role), 'correct-horse-1', { user_type: 'adopter' })
  const { error } = await h.service().from('shelter_members').insert({ shelter_id: shelterId, user_id: user.userId, role })
  if (error) throw error
  return { name: role, client: user.client, userId: user.userId }
}

async function newAnimal(fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await h
    .service()
    .from('animals')
    .insert({ shelter_id: shelterA, name: 'Biscuit', type: 'dog', age_group: 'adult', description: 'Before', ...fields })
    .select('id')
    .single()
  if (error) throw error
  return data.id as string
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  const ownerA = await signUpShelter('Shelter A')
  shelterA = ownerA.shelterId
  a.owner = { ...ownerA, name: 'owner' }
  for (const role of ['admin', 'staff', 'volunteer'] as const) a[role] = await member(shelterA, role)
  const b = await signUpShelter('Shelter B')
  shelterB = b.shelterId
  ownerB = b
  adopter = { name: 'adopter', ...(await h.signedIn(uniqueEmail('adopter'), 'correct-horse-1', { user_type: 'adopter' })) }
  anon = { name: 'anon', client: h.anon(), userId: null }
  service = { name: 'service role', client: h.service(), userId: null }
  // Shelter A waits for vetting, so nothing of it is public: whatever a caller reads, they read as a member.
  await h.service().from('shelter_profiles').update({ latitude: 40.7, longitude: -74 }).eq('id', shelterA)
  animal = await newAnimal()
})
afterAll(async () => {
  await h?.stop()
})

describe('shelter_members', () => {
  it('makes the person who signs a shelter up its owner', async () => {
    const { data } = await h.service().from('shelter_members').select('user_id, role').eq('shelter_id', shelterB)
    expect(data).toEqual([{ user_id: ownerB.userId, role: 'owner' }])
  })

  it('shows a shelter’s team to its members only', async () => {
    const team = (await h.service().from('shelter_members').select('user_id').eq('shelter_id', shelterA))
      .data!.map((row) => row.user_id)
      .sort()
    for (const caller of callers()) {
      const { data, error } = await caller.client.from('shelter_members').select('user_id, shelter_id')
      if (caller === anon) {
        expect(error?.code, caller.name).toBe('42501')
        continue
      }
      const seen = (data ?? [])
        .filter((row) => row.shelter_id === shelterA)
        .map((row) => row.user_id)
        .sort()
      const expected = caller === service || ROLES.some((role) => a[role] === caller) ? team : []
      expect(seen, caller.name).toEqual(expected)
    }
    expect((await ownerB.client.from('shelter_members').select('user_id')).data).toEqual([{ user_id: ownerB.userId }])
  })

  it('takes no insert, update or delete from anyone but the service role', async () => {
    const stranger = await h.signedIn(uniqueEmail('stranger'))
    for (const caller of callers().filter((caller) => caller !== service)) {
      const insert = await caller.client
        .from('shelter_members')
        .insert({ shelter_id: shelterA, user_id: caller.userId ?? stranger.userId, role: 'owner' })
      expect(insert.error?.code, `${caller.name} insert`).toBe('42501')
      const update = await caller.client.from('shelter_members').update({ role: 'owner' }).eq('user_id', a.volunteer.userId!)
      expect(update.error?.code, `${caller.name} update`).toBe('42501')
      const remove = await caller.client.from('shelter_members').delete().eq('user_id', a.staff.userId!)
      expect(remove.error?.code, `${caller.name} delete`).toBe('42501')
    }
    const added = await h.service().from('shelter_members').insert({ shelter_id: shelterA, user_id: stranger.userId, role: 'volunteer' })
    expect(added.error).toBeNull()
    expect(
      (await h.service().from('shelter_members').update({ role: 'staff' }).eq('user_id', stranger.userId).select('role')).data,
    ).toEqual([{ role: 'staff' }])
    expect((await h.service().from('shelter_members').delete().eq('user_id', stranger.userId).select('role')).data).toEqual([
      { role: 'staff' },
    ])
  })

  it('keeps each person to one shelter, in one of the four roles', async () => {
    const twice = await h.service().from('shelter_members').insert({ shelter_id: shelterB, user_id: a.staff.userId, role: 'staff' })
    expect(twice.error?.code).toBe('23505')
    const stranger = await h.signedIn(uniqueEmail('stranger'))
    const unknown = await h.service().from('shelter_members').insert({ shelter_id: shelterA, user_id: stranger.userId, role: 'manager' })
    expect(unknown.error?.code).toBe('23514')
  })

  it('never leaves a shelter without an owner', async () => {
    const demote = await h.service().from('shelter_members').update({ role: 'admin' }).eq('user_id', a.owner.userId!)
    expect(demote.error?.code).toBe('23514')
    const remove = await h.service().from('shelter_members').delete().eq('user_id', a.owner.userId!)
    expect(remove.error?.code).toBe('23514')
    // With a second owner, the first may step down.
    await h.service().from('shelter_members').update({ role: 'owner' }).eq('user_id', a.admin.userId!)
    expect((await h.service().from('shelter_members').update({ role: 'admin' }).eq('user_id', a.owner.userId!)).error).toBeNull()
    await h.service().from('shelter_members').update({ role: 'owner' }).eq('user_id', a.owner.userId!)
    await h.service().from('shelter_members').update({ role: 'admin' }).eq('user_id', a.admin.userId!)
    // A shelter that is deleted takes its team along.
    const doomed = await signUpShelter('Doomed')
    expect((await h.service().from('shelter_profiles').delete().eq('id', doomed.shelterId)).error).toBeNull()
    expect((await h.service().from('shelter_members').select('role').eq('user_id', doomed.userId!)).data).toEqual([])
  })
})

describe('accounts that are deleted', () => {
  it('take their memberships along, and leave the animals and photos they added to the shelter', async () => {
    const staff = await member(shelterA, 'staff')
    const { data: added } = await staff.client
      .from('animals')
      .insert({ shelter_id: shelterA, name: 'Left behind', type: 'cat', age_group: 'young' })
      .select('id')
      .single()
    const photo = await staff.client
      .from('animal_photos')
      .insert({ animal_id: added!.id, position: 0, storage_path: `${shelterA}/${added!.id}/p.webp` })
    expect(photo.error).toBeNull()
    expect((await h.service().auth.admin.deleteUser(staff.userId!)).error).toBeNull()
    const { data } = await h.service().from('animals').select('owner_id, animal_photos(owner_id)').eq('id', added!.id).single()
    expect(data).toEqual({ owner_id: null, animal_photos: [{ owner_id: null }] })
    expect((await h.service().from('shelter_members').select('role').eq('user_id', staff.userId!)).data).toEqual([])
  })

  it('delete the shelter with its creator’s account, as before teams', async () => {
    const doomed = await signUpShelter('Creator Leaves')
    const volunteer = await member(doomed.shelterId, 'volunteer')
    await h.service().from('shelter_profiles').update({ latitude: 40.7, longitude: -74 }).eq('id', doomed.shelterId)
    const { data: pet } = await h
      .service()
      .from('animals')
      .insert({ shelter_id: doomed.shelterId, name: 'Gone', type: 'dog', age_group: 'adult' })
      .select('id')
      .single()
    await volunteer.client
      .from('animal_photos')
      .insert({ animal_id: pet!.id, position: 0, storage_path: `${doomed.shelterId}/${pet!.id}/p.webp` })
    expect((await h.service().auth.admin.deleteUser(doomed.userId!)).error).toBeNull()
    expect((await h.service().from('shelter_profiles').select('id').eq('id', doomed.shelterId)).data).toEqual([])
    expect((await h.service().from('animals').select('id').eq('id', pet!.id)).data).toEqual([])
    expect((await h.service().from('shelter_members').select('role').eq('user_id', volunteer.userId!)).data).toEqual([])
  })
})

describe('shelter_profiles', () => {
  it('is read by the shelter’s members (and, once approved, by everyone)', async () => {
    for (const caller of callers()) {
      const { data } = await caller.client.from('shelter_profiles').select('id').eq('id', shelterA)
      const member = caller === service || ROLES.some((role) => a[role] === caller)
      expect(data?.length ?? 0, caller.name).toBe(member ? 1 : 0)
    }
  })

  it('is changed (Settings) by owners and admins only', async () => {
    for (const caller of callers()) {
      const { data, error } = await caller.client
        .from('shelter_profiles')
        .update({ city: `City of ${caller.name}` })
        .eq('id', shelterA)
        .select('city')
      if (caller === anon) expect(error?.code, caller.name).toBe('42501')
      else {
        const allowed = caller === service || caller === a.owner || caller === a.admin
        expect(data, caller.name).toEqual(allowed ? [{ city: `City of ${caller.name}` }] : [])
      }
    }
    // The vetting columns stay out of reach of every member (column privileges).
    const approve = await a.owner.client.from('shelter_profiles').update({ meeting_completed: true }).eq('id', shelterA)
    expect(approve.error?.code).toBe('42501')
  })

  it('takes no insert or delete from anyone but the service role', async () => {
    for (const caller of callers().filter((caller) => caller !== service)) {
      const insert = await caller.client.from('shelter_profiles').insert({ user_id: caller.userId ?? adopter.userId!, slug: 'twin-abc123' })
      expect(insert.error?.code, caller.name).toBe('42501')
      const remove = await caller.client.from('shelter_profiles').delete().eq('id', shelterA)
      expect(remove.error?.code, caller.name).toBe('42501')
    }
  })
})

describe('animals', () => {
  const isMemberOfA = (caller: Caller) => ROLES.some((role) => a[role] === caller)
  const roleOf = (caller: Caller) => ROLES.find((role) => a[role] === caller)

  it('are read by the shelter’s members', async () => {
    for (const caller of callers()) {
      const { data } = await caller.client.from('animals').select('id').eq('id', animal)
      expect(data?.length ?? 0, caller.name).toBe(caller === service || isMemberOfA(caller) ? 1 : 0)
    }
  })

  it('are added by staff members and above', async () => {
    for (const caller of callers()) {
      const { data, error } = await caller.client
        .from('animals')
        .insert({ shelter_id: shelterA, name: `Added by ${caller.name}`, type: 'cat', age_group: 'young' })
        .select('owner_id')
      const role = roleOf(caller)
      if (caller === service || (role && atLeast(role, 'staff'))) {
        expect(error, caller.name).toBeNull()
        // owner_id records the member who added it (the service role adds in the creator's name).
        expect(data, caller.name).toEqual([{ owner_id: caller.userId ?? a.owner.userId }])
      } else {
        expect(error?.code, caller.name).toBe('42501')
      }
    }
  })

  it('are edited in full by staff and above; a volunteer changes only the notes', async () => {
    for (const caller of callers()) {
      const role = roleOf(caller)
      const full = await caller.client
        .from('animals')
        .update({ name: `Renamed by ${caller.name}` })
        .eq('id', animal)
        .select('name')
      const status = await caller.client.from('animals').update({ status: 'pending' }).eq('id', animal).select('status')
      const notes = await caller.client
        .from('animals')
        .update({ description: `Notes by ${caller.name}`, special_needs_notes: 'Needs a quiet home' })
        .eq('id', animal)
        .select('description')
      await h.service().from('animals').update({ status: 'available' }).eq('id', animal)
      if (caller === anon) {
        for (const result of [full, status, notes]) expect(result.error?.code, caller.name).toBe('42501')
      } else if (caller === service || (role && atLeast(role, 'staff'))) {
        expect(full.data, caller.name).toEqual([{ name: `Renamed by ${caller.name}` }])
        expect(status.data, caller.name).toEqual([{ status: 'pending' }])
        expect(notes.data, caller.name).toEqual([{ description: `Notes by ${caller.name}` }])
      } else if (role === 'volunteer') {
        expect(full.error?.code, caller.name).toBe('42501')
        expect(status.error?.code, caller.name).toBe('42501')
        expect(notes.data, caller.name).toEqual([{ description: `Notes by ${caller.name}` }])
      } else {
        for (const result of [full, status, notes]) expect(result.data, caller.name).toEqual([])
      }
    }
  })

  it('are deleted by staff members and above', async () => {
    for (const caller of callers()) {
      const target = await newAnimal({ name: `To delete by ${caller.name}` })
      const { data, error } = await caller.client.from('animals').delete().eq('id', target).select('id')
      const role = roleOf(caller)
      if (caller === anon) expect(error?.code).toBe('42501')
      else expect(data, caller.name).toEqual(caller === service || (role && atLeast(role, 'staff')) ? [{ id: target }] : [])
    }
  })
})

describe('animal_photos', () => {
  const isMemberOfA = (caller: Caller) => ROLES.some((role) => a[role] === caller)

  it('are added, changed, reordered and removed by every member of the shelter, volunteers included', async () => {
    for (const caller of callers()) {
      const target = await newAnimal({ name: `Photos by ${caller.name}` })
      const path = (file: string) => `${shelterA}/${target}/${file}.webp`
      const insert = await caller.client
        .from('animal_photos')
        .insert([0, 1].map((position) => ({ animal_id: target, position, storage_path: path(`p${position}`), alt: `p${position}` })))
        .select('id, owner_id')
      const allowed = caller === service || isMemberOfA(caller)
      if (!allowed) {
        expect(insert.error?.code, caller.name).toBe('42501')
        await h
          .service()
          .from('animal_photos')
          .insert([0, 1].map((position) => ({ animal_id: target, position, storage_path: path(`p${position}`), alt: `p${position}` })))
      } else {
        expect(insert.error, caller.name).toBeNull()
        expect(
          insert.data!.map((row) => row.owner_id),
          caller.name,
        ).toEqual([caller.userId ?? a.owner.userId, caller.userId ?? a.owner.userId])
      }
      const ids = (await h.service().from('animal_photos').select('id').eq('animal_id', target).order('position')).data!.map(
        (row) => row.id as string,
      )

      const read = await caller.client.from('animal_photos').select('id').eq('animal_id', target)
      expect(read.data?.length ?? 0, caller.name).toBe(allowed ? 2 : 0)
      const update = await caller.client.from('animal_photos').update({ width: 99 }).eq('animal_id', target).select('id')
      const reorder = await caller.client.rpc('reorder_animal_photos', { target_animal: target, photo_ids: [...ids].reverse() })
      const order = (await h.service().from('animal_photos').select('alt').eq('animal_id', target).order('position')).data!.map(
        (row) => row.alt,
      )
      const remove = await caller.client.from('animal_photos').delete().eq('animal_id', target).select('id')
      if (caller === anon) {
        for (const result of [update, reorder, remove]) expect(result.error?.code, caller.name).toBe('42501')
      } else {
        expect(update.data?.length, caller.name).toBe(allowed ? 2 : 0)
        expect(reorder.error, caller.name).toBeNull()
        expect(order, caller.name).toEqual(allowed ? ['p1', 'p0'] : ['p0', 'p1'])
        expect(remove.data?.length, caller.name).toBe(allowed ? 2 : 0)
      }
    }
  })

  it('are stored in the shelter’s folder, or its legacy folder while that is listed', async () => {
    const target = await newAnimal()
    const insert = (storage_path: string) => a.staff.client.from('animal_photos').insert({ animal_id: target, position: 0, storage_path })
    expect((await insert(`${shelterB}/${target}/x.webp`)).error?.code).toBe('23514')
    expect((await insert(`${a.owner.userId}/${target}/x.webp`)).error?.code).toBe('23514')
    await h.lb.db.query(`insert into public.legacy_photo_folders (folder, shelter_id) values ($1, $2)`, [a.owner.userId, shelterA])
    try {
      expect((await insert(`${a.owner.userId}/${target}/x.webp`)).error).toBeNull()
      // B's owner's folder is not A's legacy folder.
      expect(
        (
          await a.staff.client
            .from('animal_photos')
            .insert({ animal_id: target, position: 1, storage_path: `${ownerB.userId}/${target}/y.webp` })
        ).error?.code,
      ).toBe('23514')
    } finally {
      await h.lb.db.query(`delete from public.legacy_photo_folders where folder = $1`, [a.owner.userId])
    }
  })
})

describe('storage objects in the animal-photos bucket', () => {
  const bytes = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80])
  const bucket = (caller: Caller) => caller.client.storage.from('animal-photos')
  const isMemberOfA = (caller: Caller) => ROLES.some((role) => a[role] === caller)

  async function exercise(folder: string) {
    for (const caller of callers()) {
      const key = `${folder}/animal-of-${caller.name.replace(/\W+/g, '-')}/photo.webp`
      const allowed = caller === service || isMemberOfA(caller)
      const upload = await bucket(caller).upload(key, bytes, { contentType: 'image/webp' })
      expect(upload.error === null, `${caller.name} uploads to ${folder}`).toBe(allowed)
      if (!allowed) await bucket(service).upload(key, bytes, { contentType: 'image/webp' })
      const listed = await bucket(caller).list(key.split('/').slice(0, 2).join('/'))
      expect(
        (listed.data ?? []).map((file) => file.name),
        `${caller.name} lists ${folder}`,
      ).toEqual(allowed ? ['photo.webp'] : [])
      const moved = await bucket(caller).move(key, key.replace('photo.webp', 'moved.webp'))
      expect(moved.error === null, `${caller.name} moves in ${folder}`).toBe(allowed)
      const current = allowed ? key.replace('photo.webp', 'moved.webp') : key
      const removed = await bucket(caller).remove([current])
      expect(removed.data?.length ?? 0, `${caller.name} removes from ${folder}`).toBe(allowed ? 1 : 0)
      if (!allowed) await bucket(service).remove([current])
    }
  }

  it('are listed, uploaded, moved and removed in the shelter’s folder by its members', async () => {
    await exercise(shelterA)
  })

  it('are the same in the shelter’s legacy folder (its creator’s) until it is moved, and refused after', async () => {
    await h.lb.db.query(`insert into public.legacy_photo_folders (folder, shelter_id) values ($1, $2)`, [a.owner.userId, shelterA])
    try {
      await exercise(a.owner.userId!)
    } finally {
      await h.lb.db.query(`delete from public.legacy_photo_folders where folder = $1`, [a.owner.userId])
    }
    const after = await bucket(a.owner).upload(`${a.owner.userId}/x/photo.webp`, bytes, { contentType: 'image/webp' })
    expect(after.error).not.toBeNull()
  })

  it('count a shelter’s legacy folder in its quota', async () => {
    await h.lb.db.query(`insert into public.legacy_photo_folders (folder, shelter_id) values ($1, $2)`, [a.owner.userId, shelterA])
    try {
      await bucket(a.staff).upload(`${a.owner.userId}/q/1.webp`, bytes, { contentType: 'image/webp' })
      await bucket(a.staff).upload(`${shelterA}/q/2.webp`, bytes, { contentType: 'image/webp' })
      const { data } = await a.volunteer.client.rpc('my_photo_storage')
      expect(data?.[0]?.used_bytes).toBe(2 * bytes.byteLength)
      // A move from the legacy folder to the shelter's counts the photo once.
      await h
        .service()
        .from('app_settings')
        .upsert({ key: 'photo_quota_bytes', value: 2 * bytes.byteLength })
      expect((await bucket(a.staff).move(`${a.owner.userId}/q/1.webp`, `${shelterA}/q/1.webp`)).error).toBeNull()
      expect((await bucket(a.staff).upload(`${shelterA}/q/3.webp`, bytes, { contentType: 'image/webp' })).error?.message).toMatch(/quota/)
      await bucket(a.staff).remove([`${shelterA}/q/1.webp`, `${shelterA}/q/2.webp`])
    } finally {
      await h
        .service()
        .from('app_settings')
        .update({ value: 500 * 1024 * 1024 })
        .eq('key', 'photo_quota_bytes')
      await h.lb.db.query(`delete from public.legacy_photo_folders where folder = $1`, [a.owner.userId])
    }
  })
})

describe('functions', () => {
  it('is_shelter_member and my_shelter_id answer for the caller, by role, and agree with each other', async () => {
    for (const caller of callers().filter((caller) => caller !== service)) {
      for (const min of ROLES) {
        const member = await caller.client.rpc('is_shelter_member', { shelter_id: shelterA, min_role: min })
        const mine = await caller.client.rpc('my_shelter_id', { min_role: min })
        if (caller === anon) {
          expect(member.error?.code, caller.name).toBe('42501')
          expect(mine.error?.code, caller.name).toBe('42501')
          continue
        }
        const role = ROLES.find((role) => a[role] === caller)
        const expected = Boolean(role && atLeast(role, min))
        expect(member.data, `${caller.name} is at least ${min}`).toBe(expected)
        expect(mine.data === shelterA, `${caller.name}'s shelter at ${min}`).toBe(expected)
      }
    }
    expect((await ownerB.client.rpc('my_shelter_id')).data).toBe(shelterB)
    expect((await adopter.client.rpc('my_shelter_id')).data).toBeNull()
    expect((await a.owner.client.rpc('is_shelter_member', { shelter_id: shelterB })).data).toBe(false)
  })

  it('keeps the internal helpers to the database itself', async () => {
    for (const caller of [anon, adopter, a.owner]) {
      expect((await caller.client.rpc('photo_storage_use', { shelter_id: shelterA })).error?.code, caller.name).toBe('42501')
      expect((await caller.client.rpc('photo_folder_shelter', { folder: shelterA })).error?.code, caller.name).toBe('42501')
    }
    expect((await anon.client.rpc('my_photo_storage')).error?.code).toBe('42501')
    expect((await anon.client.rpc('my_photo_folders')).error?.code).toBe('42501')
    expect((await a.volunteer.client.rpc('my_photo_folders')).data).toEqual([shelterA])
    expect((await adopter.client.rpc('my_photo_folders')).data).toBeNull()
  })

  it('save_animal saves everything for staff and above, the notes and photos alone for a volunteer', async () => {
    const fields = { name: 'Saved', description: 'Saved notes' }
    for (const caller of callers()) {
      const target = await newAnimal()
      const full = await caller.client.rpc('save_animal', { target_animal: target, changes: fields })
      const notes = await caller.client.rpc('save_animal', {
        target_animal: target,
        changes: { description: `Notes by ${caller.name}` },
        new_photos: [{ storage_path: `${shelterA}/${target}/n.webp`, width: 10, height: 10, alt: 'new' }],
      })
      const { data: after } = await h.service().from('animals').select('name, description, animal_photos(alt)').eq('id', target).single()
      const role = ROLES.find((role) => a[role] === caller)
      if (caller === anon) {
        expect(full.error?.code).toBe('42501')
        expect(notes.error?.code).toBe('42501')
        expect(after).toEqual({ name: 'Biscuit', description: 'Before', animal_photos: [] })
      } else if (caller === service || (role && atLeast(role, 'staff'))) {
        expect(full.error, caller.name).toBeNull()
        expect(notes.error, caller.name).toBeNull()
        expect(after, caller.name).toEqual({ name: 'Saved', description: `Notes by ${caller.name}`, animal_photos: [{ alt: 'new' }] })
      } else if (role === 'volunteer') {
        expect(full.error?.code, caller.name).toBe('42501')
        expect(notes.error, caller.name).toBeNull()
        expect(after, caller.name).toEqual({ name: 'Biscuit', description: `Notes by ${caller.name}`, animal_photos: [{ alt: 'new' }] })
      } else {
        // Another shelter's animal is "not found".
        expect(full.error?.code, caller.name).toBe('PT404')
        expect(notes.error?.code, caller.name).toBe('PT404')
        expect(after, caller.name).toEqual({ name: 'Biscuit', description: 'Before', animal_photos: [] })
      }
    }
  })

  it('bypass_vetting approves the caller’s shelter for its owners and admins only', async () => {
    await h.service().from('app_settings').update({ value: true }).eq('key', 'vetting_bypass_enabled')
    const c = await signUpShelter('Shelter C')
    const staffC = await member(c.shelterId, 'staff')
    const adminC = await member(c.shelterId, 'admin')
    const approved = async () =>
      (await h.service().from('shelter_profiles').select('meeting_completed').eq('id', c.shelterId).single()).data!.meeting_completed
    expect((await staffC.client.rpc('bypass_vetting')).error?.code).toBe('42501')
    expect((await adopter.client.rpc('bypass_vetting')).error?.code).toBe('PT404')
    expect((await anon.client.rpc('bypass_vetting')).error?.code).toBe('42501')
    expect(await approved()).toBe(false)
    const { data, error } = await adminC.client.rpc('bypass_vetting')
    expect(error).toBeNull()
    expect(data).toMatchObject({ id: c.shelterId, meeting_completed: true })
    expect(await approved()).toBe(true)
  })
})
