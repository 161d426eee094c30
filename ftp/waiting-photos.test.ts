// FTP photos that arrive before their listing wait in Storage (the private ftp-photos bucket and
// public.ftp_waiting_photos), not on the FTP host's disk: Python's ftplib (ASM3's publisher)
// drops photos on one FTP host, the listings file lands on another, and that one places them;
// a listing that arrives another way has the worker place them; a week later, or when no row
// names them, the daily job removes them.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PETFINDER_HEADER, biscuit, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { importFile } from '#app/sync/pipeline.server.ts'
import type { Job } from '#worker/runner.ts'
import { attachFtpPhotos, expireFtpPhotos } from '#worker/tasks/ftp-photos.ts'
import { startFtpDrop } from '#ftp/server.ts'
import { FTP_PASSWORD, runFtplib, settleWith, startTestDrop, type TestDrop } from '#ftp/test-clients.ts'

let t: TestDrop
let secondHost: Awaited<ReturnType<typeof startFtpDrop>>
let secondDir: string
let files: string
const lines: string[] = []

beforeAll(async () => {
  t = await startTestDrop({ log: (line) => lines.push(line) })
  secondDir = mkdtempSync(path.join(os.tmpdir(), 'pawhaven-ftp-second-'))
  const base = 47000 + Math.floor(Math.random() * 2000)
  secondHost = await startFtpDrop({
    supabase: t.service,
    workDir: secondDir,
    port: 0,
    passivePorts: { min: base, max: base + 50 },
    log: (line) => lines.push(line),
  })
  files = mkdtempSync(path.join(os.tmpdir(), 'pawhaven-ftp-files-'))
  const picture = (r: number) => sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 40 } } })
  writeFileSync(path.join(files, 'cover.jpg'), await picture(200).jpeg().toBuffer())
  writeFileSync(path.join(files, 'second.png'), await picture(40).png().toBuffer())
  writeFileSync(path.join(files, 'newer.jpg'), await picture(120).jpeg().toBuffer())
  writeFileSync(path.join(files, 'not-a-photo.jpg'), '<html><script>alert(1)</script></html>')
})
afterAll(async () => {
  await secondHost?.close()
  await t?.stop()
  for (const dir of [secondDir, files]) if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Sends files with ftplib to a host: [local file, remote path]. */
function send(port: number, uploads: Array<[string, string]>) {
  return runFtplib(
    [
      'ftp = ftplib.FTP(timeout=10)',
      'ftp.connect(HOST, PORT)',
      'ftp.login(USER, PASSWORD)',
      "out['stored'] = []",
      `for local, remote in ${JSON.stringify(uploads)}:`,
      "    with open(os.path.join(os.environ['FTP_FILES'], local), 'rb') as f:",
      "        out['stored'].append(ftp.storbinary('STOR ' + remote, f))",
      'ftp.quit()',
    ].join('\n'),
    { HOST: '127.0.0.1', PORT: port, USER: t.username, PASSWORD: FTP_PASSWORD, FILES: files },
  )
}

const csv = (...ids: string[]) =>
  [PETFINDER_HEADER, ...ids.map((id) => petfinderRow({ ...biscuit, ID: id, Internal: id, AnimalName: `Pet ${id}` }))].join('\r\n')

async function waiting() {
  const { rows } = await t.h.lb.db.query<{ external_id: string; place: number; storage_path: string; file_name: string }>(
    'select external_id, place, storage_path, file_name from public.ftp_waiting_photos order by external_id, place',
  )
  return rows
}
async function waitingObjects() {
  const { rows } = await t.h.lb.db.query<{ name: string }>(`select name from storage.objects where bucket_id = 'ftp-photos' order by name`)
  return rows.map((row) => row.name)
}
async function photosOf(externalId: string) {
  const { data } = await t.service
    .from('animals')
    .select('animal_photos (position, storage_path, source_url, width, height)')
    .eq('source_id', t.sourceId)
    .eq('external_id', externalId)
    .single()
  return (data?.animal_photos ?? []).sort((a, b) => a.position - b.position)
}
async function runTask(task: typeof attachFtpPhotos, payload: { [key: string]: string }) {
  await task(payload, { supabase: t.service, job: { id: 0 } as Job, log: (line) => lines.push(line) })
}

describe('FTP photos waiting for their listing', () => {
  it('wait in Storage, re-encoded, and a listings file on another FTP host places them', async () => {
    const out = await send(t.drop.port, [
      ['cover.jpg', '/import/photos/W100-1.jpg'],
      ['second.png', '/import/photos/W100-2.png'],
      ['not-a-photo.jpg', '/import/photos/W100-3.jpg'],
    ])
    expect(out.stored).toEqual([expect.stringMatching(/^226 /), expect.stringMatching(/^226 /), expect.stringMatching(/^226 /)])
    await t.settled()

    const held = await waiting()
    expect(held.map((row) => [row.external_id, row.place, row.file_name])).toEqual([
      ['W100', 1, 'W100-1.jpg'],
      ['W100', 2, 'W100-2.png'],
    ])
    expect(await waitingObjects()).toEqual(held.map((row) => row.storage_path).sort())
    // Re-encoded as every stored photo is: a WebP of at most 1600 px, whatever came in.
    const copy = await t.service.storage.from('ftp-photos').download(held[0]!.storage_path)
    expect((await sharp(Buffer.from(await copy.data!.arrayBuffer())).metadata()).format).toBe('webp')
    expect(lines.some((line) => /W100-3\.jpg skipped: The picture could not be read as an image/.test(line))).toBe(true)
    // Nothing waits on the FTP host's disk.
    expect(existsSync(path.join(t.workDir, 'pending'))).toBe(false)
    // Only the service role reaches the bucket and the table.
    expect((await t.owner.storage.from('ftp-photos').download(held[0]!.storage_path)).error).not.toBeNull()
    expect((await t.owner.from('ftp_waiting_photos' as 'animals').select('*')).data ?? []).toEqual([])

    // The listings file lands on the other host, which has never seen the photos.
    writeFileSync(path.join(files, 'TX123'), csv('W100'))
    await send(secondHost.port, [['TX123', '/import/TX123']])
    await settleWith(t.service, secondHost.idle)()
    const photos = await photosOf('W100')
    expect(photos.map((photo) => [photo.position, photo.source_url, photo.width, photo.height])).toEqual([
      [0, 'ftp:W100-1', 800, 600],
      [1, 'ftp:W100-2', 800, 600],
    ])
    for (const photo of photos) {
      const stored = await t.service.storage.from('animal-photos').download(photo.storage_path!)
      expect((await sharp(Buffer.from(await stored.data!.arrayBuffer())).metadata()).format).toBe('webp')
    }
    expect(await waiting()).toEqual([])
    expect(await waitingObjects()).toEqual([])
    expect(readdirSync(secondDir).includes('pending')).toBe(false)
  })

  it('keeps the newest file for a place, and the worker places them when the listing comes another way', async () => {
    await send(t.drop.port, [['cover.jpg', 'W200-1.jpg']])
    await t.settled()
    const [first] = await waiting()
    await send(t.drop.port, [['newer.jpg', 'W200-1.jpg']])
    await t.settled()
    const [newer] = await waiting()
    expect(newer!.storage_path).not.toBe(first!.storage_path)
    expect(await waitingObjects()).toEqual([newer!.storage_path])

    // The Sync tab's upload brings the animal: its insert enqueues the attach job.
    await t.h.lb.db.query(`delete from public.jobs where kind = 'attach_ftp_photos'`)
    const run = await importFile(
      t.service,
      { id: t.sourceId, format: 'petfinder' },
      { name: 'upload.csv', bytes: new TextEncoder().encode(csv('W100', 'W200')) },
      { trigger: 'upload' },
    )
    expect(run.status).toBe('succeeded')
    const { rows: jobs } = await t.h.lb.db.query<{ payload: unknown }>(`select payload from public.jobs where kind = 'attach_ftp_photos'`)
    expect(jobs).toEqual([{ payload: { source_id: t.sourceId } }])
    expect(await photosOf('W200')).toEqual([])
    await runTask(attachFtpPhotos, { source_id: t.sourceId })
    expect((await photosOf('W200')).map((photo) => photo.source_url)).toEqual(['ftp:W200-1'])
    expect(await waiting()).toEqual([])
    expect(await waitingObjects()).toEqual([])
    // Run again (a second worker, a retry): nothing more happens.
    await runTask(attachFtpPhotos, { source_id: t.sourceId })
    expect((await photosOf('W200')).map((photo) => photo.source_url)).toEqual(['ftp:W200-1'])
  })

  it('forgets photos that waited a week, and objects no waiting photo names, in the daily job', async () => {
    await send(t.drop.port, [
      ['cover.jpg', 'W300-1.jpg'],
      ['second.png', 'W301-1.png'],
    ])
    await t.settled()
    const [old, recent] = await waiting()
    await t.h.lb.db.query(`update public.ftp_waiting_photos set received_at = now() - interval '8 days' where external_id = 'W300'`)
    // An object whose row never came (a host that stopped in between), over a day old.
    const orphan = `${t.sourceId}/${'0'.repeat(32)}.webp`
    expect((await t.service.storage.from('ftp-photos').upload(orphan, Buffer.from('x'), { contentType: 'image/webp' })).error).toBeNull()
    await t.h.lb.db.query(
      `update storage.objects set created_at = now() - interval '2 days' where bucket_id = 'ftp-photos' and name = $1`,
      [orphan],
    )

    await runTask(expireFtpPhotos, {})
    expect((await waiting()).map((row) => row.external_id)).toEqual(['W301'])
    expect(await waitingObjects()).toEqual([recent!.storage_path])
    expect(old!.storage_path).not.toBe(recent!.storage_path)
  })

  it('keeps its functions for the service role alone', async () => {
    for (const [fn, args] of [
      ['hold_ftp_photo', { source_id: t.sourceId, external_id: 'X', place: 1, storage_path: 'x', width: 1, height: 1, file_name: 'x' }],
      ['ftp_photos_ready', { source_id: t.sourceId }],
      ['release_ftp_photo', { id: t.sourceId, storage_path: 'x' }],
      ['expire_ftp_photos', {}],
    ] as const) {
      const { error } = await t.owner.rpc(fn as 'expire_ftp_photos', args as Record<string, never>)
      expect(error?.code, fn).toBe('42501')
    }
  })

  it('moves photos an older drop kept on its disk into Storage when it starts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pawhaven-ftp-older-'))
    const pending = path.join(dir, 'pending', t.sourceId)
    mkdirSync(pending, { recursive: true })
    writeFileSync(path.join(pending, 'W500-1.jpg'), readFileSync(path.join(files, 'cover.jpg')))
    const base = 45000 + Math.floor(Math.random() * 1000)
    const older = await startFtpDrop({
      supabase: t.service,
      workDir: dir,
      port: 0,
      passivePorts: { min: base, max: base + 10 },
      log: () => undefined,
    })
    try {
      for (let tries = 0; existsSync(path.join(dir, 'pending')) && tries < 200; tries++)
        await new Promise((resolve) => setTimeout(resolve, 50))
      await older.idle()
      expect(existsSync(path.join(dir, 'pending'))).toBe(false)
      expect((await waiting()).filter((row) => row.external_id === 'W500').map((row) => row.file_name)).toEqual(['W500-1.jpg'])
    } finally {
      await older.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('lets a source keep 3,000 photos waiting at most', async () => {
    await t.h.lb.db.query(
      `insert into public.ftp_waiting_photos (source_id, external_id, place, storage_path, width, height, file_name)
       select $1, 'CAP' || n, 1, $1 || '/' || lpad(to_hex(n), 32, '0') || '.webp', 10, 10, 'x.jpg'
         from generate_series(1, 3000 - (select count(*) from public.ftp_waiting_photos where source_id = $1)) n`,
      [t.sourceId],
    )
    const objectsBefore = await waitingObjects()
    await send(t.drop.port, [['cover.jpg', 'W400-1.jpg']])
    await t.settled()
    expect(lines.some((line) => /W400-1\.jpg skipped: too many photos are waiting/.test(line))).toBe(true)
    expect((await waiting()).some((row) => row.external_id === 'W400')).toBe(false)
    expect(await waitingObjects()).toEqual(objectsBefore)
    await t.h.lb.db.query(`delete from public.ftp_waiting_photos where external_id like 'CAP%'`)
  })
})
