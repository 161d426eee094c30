// Scheduled pulls (supabase/migrations/20261126004000_scheduled_pulls.sql): only a shelter's
// owners and admins add, pause, resume, run and re-key its pull sources; nobody but the service
// role reads a connector's encrypted key or runs the scheduler's side. An ASM3 account
// (20261128001000_asm3_pulls.sql) is checked as the app checks it and never holds a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'

let h: Harness
let service: SupabaseClient
let owner: SupabaseClient
let shelterId: string
const members = {} as Record<'admin' | 'staff' | 'volunteer', SupabaseClient>
const KEY = 'v1.aXY.dGFn.Y2lwaGVy'

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const created = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Pull Shelter' })
  owner = created.client
  const { data } = await service.from('shelter_profiles').select('id').eq('user_id', created.userId).single()
  shelterId = data!.id
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterId, user_id: person.userId, role })
    members[role] = person.client
  }
})
afterAll(async () => {
  await h?.stop()
})

describe('who manages pull sources', () => {
  it('owners and admins add and manage them; staff, volunteers, other shelters and visitors cannot', async () => {
    const added = await members.admin.rpc('add_pull_source', { kind: 'shelterluv', name: 'Shelterluv', key_ciphertext: KEY })
    expect(added.error).toBeNull()
    const id = added.data.id as string
    expect(added.data).toMatchObject({ pull_interval_minutes: 15, paused: false, has_key: true })
    const feed = await owner.rpc('add_pull_source', {
      kind: 'feed',
      name: 'Feed',
      url: 'https://example.org/pets.csv',
      interval_minutes: 30,
    })
    expect(feed.error).toBeNull()

    const outsider = (await h.signedIn()).client
    for (const client of [members.staff, members.volunteer, outsider, h.anon()]) {
      expect((await client.rpc('add_pull_source', { kind: 'feed', name: 'Nope', url: 'https://example.org/x.csv' })).error?.code).toBe(
        '42501',
      )
      expect((await client.rpc('set_pull_source_paused', { source_id: id, paused: true })).error?.code).toBe('42501')
      expect((await client.rpc('set_pull_interval', { source_id: id, interval_minutes: 60 })).error?.code).toBe('42501')
      expect((await client.rpc('run_pull_source_now', { source_id: id })).error?.code).toBe('42501')
      expect((await client.rpc('replace_pull_source_key', { source_id: id, key_ciphertext: KEY })).error?.code).toBe('42501')
    }
    // Members see the state, nobody sees the key; nobody but the service role runs the scheduler.
    expect((await members.volunteer.from('sync_sources').select('paused, next_run_at, has_key').eq('id', id)).data).toEqual([
      { paused: false, next_run_at: expect.any(String), has_key: true },
    ])
    for (const client of [owner, members.admin]) {
      expect((await client.from('sync_sources').select('key_ciphertext').eq('id', id)).error?.code).toBe('42501')
      expect((await client.from('sync_sources').update({ paused: true }).eq('id', id)).error?.code).toBe('42501')
      expect((await client.rpc('enqueue_due_pulls')).error?.code).toBe('42501')
      expect((await client.rpc('finish_pull', { source_id: id, succeeded: true })).error?.code).toBe('42501')
    }
    expect((await owner.rpc('set_pull_source_paused', { source_id: id, paused: true })).data).toMatchObject({ paused: true })
    expect((await members.admin.rpc('run_pull_source_now', { source_id: id })).error).toBeNull()
    expect((await service.from('jobs').select('payload').eq('dedupe_key', `pull_source:${id}`)).data).toEqual([
      { payload: { source_id: id, trigger: 'manual' } },
    ])
  })

  it('refuses what cannot be pulled: no URL, a key in plaintext, no org id, a short interval, an upload source', async () => {
    const refusal = async (args: Record<string, unknown>) =>
      (await owner.rpc('add_pull_source', { name: `S ${Math.random()}`, ...args })).error?.message
    expect(await refusal({ kind: 'feed', url: 'ftp://example.org/x' })).toMatch(/full address of the feed/)
    expect(await refusal({ kind: 'shelterluv', key_ciphertext: 'my-plain-key' })).toMatch(/API key/)
    expect(await refusal({ kind: 'rescuegroups', key_ciphertext: KEY })).toMatch(/organization id/)
    expect(await refusal({ kind: 'feed', url: 'https://example.org/x.csv', interval_minutes: 4 })).toMatch(/between 5 minutes/)
    expect(await refusal({ kind: 'upload' })).toBe('A pulled source is a feed, Shelterluv, RescueGroups or ShelterManager ASM3')
    const upload = await owner.rpc('create_sync_source', { kind: 'upload', name: 'Upload', format: 'petfinder' })
    expect((await owner.rpc('run_pull_source_now', { source_id: upload.data.id })).error?.message).toBe(
      'This source is not pulled on a schedule',
    )
    // The database itself refuses an upload source with an interval, or a pull source without one.
    expect((await service.from('sync_sources').insert({ shelter_id: shelterId, kind: 'feed', name: 'No interval' })).error?.code).toBe(
      '23514',
    )
  })
})

describe('editing a pull source in place (update_pull_source, 20261127000200)', () => {
  const setting = async (id: string, key: string) => (await owner.rpc('sync_source_setting', { source_id: id, setting: key })).data
  const state = async (id: string) =>
    (
      await service
        .from('sync_sources')
        .select('name, pull_interval_minutes, key_ciphertext, consecutive_failures, last_error, failure_emailed, next_run_at, settings')
        .eq('id', id)
        .single()
    ).data!

  it('a new feed address drops the old validators and failures, and the next pull is due at once', async () => {
    const feed = (await owner.rpc('add_pull_source', { kind: 'feed', name: 'Old feed', url: 'https://example.org/old.csv' })).data
    const later = new Date(Date.now() + 3_600_000).toISOString()
    await service
      .from('sync_sources')
      .update({
        settings: { url: 'https://example.org/old.csv', etag: '"v1"' },
        consecutive_failures: 3,
        last_error: 'HTTP 500',
        failure_emailed: true,
        next_run_at: later,
      })
      .eq('id', feed.id)

    // Only the interval and name: the failures and the back-off stay.
    const renamed = await members.admin.rpc('update_pull_source', {
      source_id: feed.id,
      name: ' ASM3 feed ',
      interval_minutes: 60,
      url: 'https://example.org/old.csv',
    })
    expect(renamed.error).toBeNull()
    expect(await state(feed.id)).toMatchObject({
      name: 'ASM3 feed',
      pull_interval_minutes: 60,
      consecutive_failures: 3,
      settings: { etag: '"v1"' },
    })
    expect(new Date((await state(feed.id)).next_run_at!).toISOString()).toBe(later)

    const moved = await owner.rpc('update_pull_source', {
      source_id: feed.id,
      name: 'ASM3 feed',
      interval_minutes: 60,
      url: ' https://example.org/new.csv ',
    })
    expect(moved.error).toBeNull()
    const after = await state(feed.id)
    expect(after).toMatchObject({
      settings: { url: 'https://example.org/new.csv' },
      consecutive_failures: 0,
      last_error: null,
      failure_emailed: false,
    })
    expect(after.settings).not.toHaveProperty('etag')
    expect(new Date(after.next_run_at!).getTime()).toBeLessThanOrEqual(Date.now() + 1_000)
    expect(await setting(feed.id, 'url')).toBe('https://example.org/new.csv')
  })

  it('a connector keeps its key when none is given, takes a new one, and a RescueGroups org id', async () => {
    const rg = (await owner.rpc('add_pull_source', { kind: 'rescuegroups', name: 'RG', key_ciphertext: KEY, settings: { org_id: '8099' } }))
      .data
    expect((await owner.rpc('update_pull_source', { source_id: rg.id, name: 'RG', interval_minutes: 30, org_id: '8099' })).error).toBeNull()
    expect(await state(rg.id)).toMatchObject({ key_ciphertext: KEY, pull_interval_minutes: 30, settings: { org_id: '8099' } })

    const newKey = 'v1.bmV3.dGFn.a2V5'
    expect(
      (
        await owner.rpc('update_pull_source', {
          source_id: rg.id,
          name: 'RG',
          interval_minutes: 30,
          org_id: '1234',
          key_ciphertext: newKey,
        })
      ).error,
    ).toBeNull()
    expect(await state(rg.id)).toMatchObject({ key_ciphertext: newKey, settings: { org_id: '1234' } })
    expect(await setting(rg.id, 'org_id')).toBe('1234')
  })

  it('refuses what add_pull_source refuses, another source’s name, and everyone but owners and admins', async () => {
    const sl = (await owner.rpc('add_pull_source', { kind: 'shelterluv', name: 'SL edit', key_ciphertext: KEY })).data
    const feed = (await owner.rpc('add_pull_source', { kind: 'feed', name: 'Feed edit', url: 'https://example.org/f.csv' })).data
    const rg = (
      await owner.rpc('add_pull_source', { kind: 'rescuegroups', name: 'RG edit', key_ciphertext: KEY, settings: { org_id: '1' } })
    ).data
    const refusal = async (args: Record<string, unknown>) =>
      (await owner.rpc('update_pull_source', { interval_minutes: 15, ...args })).error?.message
    expect(await refusal({ source_id: feed.id, name: 'Feed edit', url: 'ftp://example.org/x' })).toMatch(/full address of the feed/)
    expect(await refusal({ source_id: feed.id, name: 'Feed edit', url: 'https://example.org/f.csv', interval_minutes: 2 })).toMatch(
      /between 5 minutes/,
    )
    expect(await refusal({ source_id: sl.id, name: 'SL edit', key_ciphertext: 'my-plain-key' })).toMatch(/new API key/)
    expect(await refusal({ source_id: rg.id, name: 'RG edit', org_id: 'abc' })).toMatch(/organization id/)
    expect(await refusal({ source_id: sl.id, name: '  ' })).toMatch(/name/)
    expect(await refusal({ source_id: sl.id, name: 'Feed edit' })).toBe('Your shelter already has a source named Feed edit')
    const upload = (await owner.rpc('create_sync_source', { kind: 'upload', name: 'Upload edit', format: 'petfinder' })).data
    expect(await refusal({ source_id: upload.id, name: 'Upload edit' })).toBe('This source is not pulled on a schedule')

    const outsider = (await h.signedIn()).client
    for (const client of [members.staff, members.volunteer, outsider, h.anon()]) {
      expect((await client.rpc('update_pull_source', { source_id: sl.id, name: 'Taken over', interval_minutes: 15 })).error?.code).toBe(
        '42501',
      )
    }
    expect((await state(sl.id)).name).toBe('SL edit')
  })
})

describe('a ShelterManager ASM3 account (20261128001000)', () => {
  const state = async (id: string) =>
    (await service.from('sync_sources').select('settings, key_ciphertext, consecutive_failures, next_run_at').eq('id', id).single()).data!

  it('is added by owners and admins with its account number and, self-hosted, its service address; never a key', async () => {
    const hosted = await members.admin.rpc('add_pull_source', {
      kind: 'asm3',
      name: 'ASM3',
      settings: { account: ' ab1234 ', service_url: ' ' },
      key_ciphertext: KEY,
    })
    expect(hosted.error).toBeNull()
    expect(hosted.data).toMatchObject({ kind: 'asm3', pull_interval_minutes: 15, has_key: false, settings: { account: 'ab1234' } })
    const own = await owner.rpc('add_pull_source', {
      kind: 'asm3',
      name: 'ASM3 own',
      settings: { account: 'shelterdb', service_url: 'https://asm.example.org/asmservice' },
    })
    expect(own.data).toMatchObject({ settings: { account: 'shelterdb', service_url: 'https://asm.example.org/asmservice' } })
    for (const client of [members.staff, members.volunteer, h.anon()]) {
      expect((await client.rpc('add_pull_source', { kind: 'asm3', name: 'Nope', settings: { account: 'ab1234' } })).error?.code).toBe(
        '42501',
      )
      expect(
        (await client.rpc('update_pull_source', { source_id: own.data.id, name: 'Nope', interval_minutes: 15, account: 'xx0000' })).error
          ?.code,
      ).toBe('42501')
    }
    // The checker is the functions' own: nobody calls it directly.
    expect((await owner.rpc('asm3_pull_settings', { account: 'ab1234', service_url: null })).error?.code).toBe('42501')

    const refusal = async (settings: Record<string, unknown>) =>
      (await owner.rpc('add_pull_source', { kind: 'asm3', name: `A ${Math.random()}`, settings })).error?.message
    expect(await refusal({})).toBe('Give your ASM3 account number (letters and digits, e.g. ab1234)')
    expect(await refusal({ account: 'ab 1234' })).toMatch(/account number/)
    expect(await refusal({ account: 'ab1234', service_url: 'ftp://asm.example.org' })).toBe(
      'Give the full address of your ASM3 service, starting with https://',
    )
    // The database refuses a kind it does not know, and an ASM3 source without an interval.
    expect((await service.from('sync_sources').insert({ shelter_id: shelterId, kind: 'asm3', name: 'No interval' })).error?.code).toBe(
      '23514',
    )
    expect(
      (await service.from('sync_sources').insert({ shelter_id: shelterId, kind: 'petpoint', name: 'Unknown', pull_interval_minutes: 15 }))
        .error?.code,
    ).toBe('23514')
  })

  it('takes a new account or address in place as a new connection; refuses a key and a bad account', async () => {
    const added = (await owner.rpc('add_pull_source', { kind: 'asm3', name: 'ASM3 edit', settings: { account: 'ab1234' } })).data
    const later = new Date(Date.now() + 3_600_000).toISOString()
    await service.from('sync_sources').update({ consecutive_failures: 2, next_run_at: later }).eq('id', added.id)
    const update = (args: Record<string, unknown>) =>
      owner.rpc('update_pull_source', { source_id: added.id, name: 'ASM3 edit', interval_minutes: 15, ...args })

    expect((await update({ account: 'ab1234' })).error).toBeNull()
    expect(await state(added.id)).toMatchObject({ settings: { account: 'ab1234' }, consecutive_failures: 2 })
    expect((await update({ account: 'ab1234', url: 'https://asm.example.org/asmservice' })).error).toBeNull()
    const moved = await state(added.id)
    expect(moved).toMatchObject({
      settings: { account: 'ab1234', service_url: 'https://asm.example.org/asmservice' },
      consecutive_failures: 0,
      key_ciphertext: null,
    })
    expect(new Date(moved.next_run_at!).getTime()).toBeLessThanOrEqual(Date.now() + 1_000)
    expect((await update({ account: 'cd5678', url: '' })).error).toBeNull()
    expect((await state(added.id)).settings).toEqual({ account: 'cd5678' })

    expect((await update({ account: '' })).error?.message).toMatch(/ASM3 account number/)
    expect((await update({ account: 'ab1234', key_ciphertext: KEY })).error?.message).toBe('An ASM3 source has no key')
    expect((await owner.rpc('replace_pull_source_key', { source_id: added.id, key_ciphertext: KEY })).error?.message).toBe(
      'Only a connector has a key',
    )
    expect((await state(added.id)).key_ciphertext).toBeNull()
  })
})
