// Scheduled pulls against a real database and fake servers on this machine: a Shelterluv v1 API
// (X-Api-Key, pages of 100 until has_more is false, 401 for a wrong key, 500 on demand), a
// RescueGroups v5 API (JSON:API pages, included pictures and species), an ASM3 service
// (json_adoptable_animals_xp by account, bonded animals) and a feed with an ETag.
// A pull creates, updates and archives through runs; a 304 changes nothing and records no run;
// failures back off and the third in a row emails once; paused sources are not pulled; the
// scheduler enqueues only the due ones; the key is stored encrypted and decrypts for the task;
// a run a killed worker left receiving is closed when its job is taken up again, or by the sweep.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { decryptConnectorKey, encryptConnectorKey } from '#app/sync/connector-keys.ts'
import { PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import {
  asm3Bond,
  asm3Row,
  RESCUEGROUPS_DOG_SPECIES,
  rescueGroupsAnimal,
  rescueGroupsPage,
  rescueGroupsPicture,
  shelterluvAnimal,
  shelterluvPage,
} from '#app/sync/formats/pull-fixtures.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { renderTemplate } from '#worker/emails/templates.ts'
import { animalRow, importFile } from '#app/sync/pipeline.server.ts'
import { importedAnimal } from '#tests/db/sync-fixtures.ts'
import { createWorker } from '#worker/runner.ts'
import { createTasks } from '#worker/tasks/index.ts'
import { pullSource, pullSourceTask, schedulePulls, type PullOptions } from '#worker/tasks/pull-source.ts'

const SECRET = 'test-sync-secret-key-0123456789abcdef-0123456789'
const SHELTERLUV_KEY = 'sl-live-key-6f1d2c'
const RESCUEGROUPS_KEY = 'rg-key-93ab'

let h: Harness
let service: SupabaseClient<Database>
let owner: SupabaseClient<Database>
let shelterId: string
let server: http.Server
let base: string
let options: PullOptions
const log: string[] = []
const context = () => ({ supabase: service, log: (line: string) => log.push(line) })

// What the fake servers serve, changed by the tests.
const shelterluv = { animals: [] as Record<string, unknown>[], failWith: 0, requests: [] as string[] }
const rescuegroups = { animals: [] as ReturnType<typeof rescueGroupsAnimal>[], requests: [] as string[] }
const feed = { body: '', etag: '"v1"', requests: [] as Array<string | undefined> }
const asm3 = { rows: [] as Record<string, unknown>[], requests: [] as string[] }

function handler(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url!, 'http://x')
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
  if (url.pathname === '/shelterluv/api/v1/animals') {
    shelterluv.requests.push(url.search)
    if (request.headers['x-api-key'] !== SHELTERLUV_KEY) return json(401, { success: 0, error_message: 'Invalid API key' })
    if (shelterluv.failWith) return json(shelterluv.failWith, { success: 0, error_message: 'Internal error' })
    if (url.searchParams.get('status_type') !== 'publishable') return json(400, { success: 0 })
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const page = shelterluv.animals.slice(offset, offset + 100)
    return json(200, shelterluvPage(page, offset + 100 < shelterluv.animals.length, shelterluv.animals.length))
  }
  const rg = url.pathname.match(/^\/rescuegroups\/v5\/public\/orgs\/(\d+)\/animals\/search\/available$/)
  if (rg) {
    rescuegroups.requests.push(url.search)
    if (request.headers.authorization !== RESCUEGROUPS_KEY) return json(401, { errors: [{ status: '401', title: 'Unauthorized' }] })
    if (rg[1] !== '8099') return json(200, { meta: { count: 0, pages: 0 } })
    const page = Number(url.searchParams.get('page'))
    const limit = Number(url.searchParams.get('limit'))
    const animals = rescuegroups.animals.slice((page - 1) * limit, page * limit)
    const pictures = animals.flatMap((animal) =>
      animal.relationships.pictures.data.map((p, n) => rescueGroupsPicture(p.id, n + 1, animal.id)),
    )
    return json(
      200,
      rescueGroupsPage(
        animals,
        [RESCUEGROUPS_DOG_SPECIES, ...pictures],
        page,
        Math.ceil(rescuegroups.animals.length / limit),
        rescuegroups.animals.length,
      ),
    )
  }
  if (url.pathname === '/asm3/asmservice') {
    asm3.requests.push(url.search)
    // The unauthenticated list of one account; any other account is unknown to this service.
    if (url.searchParams.get('method') !== 'json_adoptable_animals_xp') return response.writeHead(400).end('ERROR: Invalid method')
    if (url.searchParams.get('account') !== 'ab1234')
      return response.writeHead(500, { 'Content-Type': 'text/plain' }).end('ERROR: Invalid database')
    return json(200, asm3.rows)
  }
  if (url.pathname === '/feed/animals.csv') {
    feed.requests.push(request.headers['if-none-match'])
    if (request.headers['if-none-match'] === feed.etag) return response.writeHead(304, { ETag: feed.etag }).end()
    return response.writeHead(200, { 'Content-Type': 'text/csv', ETag: feed.etag }).end(feed.body)
  }
  response.writeHead(404).end()
}

const petfinderFile = (ids: string[], name = (id: string) => `Dog ${id}`) =>
  [
    PETFINDER_HEADER,
    ...ids.map((id) =>
      petfinderRow({ ID: id, AnimalName: name(id), Type: 'Dog', PrimaryBreed: 'Beagle', Age: 'Adult', Sex: 'F', Size: 'M', Status: 'A' }),
    ),
  ].join('\r\n')

async function addSource(
  kind: 'feed' | 'shelterluv' | 'rescuegroups' | 'asm3',
  name: string,
  extra: { url?: string; key?: string; org?: string; interval?: number; settings?: Record<string, string> } = {},
) {
  const { data, error } = await owner.rpc('add_pull_source', {
    kind,
    name,
    interval_minutes: extra.interval ?? 15,
    url: extra.url,
    key_ciphertext: extra.key ? encryptConnectorKey(extra.key, SECRET) : undefined,
    settings: extra.settings ?? (extra.org ? { org_id: extra.org } : {}),
  })
  if (error) throw error
  return data.id
}

async function sourceRow(id: string) {
  const { data } = await service.from('sync_sources').select('*').eq('id', id).single()
  return data!
}

async function statuses(sourceId: string): Promise<Record<string, string>> {
  const { data } = await service.from('animals').select('external_id, status').eq('source_id', sourceId)
  return Object.fromEntries(data!.map((row) => [row.external_id, row.status]))
}

const runCount = async (sourceId: string) =>
  (await service.from('import_runs').select('id', { count: 'exact', head: true }).eq('source_id', sourceId)).count
const pull = (sourceId: string, trigger: 'schedule' | 'manual' = 'schedule', withOptions = options) =>
  pullSource({ source_id: sourceId, trigger }, context(), withOptions)
const minutesFromNow = (iso: string | null) => Math.round((new Date(iso!).getTime() - Date.now()) / 60_000) + 0

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  await h.lb.db.query('delete from public.job_schedules')
  const created = await h.signedIn(uniqueEmail('pulls'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Pull Rescue' })
  owner = created.client as SupabaseClient<Database>
  const { data: profile } = await service.from('shelter_profiles').select('id').eq('user_id', created.userId).single()
  shelterId = profile!.id
  server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  options = {
    secretKey: SECRET,
    fetchPolicy: { allowPrivateAddresses: true },
    endpoints: { shelterluv: `${base}/shelterluv/api/v1`, rescuegroups: `${base}/rescuegroups/v5`, asm3: `${base}/asm3/asmservice` },
    today: '2026-11-26',
  }
})

afterAll(async () => {
  server?.close()
  await h?.stop()
})

describe('a Shelterluv source', () => {
  it('keeps its key encrypted: the column holds no plaintext, the owner cannot read it, the task decrypts it', async () => {
    const id = await addSource('shelterluv', 'Shelterluv (key)', { key: SHELTERLUV_KEY })
    const row = await sourceRow(id)
    expect(row.key_ciphertext).toMatch(/^v1\./)
    expect(row.key_ciphertext).not.toContain(SHELTERLUV_KEY)
    const { rows } = await h.lb.db.query<{ n: number }>(
      `select count(*)::int as n from public.sync_sources where position($1 in sync_sources::text) > 0`,
      [SHELTERLUV_KEY],
    )
    expect(rows[0]!.n).toBe(0)
    expect(decryptConnectorKey(row.key_ciphertext!, SECRET)).toBe(SHELTERLUV_KEY)
    expect(() => decryptConnectorKey(row.key_ciphertext!, 'another-secret-key-of-thirty-two-characters')).toThrow(/SYNC_SECRET_KEY/)
    expect((await owner.from('sync_sources').select('key_ciphertext').eq('id', id)).error?.code).toBe('42501')
    expect((await owner.from('sync_sources').select('has_key, pull_interval_minutes, paused').eq('id', id).single()).data).toEqual({
      has_key: true,
      pull_interval_minutes: 15,
      paused: false,
    })
    // A pull with the key the column holds: the server saw it in X-Api-Key.
    shelterluv.animals = [shelterluvAnimal('1')]
    expect((await pull(id)).outcome).toBe('applied')
    // Without SYNC_SECRET_KEY the worker cannot read it, and says so.
    const without = await pull(id, 'schedule', { ...options, secretKey: null })
    expect(without).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/SYNC_SECRET_KEY/) })
  })

  it('pulls every page, then updates and archives through runs; the same list again changes nothing', async () => {
    const id = await addSource('shelterluv', 'Shelterluv main', { key: SHELTERLUV_KEY })
    shelterluv.animals = Array.from({ length: 230 }, (_, n) => shelterluvAnimal(String(20_000_000 + n)))
    shelterluv.requests = []
    const first = await pull(id)
    expect(first).toMatchObject({ outcome: 'applied', run: { status: 'succeeded', added: 230, trigger: 'schedule' } })
    expect(shelterluv.requests).toEqual([
      '?status_type=publishable&offset=0',
      '?status_type=publishable&offset=100',
      '?status_type=publishable&offset=200',
    ])
    const row = await sourceRow(id)
    expect(row).toMatchObject({ consecutive_failures: 0, last_error: null })
    expect(minutesFromNow(row.next_run_at)).toBe(15)

    shelterluv.animals = shelterluv.animals.slice(1).map((animal, n) => (n === 0 ? { ...animal, Name: 'Renamed' } : animal))
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { added: 0, updated: 1, removed: 1, unchanged: 228 } })
    expect((await statuses(id))['20000000']).toBe('archived')
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { added: 0, updated: 0, removed: 0 } })
  })

  it('backs off on errors (a wrong key, a 500), emails the owners and admins once at the third failure, and a success resets it', async () => {
    const id = await addSource('shelterluv', 'Shelterluv flaky', { key: 'wrong-key' })
    shelterluv.animals = [shelterluvAnimal('5')]
    const emails = async () =>
      (await service.from('email_outbox').select('data').eq('template', 'sync_pull_failing')).data!.filter(
        (email) => (email.data as { source_id?: string }).source_id === id,
      )

    const refused = await pull(id)
    expect(refused).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/refused the key \(HTTP 401\)/),
      run: { status: 'failed', trigger: 'schedule' },
    })
    let row = await sourceRow(id)
    expect(row.consecutive_failures).toBe(1)
    expect(minutesFromNow(row.next_run_at)).toBe(30)

    // The right key, but the server fails.
    const key = encryptConnectorKey(SHELTERLUV_KEY, SECRET)
    expect((await owner.rpc('replace_pull_source_key', { source_id: id, key_ciphertext: key })).error).toBeNull()
    shelterluv.failWith = 500
    try {
      expect(await pull(id)).toMatchObject({ outcome: 'failed', message: 'Shelterluv answered HTTP 500; we will try again later.' })
      row = await sourceRow(id)
      expect([row.consecutive_failures, minutesFromNow(row.next_run_at)]).toEqual([2, 60])
      expect(await emails()).toHaveLength(0)
      await pull(id)
      row = await sourceRow(id)
      expect([row.consecutive_failures, minutesFromNow(row.next_run_at)]).toEqual([3, 120])
      const sent = await emails()
      expect(sent).toHaveLength(1)
      expect(sent[0]!.data).toMatchObject({ source_name: 'Shelterluv flaky', failures: 3, shelter_name: 'Pull Rescue' })
      const email = renderTemplate('sync_pull_failing', sent[0]!.data, 'https://pawhaven.example')
      expect(email.subject).toBe('Listings from Shelterluv flaky have stopped updating')
      expect(email.text).toContain('Shelterluv answered HTTP 500')
      for (let n = 0; n < 4; n++) await pull(id)
      row = await sourceRow(id)
      // Capped at a day.
      expect([row.consecutive_failures, minutesFromNow(row.next_run_at)]).toEqual([7, 24 * 60])
      expect(await emails()).toHaveLength(1)
    } finally {
      shelterluv.failWith = 0
    }
    expect((await pull(id)).outcome).toBe('applied')
    row = await sourceRow(id)
    expect(row).toMatchObject({ consecutive_failures: 0, last_error: null, failure_emailed: false })
    expect(minutesFromNow(row.next_run_at)).toBe(15)
  })
})

describe('a RescueGroups source', () => {
  it('pulls the organization’s available animals page by page, with their pictures', async () => {
    const id = await addSource('rescuegroups', 'RescueGroups', { key: RESCUEGROUPS_KEY, org: '8099' })
    rescuegroups.animals = Array.from({ length: 150 }, (_, n) => rescueGroupsAnimal(String(10_000_000 + n), {}, [`${n}a`, `${n}b`]))
    rescuegroups.requests = []
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { status: 'succeeded', added: 150, failed: 0 } })
    expect(rescuegroups.requests.map((search) => new URLSearchParams(search).get('page'))).toEqual(['1', '2'])
    expect(new URLSearchParams(rescuegroups.requests[0]).get('include')).toBe('pictures,species,colors')
    const { data: animal } = await service
      .from('animals')
      .select('id, type, source_photos')
      .eq('source_id', id)
      .eq('external_id', '10000000')
      .single()
    expect(animal).toMatchObject({ type: 'dog', source_photos: [expect.stringMatching(/\/0a\.jpg$/), expect.stringMatching(/\/0b\.jpg$/)] })

    const wrongOrg = await addSource('rescuegroups', 'RescueGroups wrong org', { key: RESCUEGROUPS_KEY, org: '1' })
    // An organization with nothing available: an empty list, applied (nothing was listed).
    expect(await pull(wrongOrg)).toMatchObject({ outcome: 'applied', run: { added: 0 } })
    const badKey = await addSource('rescuegroups', 'RescueGroups bad key', { key: 'nope', org: '8099' })
    expect(await pull(badKey)).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/401/) })
  })
})

describe('a ShelterManager ASM3 account', () => {
  const groups = async (sourceId: string) => {
    const { data } = await service
      .from('animals')
      .select('external_id, bonded_group_id, status')
      .eq('source_id', sourceId)
      .order('external_id')
    return data!
  }

  it('pulls the account’s adoptable animals, no key, and links the bonded ones as one group; a missing or archived companion breaks nothing', async () => {
    const id = await addSource('asm3', 'ASM3', { settings: { account: 'ab1234', service_url: `${base}/asm3/asmservice` } })
    expect((await sourceRow(id)).key_ciphertext).toBeNull()
    asm3.rows = [
      asm3Row(601, { ANIMALNAME: 'Salt', ...asm3Bond({ id: 602, name: 'Pepper' }) }),
      asm3Row(602, { ANIMALNAME: 'Pepper', ...asm3Bond({ id: 601, name: 'Salt' }) }),
      // Bonded with an animal not in the list, and with one ASM3 has archived.
      asm3Row(603, { ANIMALNAME: 'Solo', ...asm3Bond({ id: 699 }, { id: 604, archived: true }) }),
    ]
    asm3.requests = []
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { status: 'succeeded', added: 3, failed: 0 } })
    expect(asm3.requests).toEqual(['?method=json_adoptable_animals_xp&account=ab1234'])
    const [salt, pepper, solo] = await groups(id)
    expect(salt!.bonded_group_id).not.toBeNull()
    expect(pepper!.bonded_group_id).toBe(salt!.bonded_group_id)
    expect(solo!.bonded_group_id).toBeNull()
    const { data: photos } = await service.from('animals').select('source_photos').eq('source_id', id).eq('external_id', '601').single()
    expect(photos!.source_photos).toEqual([expect.stringContaining('mediaid=6010'), expect.stringContaining('mediaid=6011')])

    // The companion comes (back) to the list: bonded now. The same list again changes nothing.
    asm3.rows = [
      ...asm3.rows.slice(0, 2),
      asm3Row(603, { ANIMALNAME: 'Solo', ...asm3Bond({ id: 604 }) }),
      asm3Row(604, { ANIMALNAME: 'Duo' }),
    ]
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { added: 1, updated: 1 } })
    const [, , solo2, duo] = await groups(id)
    expect(solo2!.bonded_group_id).not.toBeNull()
    expect(duo!.bonded_group_id).toBe(solo2!.bonded_group_id)
    expect(solo2!.bonded_group_id).not.toBe(salt!.bonded_group_id)
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { added: 0, updated: 0, removed: 0 } })
  })

  it('uses the hosted service when no address is given; an unknown account or a garbled answer is a failed run that says what to check', async () => {
    const hosted = await addSource('asm3', 'ASM3 hosted', { settings: { account: 'ab1234' } })
    expect((await sourceRow(hosted)).settings).toEqual({ account: 'ab1234' })
    asm3.rows = [asm3Row(701)]
    expect(await pull(hosted)).toMatchObject({ outcome: 'applied', run: { added: 1 } })

    const unknown = await addSource('asm3', 'ASM3 unknown account', {
      settings: { account: 'zz9999', service_url: `${base}/asm3/asmservice` },
    })
    expect(await pull(unknown)).toMatchObject({ outcome: 'failed', message: 'ShelterManager answered HTTP 500; we will try again later.' })
    const garbled = await addSource('asm3', 'ASM3 elsewhere', { settings: { account: 'ab1234', service_url: `${base}/feed/animals.csv` } })
    feed.body = 'not json'
    feed.etag = '"asm3"'
    expect(await pull(garbled)).toMatchObject({ outcome: 'failed', message: 'ShelterManager answered with something other than JSON.' })
    // Never a private address unless allowed, as for every other source.
    expect(await pull(unknown, 'schedule', { ...options, fetchPolicy: {} })).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/could not be fetched: refused/),
    })
  })

  it('the same list as a file: a feed of ASM3’s JSON and an upload in the asm3-json format link bonds too', async () => {
    asm3.rows = [asm3Row(901, asm3Bond({ id: 902 })), asm3Row(902)]
    const feedSource = await addSource('feed', 'ASM3 JSON feed', {
      url: `${base}/asm3/asmservice?method=json_adoptable_animals_xp&account=ab1234`,
    })
    expect(await pull(feedSource)).toMatchObject({ outcome: 'applied', run: { added: 2 } })
    const fromFeed = await groups(feedSource)
    expect(fromFeed[0]!.bonded_group_id).not.toBeNull()
    expect(fromFeed[1]!.bonded_group_id).toBe(fromFeed[0]!.bonded_group_id)

    const { data: upload, error } = await owner.rpc('create_sync_source', { kind: 'upload', name: 'ASM3 upload', format: 'asm3-json' })
    expect(error).toBeNull()
    const run = await importFile(
      owner,
      { id: upload!.id, format: 'asm3-json' },
      { name: 'adoptable.json', bytes: Buffer.from(JSON.stringify(asm3.rows)) },
      { trigger: 'upload' },
    )
    expect(run).toMatchObject({ status: 'succeeded', added: 2 })
    const fromUpload = await groups(upload!.id)
    expect(fromUpload[1]!.bonded_group_id).toBe(fromUpload[0]!.bonded_group_id)
    expect(fromUpload[0]!.bonded_group_id).not.toBeNull()
  })
})

describe('a feed', () => {
  it('is read in the format it serves; a 304 to If-None-Match changes nothing and records no run; Run now fetches it whole', async () => {
    feed.body = petfinderFile(['F1', 'F2', 'F3'])
    feed.etag = '"v1"'
    feed.requests = []
    const id = await addSource('feed', 'ASM3 feed', { url: `${base}/feed/animals.csv` })
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { added: 3, file_name: 'animals.csv' } })
    expect((await sourceRow(id)).settings).toMatchObject({ url: `${base}/feed/animals.csv`, etag: '"v1"' })
    const runs = await runCount(id)

    expect(await pull(id)).toEqual({ outcome: 'unchanged' })
    expect(feed.requests).toEqual([undefined, '"v1"'])
    expect(await runCount(id)).toBe(runs)
    expect(minutesFromNow((await sourceRow(id)).next_run_at)).toBe(15)

    feed.body = petfinderFile(['F1', 'F2', 'F3', 'F4'])
    feed.etag = '"v2"'
    expect(await pull(id)).toMatchObject({ outcome: 'applied', run: { added: 1, unchanged: 3 } })
    expect((await sourceRow(id)).settings).toMatchObject({ etag: '"v2"' })
    expect(await pull(id, 'manual')).toMatchObject({ outcome: 'applied', run: { trigger: 'manual', added: 0, updated: 0 } })
    expect(feed.requests.at(-1)).toBeUndefined()
    expect(Object.keys(await statuses(id)).sort()).toEqual(['F1', 'F2', 'F3', 'F4'])
  })

  it('never fetches a private address unless allowed, and a garbled answer is a failed run', async () => {
    const id = await addSource('feed', 'Private feed', { url: `${base}/feed/animals.csv` })
    expect(await pull(id, 'schedule', { ...options, fetchPolicy: {} })).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/could not be fetched: refused/),
    })
    feed.body = '\u0000\u0001binary'
    feed.etag = '"garbled"'
    expect(await pull(id)).toMatchObject({ outcome: 'failed', run: { status: 'failed' } })
    expect((await sourceRow(id)).consecutive_failures).toBe(2)
  })
})

describe('scheduling', () => {
  it('enqueues a job for each due, unpaused source once; paused sources are not pulled; Run now pulls a paused one', async () => {
    await service.from('jobs').delete().eq('kind', 'pull_source')
    const due = await addSource('feed', 'Due feed', { url: `${base}/feed/animals.csv` })
    const later = await addSource('feed', 'Later feed', { url: `${base}/feed/animals.csv` })
    const paused = await addSource('feed', 'Paused feed', { url: `${base}/feed/animals.csv` })
    // Every other source of this file is not due.
    await service
      .from('sync_sources')
      .update({ next_run_at: new Date(Date.now() + 3_600_000).toISOString() })
      .eq('shelter_id', shelterId)
      .neq('id', due)
    expect((await owner.rpc('set_pull_source_paused', { source_id: paused, paused: true })).data).toMatchObject({ paused: true })
    await service
      .from('sync_sources')
      .update({ next_run_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', paused)

    await schedulePulls({}, { ...context(), job: {} as never })
    const jobs = async () => (await service.from('jobs').select('payload, dedupe_key').eq('kind', 'pull_source')).data!
    expect(await jobs()).toEqual([{ payload: { source_id: due, trigger: 'schedule' }, dedupe_key: `pull_source:${due}` }])
    expect(minutesFromNow((await sourceRow(due)).next_run_at)).toBe(15)
    // Not due again until then: a second pass enqueues nothing more.
    await schedulePulls({}, { ...context(), job: {} as never })
    expect(await jobs()).toHaveLength(1)

    // A paused source's job (enqueued before the pause) does nothing; Run now does pull it.
    expect(await pull(paused)).toEqual({ outcome: 'skipped', reason: 'paused' })
    expect((await owner.rpc('run_pull_source_now', { source_id: paused })).error).toBeNull()
    expect((await jobs()).map((job) => job.payload)).toContainEqual({ source_id: paused, trigger: 'manual' })
    feed.etag = '"v9"'
    feed.body = petfinderFile(['P1'])
    expect(await pull(paused, 'manual')).toMatchObject({ outcome: 'applied', run: { trigger: 'manual', added: 1 } })

    // Resuming makes it due at once; the interval is 5 minutes at least.
    expect((await owner.rpc('set_pull_source_paused', { source_id: paused, paused: false })).data).toMatchObject({ paused: false })
    expect(minutesFromNow((await sourceRow(paused)).next_run_at)).toBe(0)
    expect((await owner.rpc('set_pull_interval', { source_id: later, interval_minutes: 4 })).error?.message).toMatch(
      /between 5 minutes and 24 hours/,
    )
    expect((await owner.rpc('set_pull_interval', { source_id: later, interval_minutes: 5 })).data).toMatchObject({
      pull_interval_minutes: 5,
    })
    expect(minutesFromNow((await sourceRow(later)).next_run_at)).toBe(5)
  })
})

describe('a pull whose worker was killed', () => {
  it('is closed as failed, its staged rows gone, when its job is taken up again; the pull then runs whole', async () => {
    const id = await addSource('feed', 'Killed feed', { url: `${base}/feed/animals.csv` })
    feed.etag = '"killed"'
    feed.body = petfinderFile(['K1', 'K2'])
    // What a worker killed mid-pull leaves: its run receiving with rows staged, its job leased to it, the lease over.
    const { data: dead, error } = await service.rpc('start_import', { source_id: id, trigger: 'schedule', file_name: 'animals.csv' })
    expect(error).toBeNull()
    expect((await service.rpc('add_import_rows', { run_id: dead!.id, animals: [animalRow(importedAnimal('K1'))] })).error).toBeNull()
    await h.lb.db.query(`delete from public.jobs where kind = 'pull_source'`)
    await h.lb.db.query(
      `insert into public.jobs (kind, payload, attempts, dedupe_key, locked_by, locked_until) values ('pull_source', $1, 1, $2, 'killed-worker', now() - interval '1 second')`,
      [JSON.stringify({ source_id: id, trigger: 'schedule' }), `pull_source:${id}`],
    )
    const staged = async (runId: string) => (await service.from('import_run_rows').select('position').eq('run_id', runId)).data
    expect(await staged(dead!.id)).toHaveLength(1)

    const worker = createWorker({
      supabase: service,
      tasks: { pull_source: pullSourceTask(options) },
      name: 'next-worker',
      log: (line) => log.push(line),
    })
    expect(await worker.drain()).toBe(1)

    const { data: runs } = await service
      .from('import_runs')
      .select('id, status, message, finished_at, added')
      .eq('source_id', id)
      .order('started_at')
    expect(runs).toEqual([
      {
        id: dead!.id,
        status: 'failed',
        message: 'The pull was interrupted before it finished, and nothing was changed; it will run again at its next time.',
        finished_at: expect.any(String),
        added: 0,
      },
      { id: expect.any(String), status: 'succeeded', message: null, finished_at: expect.any(String), added: 2 },
    ])
    expect(await staged(dead!.id)).toEqual([])
    expect(await statuses(id)).toEqual({ K1: 'available', K2: 'available' })
    expect((await service.from('jobs').select('id').eq('dedupe_key', `pull_source:${id}`)).data).toEqual([])
  })

  it('and any run left receiving for hours is closed by the worker’s sweep, the schedule’s job', async () => {
    const id = await addSource('feed', 'Swept feed', { url: `${base}/feed/animals.csv` })
    const { data: upload } = await service.rpc('start_import', { source_id: id, trigger: 'upload', file_name: 'NJ94.csv' })
    await service.rpc('add_import_rows', { run_id: upload!.id, animals: [animalRow(importedAnimal('S1'))] })
    await h.lb.db.query(`update public.import_runs set started_at = now() - interval '2 hours' where id = $1`, [upload!.id])
    await h.lb.db.query('delete from public.jobs')
    await service.rpc('enqueue_job', { kind: 'close_stale_imports', dedupe_key: 'schedule:close_stale_imports' })
    const tasks = createTasks({ mailer: { send: async () => {}, close: () => {} }, siteUrl: 'https://pawhaven.example' })
    expect(await createWorker({ supabase: service, tasks, name: 'sweeper', log: (line) => log.push(line) }).drain()).toBe(1)
    expect((await service.from('import_runs').select('status, message').eq('id', upload!.id).single()).data).toEqual({
      status: 'failed',
      message: 'This import was interrupted before it finished, and nothing was changed. Please send the file again.',
    })
    expect((await service.from('import_run_rows').select('position').eq('run_id', upload!.id)).data).toEqual([])
    expect(log).toContain('closed 1 interrupted sync run')
  })
})
