// A stored listings file imported by the worker, against a real database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): the run is queued at once, the job reads and applies it in
// pieces with the run counting rows read and applied, the stored file goes; a held file waits
// for a person and is applied when confirmed; an unreadable or missing file fails and changes
// nothing; a run found half read is read again, one found half applied goes on; a queued run is
// never closed by the sweeps while its job lives, and is closed once its job is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { SYNC_FILES_BUCKET, queueStoredFile, readStoredFile } from '#app/sync/stored-files.server.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { closeStaleImports } from '#worker/tasks/close-stale-imports.ts'
import { importFileTask } from '#worker/tasks/import-file.ts'
import { DeferJobError } from '#worker/runner.ts'

let h: Harness
let service: SupabaseClient<Database>
let owner: SupabaseClient<Database>
let shelterId: string
const log: string[] = []
const context = () => ({ supabase: service, log: (line: string) => log.push(line), job: {} as never })
// Small pieces, so a small file takes several of each step.
const task = importFileTask({ rowsPerRequest: 4, animalsPerPiece: 3 })

function petfinderFile(ids: string[], extra: string[] = []) {
  const rows = ids.map((id) =>
    petfinderRow({ ID: id, AnimalName: `Pet ${id}`, Type: 'Dog', Status: 'A', Sex: 'F', Size: 'M', Age: 'Adult' }),
  )
  return new TextEncoder().encode([PETFINDER_HEADER, ...rows, ...extra].join('\n'))
}
const ids = (count: number, prefix = 'P') => Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(3, '0')}`)

async function newSource(name: string): Promise<string> {
  const { data, error } = await owner.rpc('create_sync_source', { kind: 'upload', name, format: 'petfinder' })
  if (error) throw error
  return data.id
}

async function run(id: string) {
  const { data, error } = await service.from('import_runs').select('*').eq('id', id).single()
  if (error) throw error
  return data
}

async function jobOf(runId: string) {
  const { data } = await service.from('jobs').select('id, kind, payload, failed_at').eq('dedupe_key', `import_file:${runId}`).maybeSingle()
  return data
}

async function listed(sourceId: string) {
  const { data } = await service.from('animals').select('external_id, status').eq('source_id', sourceId).order('external_id')
  return data ?? []
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  const signedIn = await h.signedIn(undefined, undefined, { user_type: 'shelter', shelter_name: 'Queued Imports' })
  owner = signedIn.client as SupabaseClient<Database>
  const { data } = await service.from('shelter_profiles').select('id').eq('user_id', signedIn.userId).single()
  shelterId = data!.id
  await service.from('shelter_profiles').update({ meeting_completed: true }).eq('id', shelterId)
}, 60_000)
afterAll(async () => {
  await h?.stop()
})

describe('a stored file', () => {
  it('is queued at once, then read and applied by the job in pieces, with the run counting; its file goes', async () => {
    const sourceId = await newSource('Queued')
    const bad = petfinderRow({ ID: 'BAD', AnimalName: 'Dragon', Type: 'Dragon', Status: 'A' })
    const queued = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'animals.csv', bytes: petfinderFile(ids(10), [bad]) },
      { trigger: 'upload' },
    )
    expect(queued).toMatchObject({ status: 'queued', file_name: 'animals.csv', added: 0 })
    // The owner sees the run; the stored file's place is not theirs to see.
    expect((await owner.from('import_runs').select('status, rows_read').eq('id', queued.id).single()).data).toEqual({
      status: 'queued',
      rows_read: null,
    })
    expect((await owner.from('import_runs').select('file_path').eq('id', queued.id)).error?.code).toBe('42501')
    expect((await owner.storage.from(SYNC_FILES_BUCKET).download(queued.file_path!)).data).toBeNull()
    expect(await readStoredFile(service, queued.file_path!)).not.toBeNull()
    const job = await jobOf(queued.id)
    expect(job).toMatchObject({ kind: 'import_file', payload: { run_id: queued.id }, failed_at: null })

    await task(job!.payload, context())
    expect(await run(queued.id)).toMatchObject({
      status: 'succeeded',
      added: 10,
      updated: 0,
      unchanged: 0,
      removed: 0,
      failed: 1,
      rows_read: 11,
      rows_total: 10,
      rows_applied: 10,
      file_path: null,
    })
    expect((await service.from('import_run_errors').select('external_id').eq('run_id', queued.id)).data).toEqual([{ external_id: 'BAD' }])
    expect(await readStoredFile(service, queued.file_path!)).toBeNull()
    expect((await listed(sourceId)).map((animal) => animal.status)).toEqual(Array(10).fill('available'))
    // One line of activity for the run.
    const activity = await service
      .from('shelter_activity')
      .select('action, details')
      .eq('shelter_id', shelterId)
      .eq('action', 'listings_synced')
    expect(activity.data?.filter((line) => (line.details as { run_id?: string }).run_id === queued.id)).toHaveLength(1)

    // The same file again changes nothing; a file without three of them archives them.
    const again = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'again.csv', bytes: petfinderFile(ids(10)) },
      { trigger: 'upload' },
    )
    await task({ run_id: again.id }, context())
    expect(await run(again.id)).toMatchObject({ status: 'succeeded', added: 0, updated: 0, unchanged: 10, removed: 0 })
    const fewer = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'fewer.csv', bytes: petfinderFile(ids(7)) },
      { trigger: 'upload' },
    )
    await task({ run_id: fewer.id }, context())
    expect(await run(fewer.id)).toMatchObject({ status: 'succeeded', added: 0, unchanged: 7, removed: 3 })
    expect((await listed(sourceId)).filter((animal) => animal.status === 'archived').map((animal) => animal.external_id)).toEqual([
      'P007',
      'P008',
      'P009',
    ])
  })

  it("is read in the format its run names (the API's ?format=), not its source's", async () => {
    const sourceId = await newSource('Posted')
    const juniper = {
      external_id: 'J1',
      name: 'Juniper',
      type: 'dog',
      primary_breed: 'Beagle',
      age_group: 'adult',
      sex: 'female',
      size: 'medium',
      status: 'available',
    }
    const animals = { animals: [juniper] }
    const queued = await queueStoredFile(
      service,
      service,
      sourceId,
      { name: 'api.json', bytes: new TextEncoder().encode(JSON.stringify(animals)) },
      { trigger: 'api', format: 'pawhaven-json' },
    )
    expect(queued).toMatchObject({ status: 'queued', trigger: 'api', format: 'pawhaven-json', actor_id: null })
    await task({ run_id: queued.id }, context())
    expect(await run(queued.id)).toMatchObject({ status: 'succeeded', added: 1, failed: 0, format: 'pawhaven-json' })
    expect(await listed(sourceId)).toEqual([{ external_id: 'J1', status: 'available' }])

    // The same bytes with no format of their own are read as the source's Petfinder CSV, which they are not.
    const unnamed = await queueStoredFile(
      service,
      service,
      sourceId,
      { name: 'api.json', bytes: new TextEncoder().encode(JSON.stringify(animals)) },
      { trigger: 'api' },
    )
    await task({ run_id: unnamed.id }, context())
    expect(await run(unnamed.id)).toMatchObject({ status: 'failed', added: 0, format: null })
    expect(await listed(sourceId)).toEqual([{ external_id: 'J1', status: 'available' }])
    // A format the importer does not read is refused when the run is queued.
    const refused = await service.rpc('queue_import', {
      source_id: sourceId,
      file_path: `${sourceId}/x.file`,
      trigger: 'api',
      format: 'xls',
    })
    expect(refused.error?.code).toBe('23514')
  })

  it('that would remove most listings is held, emails, keeps its rows, and is applied when confirmed', async () => {
    const sourceId = await newSource('Held')
    const first = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'all.csv', bytes: petfinderFile(ids(8, 'H')) },
      { trigger: 'upload' },
    )
    await task({ run_id: first.id }, context())
    const short = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'short.csv', bytes: petfinderFile(ids(2, 'H')) },
      { trigger: 'upload' },
    )
    await task({ run_id: short.id }, context())
    expect(await run(short.id)).toMatchObject({ status: 'held', removed: 6, file_path: null })
    const emails = await service.from('email_outbox').select('template, data').eq('template', 'sync_run_held')
    expect(emails.data?.some((email) => (email.data as { run_id?: string }).run_id === short.id)).toBe(true)
    const { data: confirmed, error } = await owner.rpc('decide_held_import', { run_id: short.id, apply: true })
    expect(error).toBeNull()
    // Confirmed in the web request, applied by the worker: the run is running, its job queued.
    expect(confirmed).toMatchObject({ status: 'running', rows_total: 2, rows_applied: 0 })
    expect(await jobOf(confirmed!.id)).toMatchObject({ kind: 'import_file', failed_at: null })
    expect((await listed(sourceId)).filter((animal) => animal.status === 'archived')).toEqual([])
    await task({ run_id: confirmed!.id }, context())
    expect(await run(confirmed!.id)).toMatchObject({ status: 'succeeded', removed: 6, unchanged: 2 })
  })

  it('that cannot be read, or is gone, fails and changes nothing', async () => {
    const sourceId = await newSource('Unreadable')
    // The source lists animals already: a file that fails must leave every one of them listed.
    const first = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'first.csv', bytes: petfinderFile(ids(4, 'U')) },
      { trigger: 'upload' },
    )
    await task({ run_id: first.id }, context())
    const before = await listed(sourceId)
    expect(before.map((animal) => animal.status)).toEqual(Array(4).fill('available'))
    const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    const png = await queueStoredFile(owner, service, sourceId, { name: 'cat.png', bytes: image }, { trigger: 'upload' })
    await task({ run_id: png.id }, context())
    expect(await run(png.id)).toMatchObject({ status: 'failed', message: expect.stringMatching(/PNG/), file_path: null })

    const gone = await queueStoredFile(owner, service, sourceId, { name: 'gone.csv', bytes: petfinderFile(ids(3)) }, { trigger: 'upload' })
    await service.storage.from(SYNC_FILES_BUCKET).remove([gone.file_path!])
    await task({ run_id: gone.id }, context())
    expect(await run(gone.id)).toMatchObject({ status: 'failed', message: expect.stringMatching(/not found/), added: 0, removed: 0 })
    expect(await listed(sourceId)).toEqual(before)
  })

  it('is read again when found half read, and goes on when found half applied', async () => {
    const sourceId = await newSource('Resumed')
    const halfRead = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'a.csv', bytes: petfinderFile(ids(9, 'R')) },
      { trigger: 'upload' },
    )
    // An attempt that died after staging some rows.
    await service.rpc('take_queued_import', { run_id: halfRead.id })
    await service.rpc('add_import_rows', {
      run_id: halfRead.id,
      animals: [{ external_id: 'STRAY', name: 'Stray', type: 'dog', age_group: 'adult' }],
    })
    await task({ run_id: halfRead.id }, context())
    expect(await run(halfRead.id)).toMatchObject({ status: 'succeeded', added: 9, rows_read: 9 })
    expect((await listed(sourceId)).map((animal) => animal.external_id)).not.toContain('STRAY')

    const halfApplied = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'b.csv', bytes: petfinderFile(ids(12, 'R')) },
      { trigger: 'upload' },
    )
    await service.rpc('take_queued_import', { run_id: halfApplied.id })
    const stage = await service.rpc('add_import_rows', {
      run_id: halfApplied.id,
      animals: ids(12, 'R').map((id) => ({
        external_id: id,
        name: `Pet ${id}`,
        type: 'dog',
        age_group: 'adult',
        status: 'available',
        photos: [],
      })),
    })
    expect(stage.error).toBeNull()
    expect((await service.rpc('start_applying_import', { run_id: halfApplied.id })).data).toMatchObject({
      status: 'running',
      rows_total: 12,
    })
    expect((await service.rpc('apply_import_piece', { run_id: halfApplied.id, max_rows: 5 })).data).toMatchObject({ rows_applied: 5 })
    await task({ run_id: halfApplied.id }, context())
    expect(await run(halfApplied.id)).toMatchObject({ status: 'succeeded', rows_applied: 12, rows_total: 12 })
  })

  it('waits its turn, queued and unread, while another file of its source is being read or applied', async () => {
    const sourceId = await newSource('One at a time')
    // The second file keeps half of the first's animals, so its safety catch lets it through.
    const secondIds = [...ids(3, 'F'), ...ids(6, 'S')]
    const first = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'first.csv', bytes: petfinderFile(ids(6, 'F')) },
      { trigger: 'upload' },
    )
    const second = await queueStoredFile(
      owner,
      service,
      sourceId,
      { name: 'second.csv', bytes: petfinderFile(secondIds) },
      { trigger: 'upload' },
    )
    const stagedOf = async (runId: string) =>
      (await service.from('import_run_rows').select('external_id', { count: 'exact', head: true }).eq('run_id', runId)).count
    const waiting = {
      status: 'queued',
      rows_read: 0,
      message: 'Another file of this source is being imported: this one starts when it is done.',
    }
    // The first is being read: the second is not read alongside it.
    expect(await service.rpc('take_queued_import', { run_id: first.id })).toMatchObject({ data: { status: 'receiving' } })
    await expect(task({ run_id: second.id }, context())).rejects.toMatchObject({ name: 'Error', seconds: 5 })
    expect(await run(second.id)).toMatchObject(waiting)
    // The first is being applied, piece by piece: the second still waits, and has staged nothing.
    await service.rpc('take_queued_import', { run_id: first.id })
    await service.rpc('add_import_rows', {
      run_id: first.id,
      animals: ids(6, 'F').map((id) => ({
        external_id: id,
        name: `Pet ${id}`,
        type: 'dog',
        age_group: 'adult',
        status: 'available',
        photos: [],
      })),
    })
    expect((await service.rpc('start_applying_import', { run_id: first.id })).data).toMatchObject({ status: 'running' })
    await service.rpc('apply_import_piece', { run_id: first.id, max_rows: 2 })
    await expect(task({ run_id: second.id }, context())).rejects.toBeInstanceOf(DeferJobError)
    expect(await run(second.id)).toMatchObject(waiting)
    expect(await stagedOf(second.id)).toBe(0)
    // Once the first is over, the second's job, back a moment later, reads and applies it: the last file wins.
    await task({ run_id: first.id }, context())
    expect(await run(first.id)).toMatchObject({ status: 'succeeded', added: 6 })
    await task({ run_id: second.id }, context())
    expect(await run(second.id)).toMatchObject({ status: 'succeeded', added: 6, removed: 3, message: null })
    expect((await listed(sourceId)).filter((animal) => animal.status !== 'archived').map((animal) => animal.external_id)).toEqual(secondIds)
  })
})

describe('the sweeps', () => {
  it('leave a queued run alone while its job lives, close it once the job is gone, and remove finished files', async () => {
    const sourceId = await newSource('Swept')
    const waiting = await queueStoredFile(owner, service, sourceId, { name: 'w.csv', bytes: petfinderFile(ids(3)) }, { trigger: 'upload' })
    const lost = await queueStoredFile(owner, service, sourceId, { name: 'l.csv', bytes: petfinderFile(ids(3)) }, { trigger: 'upload' })
    // Both waited two hours; the second's job gave up.
    await h.lb.db.query(`update public.import_runs set started_at = now() - interval '2 hours' where id = any ($1)`, [
      [waiting.id, lost.id],
    ])
    await h.lb.db.query(`update public.jobs set failed_at = now(), dedupe_key = null where dedupe_key = $1`, [`import_file:${lost.id}`])
    expect((await service.rpc('close_interrupted_pulls', { source_id: sourceId })).data).toBe(0)
    await closeStaleImports({}, context())
    expect(await run(waiting.id)).toMatchObject({ status: 'queued' })
    expect(await run(lost.id)).toMatchObject({ status: 'failed', message: expect.stringMatching(/interrupted/), file_path: null })
    expect(await readStoredFile(service, lost.file_path!)).toBeNull()
    expect(await readStoredFile(service, waiting.file_path!)).not.toBeNull()
  })

  it('refuse a stored file of another source, and only the service role takes or applies runs', async () => {
    const mine = await newSource('Mine')
    const other = await newSource('Other')
    const { error } = await owner.rpc('queue_import', { source_id: mine, file_path: `${other}/x.file` })
    expect(error?.code).toBe('22023')
    expect((await owner.rpc('queue_import', { source_id: mine, file_path: `${mine}/../${other}/x.file` })).error?.code).toBe('22023')
    const queued = await queueStoredFile(owner, service, mine, { name: 'x.csv', bytes: petfinderFile(ids(1)) }, { trigger: 'upload' })
    for (const fn of ['take_queued_import', 'apply_import_piece', 'complete_import', 'start_applying_import'] as const) {
      expect((await owner.rpc(fn, { run_id: queued.id })).error?.code, fn).toBe('42501')
    }
  })
})
