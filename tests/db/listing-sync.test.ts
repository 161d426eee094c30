// Listing sync's rules, in the database: sources and runs are for a shelter's owners and
// admins; a snapshot upserts by (source, external id), archives what it no longer holds, never
// touches animals entered by hand or another source's, changes nothing when sent twice, and
// waits for a person before removing more than half of a source's listings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { animalRow, importFile } from '#app/sync/pipeline.server.ts'
import { biscuit, encode, PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import type { ImportedAnimal } from '#app/sync/types.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'
import { renderTemplate } from '#worker/emails/templates.ts'
import { importFileTask } from '#worker/tasks/import-file.ts'

let h: Harness
let service: SupabaseClient
let shelterId: string
let owner: SupabaseClient
let ownerEmail: string
const members = {} as Record<'admin' | 'staff' | 'volunteer', SupabaseClient>
let sweepSchedule: unknown[]

const pet = importedAnimal

/** What the worker does with a confirmed run: its import_file job applies it; the run as it ends. */
async function applyConfirmed(runId: string) {
  await importFileTask()({ run_id: runId }, { supabase: service as never, log: () => {}, job: {} as never })
  return service.from('import_runs').select('*').eq('id', runId).single()
}

async function source(client: SupabaseClient, name: string): Promise<string> {
  const { data, error } = await client.rpc('create_sync_source', { kind: 'upload', name, format: 'petfinder' })
  if (error) throw error
  return data.id
}

async function run(client: SupabaseClient, sourceId: string, animals: ImportedAnimal[], extra: Record<string, unknown> = {}) {
  const { data, error } = await client.rpc('import_snapshot', { source_id: sourceId, animals: animals.map(animalRow), ...extra })
  if (error) throw error
  return data as {
    id: string
    status: string
    added: number
    updated: number
    unchanged: number
    removed: number
    failed: number
    message: string | null
  }
}

async function statuses(sourceId: string): Promise<Record<string, string>> {
  const { data } = await service.from('animals').select('external_id, status').eq('source_id', sourceId)
  return Object.fromEntries(data!.map((row) => [row.external_id, row.status]))
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  sweepSchedule = (
    await h.lb.db.query(
      `select kind, extract(epoch from every)::int / 60 as minutes from public.job_schedules where name = 'close_stale_imports'`,
    )
  ).rows
  const created = await h.signedIn(uniqueEmail('owner'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Sync Shelter' })
  owner = created.client
  ownerEmail = created.email
  const { data } = await service.from('shelter_profiles').select('id').eq('user_id', created.userId).single()
  shelterId = data!.id
  await service.from('shelter_profiles').update({ meeting_completed: true, latitude: 30.27, longitude: -97.74 }).eq('id', shelterId)
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role))
    await service.from('shelter_members').insert({ shelter_id: shelterId, user_id: person.userId, role })
    members[role] = person.client
  }
})
afterAll(async () => {
  await h?.stop()
})

describe('who manages sync', () => {
  it('owners and admins make sources and run them; staff, volunteers, other shelters and visitors cannot', async () => {
    const id = await source(members.admin, 'Admin upload')
    await run(owner, id, [])
    const outsider = (await h.signedIn()).client
    for (const client of [members.staff, members.volunteer, outsider]) {
      expect((await client.rpc('create_sync_source', { kind: 'upload', name: 'Nope', format: 'petfinder' })).error?.code).toBe('42501')
      expect((await client.rpc('import_snapshot', { source_id: id, animals: [] })).error?.code).toBe('42501')
      expect((await client.rpc('start_import', { source_id: id })).error?.code).toBe('42501')
      expect((await client.rpc('queue_import', { source_id: id, file_path: `${id}/x.file` })).error?.code).toBe('42501')
      expect((await client.from('import_runs').select('id').eq('source_id', id)).data).toEqual([])
    }
    // Every member sees where a synced animal came from; nobody outside the shelter does.
    expect((await members.volunteer.from('sync_sources').select('name').eq('id', id)).data).toEqual([{ name: 'Admin upload' }])
    expect((await outsider.from('sync_sources').select('id').eq('id', id)).data).toEqual([])
    expect((await h.anon().rpc('import_snapshot', { source_id: id, animals: [] })).error?.code).toBe('42501')
    expect((await owner.from('sync_sources').select('name').eq('id', id)).data).toEqual([{ name: 'Admin upload' }])
    expect((await owner.rpc('create_sync_source', { kind: 'upload', name: 'Admin upload', format: 'petfinder' })).error?.message).toBe(
      'Your shelter already has a source named Admin upload',
    )
    // Nobody writes the tables directly, and a source's settings (keys, later) are not readable.
    expect((await owner.from('sync_sources').insert({ shelter_id: shelterId, kind: 'upload', name: 'Direct' })).error?.code).toBe('42501')
    expect((await owner.from('sync_sources').select('settings')).error?.code).toBe('42501')
    expect((await owner.from('import_runs').update({ status: 'failed' }).eq('source_id', id)).error?.code).toBe('42501')
    expect((await owner.from('import_run_rows').select('run_id')).error?.code).toBe('42501')
  })
})

describe('a snapshot', () => {
  it('adds, updates, leaves alone what did not change, and archives what is gone; sent twice it changes nothing', async () => {
    const id = await source(owner, 'Petfinder file')
    const first = await run(owner, id, [
      pet('A1'),
      pet('A2'),
      pet('A3', { photos: ['https://photos.example/a3.jpg', 'http://insecure.example/x.jpg'] }),
    ])
    expect(first).toMatchObject({ status: 'succeeded', added: 3, updated: 0, unchanged: 0, removed: 0 })
    const { data: listed } = await service
      .from('animals')
      .select('name, listed, description, external_source, good_with_cats')
      .eq('source_id', id)
      .eq('external_id', 'A1')
      .single()
    expect(listed).toEqual({
      name: 'Pet A1',
      listed: true,
      description: 'Loves walks.\n\nAnd naps.',
      external_source: `sync:${id}`,
      good_with_cats: 'no',
    })
    const { data: photos } = await service
      .from('animals')
      .select('animal_photos(external_url, position)')
      .eq('source_id', id)
      .eq('external_id', 'A3')
      .single()
    expect(photos!.animal_photos).toEqual([{ external_url: 'https://photos.example/a3.jpg', position: 0 }])
    // The worker stores copies of the photos (and fetches the http one): a job for A3 alone.
    const { data: a3 } = await service.from('animals').select('id').eq('source_id', id).eq('external_id', 'A3').single()
    const { data: jobs } = await service
      .from('jobs')
      .select('payload')
      .eq('kind', 'fetch_synced_photos')
      .in(
        'payload->>animal_id',
        (await service.from('animals').select('id').eq('source_id', id)).data!.map((row) => row.id),
      )
    expect(jobs).toEqual([{ payload: { animal_id: a3!.id } }])

    const { data: before } = await service.from('animals').select('updated_at').eq('source_id', id).eq('external_id', 'A2').single()
    const again = await run(owner, id, [
      pet('A1'),
      pet('A2'),
      pet('A3', { photos: ['https://photos.example/a3.jpg', 'http://insecure.example/x.jpg'] }),
    ])
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 3, removed: 0 })
    const { data: after } = await service.from('animals').select('updated_at').eq('source_id', id).eq('external_id', 'A2').single()
    expect(after!.updated_at).toBe(before!.updated_at)

    const third = await run(owner, id, [pet('A1', { status: 'pending' }), pet('A3'), pet('A4')])
    expect(third).toMatchObject({ added: 1, updated: 2, unchanged: 0, removed: 1 })
    expect(await statuses(id)).toEqual({ A1: 'pending', A2: 'archived', A3: 'available', A4: 'available' })
    const { data: photosGone } = await service
      .from('animals')
      .select('animal_photos(id)')
      .eq('source_id', id)
      .eq('external_id', 'A3')
      .single()
    expect(photosGone!.animal_photos).toEqual([])

    // An archived animal that comes back is listed again.
    expect(await run(owner, id, [pet('A1', { status: 'pending' }), pet('A2'), pet('A3'), pet('A4')])).toMatchObject({
      updated: 1,
      unchanged: 3,
    })
    expect((await statuses(id)).A2).toBe('available')
  })

  it('never touches animals entered by hand or another source’s, even with the same ids', async () => {
    const mine = await source(owner, 'Mine')
    const theirs = await source(owner, 'Theirs')
    const { data: byHand } = await service
      .from('animals')
      .insert({ shelter_id: shelterId, name: 'By hand', type: 'cat', age_group: 'young' })
      .select('id')
      .single()
    await run(owner, theirs, [pet('X1'), pet('X2')])
    await run(owner, mine, [pet('X1', { name: 'Mine X1' })])
    await run(owner, mine, [], { explicitly_empty: true })
    expect(await statuses(theirs)).toEqual({ X1: 'available', X2: 'available' })
    expect(await statuses(mine)).toEqual({ X1: 'archived' })
    const { data } = await service.from('animals').select('status, name').eq('id', byHand!.id).single()
    expect(data).toEqual({ status: 'available', name: 'By hand' })
  })

  it('explicitly empty removes everything; a big drop otherwise waits for a person, who confirms or discards it', async () => {
    const id = await source(owner, 'Careful')
    await run(
      owner,
      id,
      ['B1', 'B2', 'B3', 'B4', 'B5'].map((external) => pet(external)),
    )
    await service.from('job_schedules').delete().neq('name', '')
    const truncated = await run(owner, id, [pet('B1')], { file_name: 'pets.csv' })
    expect(truncated).toMatchObject({
      status: 'held',
      removed: 4,
      message: 'This file would remove 4 of the 5 animals this source lists. Confirm it if that is right.',
    })
    expect(Object.values(await statuses(id))).toEqual(['available', 'available', 'available', 'available', 'available'])
    const { data: emails } = await service
      .from('email_outbox')
      .select('template, to_address, data')
      .eq('template', 'sync_run_held')
      .eq('data->>run_id', truncated.id)
    expect(emails!.map((email) => email.to_address).sort()).toHaveLength(2)
    expect(emails!.map((email) => email.to_address)).toContain(ownerEmail)
    expect(renderTemplate('sync_run_held', emails![0]!.data, 'https://pawhaven.example').subject).toBe(
      'A listings file for Sync Shelter is waiting for you',
    )

    expect((await members.staff.rpc('decide_held_import', { run_id: truncated.id, apply: true })).error?.code).toBe('42501')
    const discarded = await owner.rpc('decide_held_import', { run_id: truncated.id, apply: false })
    expect(discarded.data.status).toBe('discarded')
    // Refusals are the client's 4xx (PostgREST's PTnnn statuses), not a 500 the app reads as an outage.
    expect(await owner.rpc('decide_held_import', { run_id: truncated.id, apply: true })).toMatchObject({
      status: 409,
      error: { code: 'PT409', message: 'This run is not waiting for a decision' },
    })
    expect(await owner.rpc('decide_held_import', { run_id: crypto.randomUUID(), apply: true })).toMatchObject({
      status: 404,
      error: { code: 'PT404', message: 'Run not found' },
    })

    const again = await run(owner, id, [pet('B1')])
    const confirmed = await owner.rpc('decide_held_import', { run_id: again.id, apply: true })
    // Confirming answers at once: the worker applies the run in pieces, as for an upload.
    expect(confirmed.data).toMatchObject({ status: 'running', trigger: 'manual', rows_total: 1, rows_applied: 0 })
    expect(await statuses(id)).toMatchObject({ B1: 'available', B2: 'available' })
    expect((await applyConfirmed(confirmed.data.id)).data).toMatchObject({ status: 'succeeded', trigger: 'manual', removed: 4 })
    expect((await service.from('import_runs').select('status').eq('id', again.id).single()).data!.status).toBe('confirmed')

    await run(
      owner,
      id,
      ['B1', 'B2', 'B3'].map((external) => pet(external)),
    )
    expect(await run(owner, id, [], { explicitly_empty: true })).toMatchObject({ status: 'succeeded', removed: 3 })
  })

  it('arrives in pieces: rows staged in several calls are applied together, once', async () => {
    const id = await source(owner, 'Pieces')
    const { data: started } = await owner.rpc('start_import', { source_id: id, file_name: 'big.csv' })
    for (const chunk of [['P1', 'P2'], ['P3'], ['P2']]) {
      const { error } = await owner.rpc('add_import_rows', {
        run_id: started.id,
        animals: chunk.map((external) => animalRow(pet(external))),
      })
      expect(error).toBeNull()
    }
    await owner.rpc('add_import_rows', { run_id: started.id, errors: [{ line: 9, externalId: null, reason: 'No name' }] })
    expect((await service.from('animals').select('id').eq('source_id', id)).data).toEqual([])
    const { data: finished } = await owner.rpc('finish_import', { run_id: started.id })
    expect(finished).toMatchObject({ status: 'succeeded', added: 3, failed: 1, file_name: 'big.csv' })
    expect((await owner.rpc('finish_import', { run_id: started.id })).error?.message).toBe('This run is succeeded now')
    expect((await owner.rpc('add_import_rows', { run_id: started.id, animals: [] })).error?.code).toBe('22023')
    expect((await service.from('import_run_rows').select('run_id').eq('run_id', started.id)).data).toEqual([])
  })

  it('records the rows it could not read beside the good ones, and one line of activity', async () => {
    const id = await source(owner, 'With errors')
    const result = await run(owner, id, [pet('C1')], {
      errors: [{ line: 3, externalId: 'C2', reason: 'Unknown type: Dragon' }],
      file_name: 'x.csv',
    })
    expect(result).toMatchObject({ status: 'succeeded', added: 1, failed: 1 })
    expect((await owner.from('import_run_errors').select('line, external_id, reason').eq('run_id', result.id)).data).toEqual([
      { line: 3, external_id: 'C2', reason: 'Unknown type: Dragon' },
    ])
    const { data: activity } = await owner.from('shelter_activity').select('action, subject, details').eq('details->>run_id', result.id)
    expect(activity).toEqual([
      { action: 'listings_synced', subject: 'With errors', details: { run_id: result.id, added: 1, updated: 0, removed: 0 } },
    ])
    const { count } = await service
      .from('shelter_activity')
      .select('id', { count: 'exact', head: true })
      .eq('action', 'animal_added')
      .eq('shelter_id', shelterId)
    expect(count).toBe(0)
  })

  it('a file that does not parse is a failed run that changed nothing', async () => {
    const id = await source(owner, 'Broken')
    await run(owner, id, [pet('D1')])
    const { data, error } = await owner.rpc('record_failed_import', {
      source_id: id,
      message: 'This is an image, not a listings file',
      file_name: 'cat.jpg',
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'failed', message: 'This is an image, not a listings file', added: 0, removed: 0 })
    expect(await statuses(id)).toEqual({ D1: 'available' })
  })
})

describe('a row that could not be read', () => {
  it('never archives its animal: a file with one good row and one bad row of a listed animal keeps it listed, and says why', async () => {
    const id = await source(owner, 'Bad row')
    const file = (rows: string[]) => ({ name: 'NJ94.csv', bytes: encode([PETFINDER_HEADER, ...rows].join('\n')) })
    const mittens = { ...biscuit, ID: 'C2024007', Internal: 'C2024007', AnimalName: 'Mittens', Type: 'Cat' }
    const first = await importFile(owner, { id, format: 'petfinder' }, file([petfinderRow(biscuit), petfinderRow(mittens)]), {
      trigger: 'upload',
    })
    expect(first).toMatchObject({ status: 'succeeded', added: 2 })
    // Mittens' row now has a status the reader does not know: the row cannot be read, its id can.
    const run = await importFile(
      owner,
      { id, format: 'petfinder' },
      file([petfinderRow(biscuit), petfinderRow({ ...mittens, Status: 'Q' })]),
      { trigger: 'upload' },
    )
    expect(run).toMatchObject({ status: 'succeeded', unchanged: 1, removed: 0, failed: 1 })
    expect(await statuses(id)).toEqual({ D2024001: 'available', C2024007: 'available' })
    expect((await owner.from('import_run_errors').select('line, external_id, reason').eq('run_id', run.id)).data).toEqual([
      { line: 3, external_id: 'C2024007', reason: expect.stringContaining('Status "Q"') },
    ])
    // Left out of the next file altogether, it goes as before.
    expect(await importFile(owner, { id, format: 'petfinder' }, file([petfinderRow(biscuit)]), { trigger: 'upload' })).toMatchObject({
      removed: 1,
    })
    expect((await statuses(id)).C2024007).toBe('archived')
  })

  it('of a file cut off in transfer refuses the whole file: nothing changes, and the run says why', async () => {
    const id = await source(owner, 'Cut off')
    const mittens = { ...biscuit, ID: 'C2024007', Internal: 'C2024007', AnimalName: 'Mittens', Type: 'Cat' }
    const whole = [PETFINDER_HEADER, petfinderRow(biscuit), petfinderRow(mittens)].join('\n')
    expect(
      await importFile(owner, { id, format: 'petfinder' }, { name: 'NJ94.csv', bytes: encode(whole) }, { trigger: 'ftp' }),
    ).toMatchObject({ added: 2 })
    const cut = whole.slice(0, whole.indexOf('"C2024007","C2024007","Mittens",') + '"C2024007","C2024007","Mittens",'.length)
    const run = await importFile(owner, { id, format: 'petfinder' }, { name: 'NJ94.csv', bytes: encode(cut) }, { trigger: 'ftp' })
    expect(run).toMatchObject({
      status: 'failed',
      added: 0,
      updated: 0,
      removed: 0,
      failed: 0,
      message: expect.stringMatching(/ends in the middle of a row.*cut off in transfer/),
    })
    expect(await statuses(id)).toEqual({ D2024001: 'available', C2024007: 'available' })
  })

  it('is not counted as a removal by the safety catch, and stays listed when a person confirms a held run', async () => {
    const id = await source(owner, 'Bad rows held')
    await run(
      owner,
      id,
      ['G1', 'G2', 'G3', 'G4', 'G5'].map((external) => pet(external)),
    )
    const unread = [{ line: 3, externalId: 'G2', reason: 'Unknown type: Dragon' }]
    const held = await run(owner, id, [pet('G1')], { errors: unread })
    expect(held).toMatchObject({
      status: 'held',
      removed: 3,
      message: 'This file would remove 3 of the 5 animals this source lists. Confirm it if that is right.',
    })
    const { data: confirmed, error } = await owner.rpc('decide_held_import', { run_id: held.id, apply: true })
    expect(error).toBeNull()
    const { data: applied } = await applyConfirmed(confirmed.id)
    expect(applied).toMatchObject({ status: 'succeeded', removed: 3, failed: 1 })
    expect(await statuses(id)).toEqual({ G1: 'available', G2: 'available', G3: 'archived', G4: 'archived', G5: 'archived' })
    expect((await owner.from('import_run_errors').select('line, external_id').eq('run_id', applied.id)).data).toEqual([
      { line: 3, external_id: 'G2' },
    ])
  })
})

describe('a run left receiving by a process that died', () => {
  const open = async (sourceId: string, trigger: string, hoursAgo = 0) => {
    const { data, error } = await service.rpc('start_import', { source_id: sourceId, trigger })
    if (error) throw error
    await service.rpc('add_import_rows', { run_id: data.id, animals: [animalRow(pet(`${trigger}-${hoursAgo}`))] })
    if (hoursAgo)
      await h.lb.db.query(`update public.import_runs set started_at = now() - make_interval(hours => $2) where id = $1`, [
        data.id,
        hoursAgo,
      ])
    return data.id as string
  }
  const runState = async (runId: string) => {
    const { data } = await service.from('import_runs').select('status, message').eq('id', runId).single()
    const { count } = await service.from('import_run_rows').select('position', { count: 'exact', head: true }).eq('run_id', runId)
    return { ...data, staged: count }
  }
  const UPLOAD_CLOSED = 'This import was interrupted before it finished, and nothing was changed. Please send the file again.'
  const PULL_CLOSED = 'The pull was interrupted before it finished, and nothing was changed; it will run again at its next time.'

  it('is closed as failed with its staged rows gone once it is an hour old, whoever left it; a fresh one is left to finish', async () => {
    const uploads = await source(owner, 'Stale upload')
    const pulls = await source(owner, 'Stale pull')
    const [upload, drop, pull, fresh] = [
      await open(uploads, 'upload', 2),
      await open(uploads, 'ftp', 3),
      await open(pulls, 'schedule', 2),
      await open(uploads, 'upload'),
    ]
    for (const client of [owner, members.admin, h.anon()]) {
      expect((await client.rpc('close_stale_imports', {})).error?.code).toBe('42501')
      expect((await client.rpc('close_interrupted_pulls', { source_id: pulls })).error?.code).toBe('42501')
      expect((await client.rpc('close_receiving_runs', { run_ids: [upload] })).error?.code).toBe('42501')
    }
    expect((await service.rpc('close_stale_imports', { older_than: '00:01:00' })).error?.code).toBe('22023')
    expect(await service.rpc('close_stale_imports', {})).toMatchObject({ data: 3, error: null })
    expect(await runState(upload)).toEqual({ status: 'failed', message: UPLOAD_CLOSED, staged: 0 })
    expect(await runState(drop)).toEqual({ status: 'failed', message: UPLOAD_CLOSED, staged: 0 })
    expect(await runState(pull)).toEqual({ status: 'failed', message: PULL_CLOSED, staged: 0 })
    expect(await runState(fresh)).toEqual({ status: 'receiving', message: null, staged: 1 })
    expect((await service.rpc('finish_import', { run_id: fresh })).data).toMatchObject({ status: 'succeeded', added: 1 })
    // The owner sees why in the Sync tab.
    expect((await owner.from('import_runs').select('status, message').eq('id', upload).single()).data).toEqual({
      status: 'failed',
      message: UPLOAD_CLOSED,
    })
    // The worker sweeps every ten minutes (the row as the migrations left it, before a test cleared the schedules).
    expect(sweepSchedule).toEqual([{ kind: 'close_stale_imports', minutes: 10 }])
  })

  it('of a pull is closed at once when the source’s pull job is taken up again, leaving its other runs alone', async () => {
    const id = await source(owner, 'Interrupted pull')
    const [scheduled, manual, upload] = [await open(id, 'schedule'), await open(id, 'manual'), await open(id, 'upload')]
    expect(await service.rpc('close_interrupted_pulls', { source_id: id })).toMatchObject({ data: 2, error: null })
    expect(await runState(scheduled)).toEqual({ status: 'failed', message: PULL_CLOSED, staged: 0 })
    expect(await runState(manual)).toEqual({ status: 'failed', message: PULL_CLOSED, staged: 0 })
    expect(await runState(upload)).toEqual({ status: 'receiving', message: null, staged: 1 })
    expect((await service.rpc('add_import_rows', { run_id: scheduled, animals: [] })).error?.message).toBe('This run is failed now')
  })
})

describe('what a source controls', () => {
  it('keeps a synced animal’s details to its source until staff detach it; its status stays the shelter’s', async () => {
    const id = await source(owner, 'Controls')
    await run(owner, id, [pet('E1')])
    const { data: animal } = await service.from('animals').select('id').eq('source_id', id).single()
    const edit = await members.staff.from('animals').update({ name: 'Renamed' }).eq('id', animal!.id)
    expect(edit.error?.message).toBe(
      'This animal’s details come from your listing sync: change them there, or detach the animal from its source first'.replace('’', "'"),
    )
    expect((await members.staff.from('animals').update({ status: 'pending' }).eq('id', animal!.id)).error).toBeNull()

    expect((await members.volunteer.rpc('detach_animal', { animal_id: animal!.id })).error?.code).toBe('PT404')
    expect((await members.staff.rpc('detach_animal', { animal_id: animal!.id })).error).toBeNull()
    expect((await members.staff.from('animals').update({ name: 'Renamed' }).eq('id', animal!.id)).error).toBeNull()
    // Detached, the next snapshot neither changes nor removes it.
    await run(owner, id, [], { explicitly_empty: true })
    const { data } = await service.from('animals').select('name, status, source_id').eq('id', animal!.id).single()
    expect(data).toEqual({ name: 'Renamed', status: 'pending', source_id: null })
  })
})

describe('a synced photo’s stored copy (store_synced_photo, for the worker)', () => {
  it('takes its URL’s place, replacing the https row or adding the http one, only while the URL is listed', async () => {
    const id = await source(owner, 'Photo copies')
    const urls = ['https://photos.example/e1-a.jpg', 'http://photos.example/e1-b.jpg', 'https://photos.example/e1-c.jpg']
    await run(owner, id, [pet('E1', { photos: urls })])
    const { data: animal } = await service.from('animals').select('id').eq('source_id', id).eq('external_id', 'E1').single()
    const copy = (name: string) => `${shelterId}/${animal!.id}/sync-${name.repeat(32)}.webp`
    const store = (client: SupabaseClient, url: string, path: string) =>
      client.rpc('store_synced_photo', { animal_id: animal!.id, source_url: url, storage_path: path, width: 40, height: 30 })
    const photos = async () =>
      (
        await service
          .from('animal_photos')
          .select('position, storage_path, external_url, source_url, alt')
          .eq('animal_id', animal!.id)
          .order('position')
      ).data

    expect(await store(service, urls[2]!, copy('c'))).toMatchObject({ data: true, error: null })
    expect(await store(service, urls[1]!, copy('b'))).toMatchObject({ data: true, error: null })
    expect(await store(service, urls[1]!, copy('b'))).toMatchObject({ data: true, error: null })
    expect(await photos()).toEqual([
      { position: 0, storage_path: null, external_url: urls[0], source_url: urls[0], alt: null },
      { position: 1, storage_path: copy('b'), external_url: null, source_url: urls[1], alt: 'Photo of Pet E1' },
      { position: 2, storage_path: copy('c'), external_url: null, source_url: urls[2], alt: 'Photo of Pet E1' },
    ])
    // A URL the list no longer has (a snapshot came in meanwhile) changes nothing.
    expect(await store(service, 'https://photos.example/gone.jpg', copy('d'))).toMatchObject({ data: false, error: null })
    // Only the worker's own names, in the animal's folder.
    expect((await store(service, urls[0]!, `${shelterId}/${animal!.id}/upload.webp`)).error?.code).toBe('22023')
    // Nobody but the service role.
    for (const client of [owner, members.admin, h.anon()]) expect((await store(client, urls[0]!, copy('a'))).error?.code).toBe('42501')
    expect((await photos())!).toHaveLength(3)

    // The next snapshot moves the stored copies with their URLs.
    await run(owner, id, [pet('E1', { photos: [urls[2]!, urls[0]!] })])
    expect((await photos())!.map((photo) => [photo.position, photo.storage_path ?? photo.external_url])).toEqual([
      [0, copy('c')],
      [1, urls[0]],
    ])
  })
})
