// The FTP drop end to end, with a real FTP client (basic-ftp) against the server started here
// over the localbase harness: a Petfinder csv makes animals appear (a run with trigger 'ftp'),
// photo files `<ID>-<n>.<ext>` become the animals' stored photos (sent before or after the
// csv) and stay through the next file, a wrong password and a file over the cap are refused,
// and a session never sees another's files. Explicit TLS too.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import bcrypt from 'bcryptjs'
import { Client } from 'basic-ftp'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { PETFINDER_HEADER, biscuit, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { startFtpDrop } from '#ftp/server.ts'
import { settleWith } from '#ftp/test-clients.ts'
import { testCertificate } from '#tests/setup/test-certificate.ts'

const CAP = 256 * 1024
const PASSWORD = 'ftp-password-for-tests-1'
let h: Harness
let service: SupabaseClient<Database>
let owner: SupabaseClient<Database>
let sourceId: string
let username: string
let workDir: string
let drop: Awaited<ReturnType<typeof startFtpDrop>>
let settled: () => Promise<void>
const clients: Client[] = []

const picture = (r: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g: 100, b: 50 } } })
    .toFormat(format)
    .toBuffer()

async function connect(user = username, password = PASSWORD, secure = false): Promise<Client> {
  const client = new Client(10_000)
  clients.push(client)
  await client.access({ host: '127.0.0.1', port: drop.port, user, password, secure, secureOptions: { rejectUnauthorized: false } })
  return client
}

/** Closes clients and waits until the server has seen them go (the cap counts sessions). */
async function closeAll(...some: Client[]) {
  for (const client of some) client.close()
  for (let tries = 0; drop.openSessions() > 0 && tries < 250; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
}

const upload = (client: Client, bytes: Buffer | string, to: string) => client.uploadFrom(Readable.from([Buffer.from(bytes)]), to)

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  await h.lb.db.query('delete from public.job_schedules')
  const created = await h.signedIn(uniqueEmail('ftp'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'FTP Rescue' })
  owner = created.client as SupabaseClient<Database>
  const { data, error } = await owner.rpc('create_ftp_source', {
    name: 'ASM3 to Petfinder',
    format: 'petfinder',
    password_hash: bcrypt.hashSync(PASSWORD, 4),
  })
  if (error) throw error
  sourceId = data[0]!.source_id
  username = data[0]!.username
  workDir = mkdtempSync(path.join(os.tmpdir(), 'pawhaven-ftp-'))
  const base = 41000 + Math.floor(Math.random() * 2000)
  drop = await startFtpDrop({
    supabase: service,
    workDir,
    port: 0,
    passivePorts: { min: base, max: base + 50 },
    tls: testCertificate(),
    maxFileBytes: CAP,
    log: () => undefined,
  })
  settled = settleWith(service, drop.idle)
})
afterAll(async () => {
  for (const client of clients) client.close()
  await drop?.close()
  await h?.stop()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

async function photosOf(externalId: string) {
  const { data } = await service
    .from('animals')
    .select('id, animal_photos (position, storage_path, source_url)')
    .eq('source_id', sourceId)
    .eq('external_id', externalId)
    .single()
  return data!.animal_photos.sort((a, b) => a.position - b.position)
}

describe('the FTP drop', () => {
  it('imports a Petfinder csv dropped as ASM3 sends it, and places the photo files beside it', async () => {
    expect(username).toMatch(/^pawhaven-[0-9a-f]{8}$/)
    const client = await connect()
    // ASM3: photos first, into /import/photos, then the listings file named after the shelter (no .csv).
    await client.ensureDir('/import/photos')
    await upload(client, await picture(200), 'D2024001-1.jpg')
    await upload(client, await picture(20, 'png'), 'D2024001-2.png')
    await client.cd('/import')
    const csv = [
      PETFINDER_HEADER,
      petfinderRow(biscuit),
      petfinderRow({ ...biscuit, ID: 'D2024002', Internal: 'D2024002', AnimalName: 'Mochi' }),
    ].join('\r\n')
    await upload(client, csv, 'TX123')
    // A photo after the csv lands too.
    await upload(client, await picture(90), 'photos/D2024002-1.jpeg')
    expect((await client.list('/import/photos')).map((file) => file.name).sort()).toEqual([
      'D2024001-1.jpg',
      'D2024001-2.png',
      'D2024002-1.jpeg',
    ])
    await settled()

    const { data: animals } = await service
      .from('animals')
      .select('external_id, name, status')
      .eq('source_id', sourceId)
      .order('external_id')
    expect(animals).toEqual([
      { external_id: 'D2024001', name: 'Biscuit', status: 'available' },
      { external_id: 'D2024002', name: 'Mochi', status: 'available' },
    ])
    const { data: runs } = await owner.from('import_runs').select('trigger, file_name, status, added').eq('source_id', sourceId)
    expect(runs).toEqual([{ trigger: 'ftp', file_name: 'TX123', status: 'succeeded', added: 2 }])

    const photos = await photosOf('D2024001')
    expect(photos.map((photo) => [photo.position, photo.source_url])).toEqual([
      [0, 'ftp:D2024001-1'],
      [1, 'ftp:D2024001-2'],
    ])
    for (const photo of photos) {
      expect(photo.storage_path).toMatch(/\/sync-[0-9a-f]{32}\.webp$/)
      const stored = await service.storage.from('animal-photos').download(photo.storage_path!)
      expect(stored.error).toBeNull()
    }
    expect((await photosOf('D2024002')).map((photo) => photo.source_url)).toEqual(['ftp:D2024002-1'])
    await closeAll(client)
  })

  it('keeps the photos through the next file, and a new file for a place replaces the old copy', async () => {
    const before = await photosOf('D2024001')
    const client = await connect()
    const csv = [
      PETFINDER_HEADER,
      petfinderRow({ ...biscuit, Desc: 'Biscuit still loves fetch.' }),
      petfinderRow({ ...biscuit, ID: 'D2024002', Internal: 'D2024002', AnimalName: 'Mochi' }),
    ].join('\n')
    await upload(client, csv, 'TX123.csv')
    await settled()
    expect(await photosOf('D2024001')).toEqual(before)

    await upload(client, await picture(250), 'D2024001-1.jpg')
    await settled()
    const after = await photosOf('D2024001')
    expect(after[0]!.source_url).toBe('ftp:D2024001-1')
    expect(after[0]!.storage_path).not.toBe(before[0]!.storage_path)
    expect((await service.storage.from('animal-photos').download(before[0]!.storage_path!)).error).not.toBeNull()
    await closeAll(client)
  })

  it('imports a file uploaded under a temporary name when it is renamed into place', async () => {
    const client = await connect()
    await client.ensureDir('/import')
    const csv = [
      PETFINDER_HEADER,
      petfinderRow({ ...biscuit, Desc: 'Biscuit still loves fetch.' }),
      petfinderRow({ ...biscuit, ID: 'D2024002', Internal: 'D2024002', AnimalName: 'Mochi' }),
    ].join('\n')
    await upload(client, csv, 'TX123.csv.part')
    await settled()
    await client.rename('TX123.csv.part', 'TX123.csv')
    await settled()
    const { data: runs } = await owner
      .from('import_runs')
      .select('file_name, status, added, updated, removed')
      .eq('source_id', sourceId)
      .order('started_at', { ascending: false })
    expect(runs!.map((run) => run.file_name)).not.toContain('TX123.csv.part')
    expect(runs![0]).toEqual({ file_name: 'TX123.csv', status: 'succeeded', added: 0, updated: 0, removed: 0 })
    await closeAll(client)
  })

  it('refuses a wrong password and an unknown user', async () => {
    await expect(connect(username, 'not-the-password')).rejects.toThrow(/530/)
    await expect(connect('pawhaven-00000000', PASSWORD)).rejects.toThrow(/530/)
  })

  it('refuses a file over the cap, and imports nothing from it', async () => {
    const client = await connect()
    const big = [PETFINDER_HEADER, ...Array.from({ length: 2000 }, (_, n) => petfinderRow({ ...biscuit, ID: `BIG${n}` }))].join('\n')
    expect(big.length).toBeGreaterThan(CAP)
    await expect(upload(client, big, 'TX123.csv')).rejects.toThrow(/550|too large|ECONNRESET/i)
    await settled()
    const { count } = await service.from('animals').select('id', { count: 'exact', head: true }).eq('source_id', sourceId)
    expect(count).toBe(2)
    await closeAll(client)
  })

  it('gives each session a folder of its own, and speaks explicit TLS', async () => {
    const first = await connect()
    await first.ensureDir('/photos')
    await upload(first, await picture(10), 'ZZZ-1.jpg')
    const second = await connect(username, PASSWORD, true)
    // Only the folders every session starts with.
    const names = async (folder: string) => (await second.list(folder)).map((file) => file.name)
    expect(await names('/')).toEqual(['import'])
    expect(await names('/import')).toEqual(['photos'])
    await expect(second.list('/photos')).rejects.toThrow()
    // ASM3 lists and deletes old images, and renames.
    await upload(second, 'x', 'old-1.jpg')
    await second.rename('old-1.jpg', 'older-1.jpg')
    await second.remove('older-1.jpg')
    expect(await names('/')).toEqual(['import'])
    await closeAll(first, second)
  })

  it('caps the sessions one account holds at once', async () => {
    const open = await Promise.all([connect(), connect(), connect(), connect()])
    await expect(connect()).rejects.toThrow(/530 Too many sessions/)
    await closeAll(...open)
  })
})

// ASM3's Adopt-a-Pet files (from the samples folder beside the checkout, when it is there).
const samples = [
  process.env.SYNC_SAMPLES_DIR ?? '',
  path.resolve(import.meta.dirname, '../../shared/data/sync-samples'),
  path.resolve(import.meta.dirname, '../../../shared/data/sync-samples'),
].find((folder) => existsSync(path.join(folder, 'adoptapet-pets-asm3-synthetic.csv')))

describe.skipIf(!samples)('the FTP drop for Adopt-a-Pet', () => {
  it('reads pets.csv with the import.cfg sent before it, and with the kept one when it is left out', async () => {
    const created = await owner.rpc('create_ftp_source', {
      name: 'ASM3 to Adopt-a-Pet',
      format: 'adoptapet',
      password_hash: bcrypt.hashSync('aap-password', 4),
    })
    if (created.error) throw created.error
    const aap = created.data[0]!
    const client = await connect(aap.username, 'aap-password')
    await upload(client, readFileSync(path.join(samples!, 'adoptapet-import-asm3-generated.cfg')), 'import.cfg')
    await upload(client, readFileSync(path.join(samples!, 'adoptapet-pets-asm3-synthetic.csv')), 'pets.csv')
    await client.ensureDir('photos')
    await upload(client, await picture(120), 'D2024001-1.jpg')
    await settled()
    const { data: runs } = await owner
      .from('import_runs')
      .select('trigger, file_name, status, added, failed')
      .eq('source_id', aap.source_id)
    expect(runs).toMatchObject([{ trigger: 'ftp', file_name: 'pets.csv', status: 'succeeded' }])
    expect(runs![0]!.added).toBeGreaterThan(1)
    const { data: biscuit } = await service
      .from('animals')
      .select('name, animal_photos (source_url)')
      .eq('source_id', aap.source_id)
      .eq('external_id', 'D2024001')
      .single()
    expect(biscuit).toEqual({ name: 'Biscuit', animal_photos: [{ source_url: 'ftp:D2024001-1' }] })

    await client.cd('/')
    await upload(client, readFileSync(path.join(samples!, 'adoptapet-pets-asm3-synthetic.csv')), 'pets.csv')
    await settled()
    const { data: again } = await owner
      .from('import_runs')
      .select('status, added, updated, removed')
      .eq('source_id', aap.source_id)
      .order('started_at', { ascending: false })
      .limit(1)
    expect(again).toEqual([{ status: 'succeeded', added: 0, updated: 0, removed: 0 }])
    await closeAll(client)
  })
})

describe('FTP accounts', () => {
  it('shows owners and admins the user name, never the hash; the login check is the service role’s', async () => {
    const { data: mine } = await owner.from('ftp_accounts').select('source_id, username').eq('source_id', sourceId)
    expect(mine).toEqual([{ source_id: sourceId, username }])
    expect((await owner.from('ftp_accounts').select('password_hash')).error).not.toBeNull()
    const stranger = await h.signedIn(uniqueEmail('other'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Other Rescue' })
    expect((await stranger.client.from('ftp_accounts').select('username')).data).toEqual([])
    expect((await h.anon().from('ftp_accounts').select('username')).error).not.toBeNull()
    expect((await owner.rpc('ftp_login', { username })).error?.code).toBe('42501')
    expect((await service.rpc('ftp_login', { username })).data?.[0]?.source_id).toBe(sourceId)
    expect(
      (await stranger.client.rpc('reset_ftp_password', { source_id: sourceId, password_hash: bcrypt.hashSync('x', 4) })).error?.code,
    ).toBe('42501')
    expect((await owner.rpc('reset_ftp_password', { source_id: sourceId, password_hash: 'plain text' })).error?.code).toBe('22023')
  })

  it('a reset password works and the old one stops', async () => {
    const { error } = await owner.rpc('reset_ftp_password', { source_id: sourceId, password_hash: bcrypt.hashSync('new-password-2', 4) })
    expect(error).toBeNull()
    await expect(connect(username, PASSWORD)).rejects.toThrow(/530/)
    await closeAll(await connect(username, 'new-password-2'))
  })
})
