// The fetch_synced_photos job against a real database and Storage, and a picture server on
// this machine (https with a certificate made for the run, and plain http): each listed URL
// becomes a stored copy in its place; what cannot be had is skipped and keeps its row; running
// again fetches nothing; a changed list fetches only what is new and removes the dropped copy;
// placeholders are never fetched; and by default nothing on a private address is fetched.
import { createHash } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createMailer } from '#worker/mailer.ts'
import { createWorker } from '#worker/runner.ts'
import { FetchRefused, fetchPicture, type FetchPolicy } from '#worker/safe-fetch.ts'
import { fetchSyncedPhotos, fetchSyncedPhotosTask } from '#worker/tasks/fetch-synced-photos.ts'
import { createTasks } from '#worker/tasks/index.ts'
import { testCertificate } from '#tests/setup/test-certificate.ts'

let h: Harness
let service: SupabaseClient<Database>
let owner: SupabaseClient
let shelterId: string
let sourceId: string
let servers: Array<http.Server | https.Server> = []
let secure: string
let plain: string
let policy: FetchPolicy
const requests = new Map<string, number>()
const log: string[] = []
const context = () => ({ supabase: service, log: (line: string) => log.push(line) })

const picture = (width: number, height: number, format: 'jpeg' | 'png' | 'webp', r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer()

async function pictureServer(cert: { key: string; cert: string } | null) {
  const pictures: Record<string, [string, Buffer]> = {
    '/red.jpg': ['image/jpeg', await picture(2000, 1000, 'jpeg')],
    '/green.png': ['image/png', await picture(300, 200, 'png', 20)],
    '/blue.webp': ['image/webp', await picture(120, 90, 'webp', 90)],
    '/yellow.jpg': ['image/jpeg', await picture(640, 480, 'jpeg', 250)],
    '/octet': ['application/octet-stream', await picture(50, 40, 'png', 10)],
    '/fake.jpg': ['image/jpeg', Buffer.from('this is not a picture at all')],
    '/notes.txt': ['text/plain', Buffer.from('hello')],
  }
  const handler: http.RequestListener = (request, response) => {
    const pathname = new URL(request.url!, 'http://x').pathname
    requests.set(pathname, (requests.get(pathname) ?? 0) + 1)
    const found = pictures[pathname]
    if (found) {
      response.writeHead(200, { 'Content-Type': found[0], 'Content-Length': found[1].length })
      response.end(found[1])
    } else if (pathname === '/huge.jpg') {
      // 11 MB with no Content-Length: only counting what arrives can stop it.
      response.writeHead(200, { 'Content-Type': 'image/jpeg' })
      const chunk = Buffer.alloc(64 * 1024)
      let sent = 0
      const write = () => {
        while (sent < 11 * 1024 * 1024 && !response.destroyed) {
          sent += chunk.length
          if (!response.write(chunk)) {
            response.once('drain', write)
            return
          }
        }
        response.end()
      }
      write()
    } else if (pathname === '/to-green.png') {
      response.writeHead(302, { Location: '/green.png' }).end()
    } else if (pathname === '/to-metadata.jpg') {
      response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end()
    } else if (pathname === '/to-loopback.jpg') {
      response.writeHead(301, { Location: `http://[::1]:${(request.socket.address() as AddressInfo).port}/green.png` }).end()
    } else if (pathname === '/loop') {
      response.writeHead(307, { Location: '/loop' }).end()
    } else if (pathname === '/slow.jpg') {
      // Never answers.
    } else {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>')
    }
  }
  const server = cert ? https.createServer(cert, handler) : http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `${cert ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  await h.lb.db.query('delete from public.job_schedules')
  const created = await h.signedIn(uniqueEmail('sync-photos'), 'correct-horse-1', {
    user_type: 'shelter',
    shelter_name: 'Photo Sync Rescue',
  })
  owner = created.client
  const { data: profile } = await service.from('shelter_profiles').select('id').eq('user_id', created.userId).single()
  shelterId = profile!.id
  const { data: source, error } = await owner.rpc('create_sync_source', { kind: 'upload', name: 'Petfinder file', format: 'petfinder' })
  if (error) throw error
  sourceId = source.id
  const certificate = testCertificate()
  secure = await pictureServer(certificate)
  plain = await pictureServer(null)
  // What SYNC_FETCH_ALLOW_PRIVATE=true gives, plus trust in the test certificate.
  policy = { allowPrivateAddresses: true, ca: certificate.cert }
})
afterAll(async () => {
  for (const server of servers) (server as http.Server).closeAllConnections?.()
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  servers = []
  await h?.stop()
})

/** Sends the source's snapshot (one row per animal: its external id and photo URLs). */
async function sync(animals: Record<string, string[]>) {
  const rows = Object.entries(animals).map(([externalId, photos]) => ({
    external_id: externalId,
    name: `Pet ${externalId}`,
    type: 'dog',
    age_group: 'adult',
    size: 'medium',
    photos,
  }))
  const { error } = await owner.rpc('import_snapshot', { source_id: sourceId, animals: rows })
  if (error) throw error
}

async function animalId(externalId: string): Promise<string> {
  const { data } = await service.from('animals').select('id').eq('source_id', sourceId).eq('external_id', externalId).single()
  return data!.id
}

async function photos(id: string) {
  const { data } = await service
    .from('animal_photos')
    .select('position, storage_path, external_url, source_url, width, height')
    .eq('animal_id', id)
    .order('position')
  return data!
}

async function storedNames(id: string) {
  const { data } = await service.storage.from('animal-photos').list(`${shelterId}/${id}`)
  return data!.map((entry) => entry.name).sort()
}

const copyOf = (id: string, url: string) => `${shelterId}/${id}/sync-${createHash('sha256').update(url).digest('hex').slice(0, 32)}.webp`
const totalRequests = () => [...requests.values()].reduce((sum, count) => sum + count, 0)

/** Runs the jobs import_snapshot enqueued, as the worker does. */
async function runJobs(fetchPolicy = policy) {
  const worker = createWorker({
    supabase: service,
    tasks: { fetch_synced_photos: fetchSyncedPhotosTask({ fetchPolicy }) },
    log: (line) => log.push(line),
  })
  return worker.drain()
}

describe('fetch_synced_photos', () => {
  it('stores each listed picture in its URL’s place, skips what cannot be had, and fetches nothing when run again', async () => {
    const list = [
      `${secure}/red.jpg`,
      `${secure}/missing.jpg`,
      `${plain}/green.png`,
      `${secure}/shelterluv/default_images/default_dog.png`,
      `${secure}/notes.txt`,
      `${secure}/to-green.png`,
      `${secure}/blue.webp`,
    ]
    await sync({ P1: list })
    const id = await animalId('P1')
    // The https URLs show at once; the http one waits for its copy.
    expect((await photos(id)).map((photo) => [photo.position, photo.external_url])).toEqual([
      [0, list[0]],
      [1, list[1]],
      [3, list[3]],
      [4, list[4]],
      [5, list[5]],
    ])

    expect(await runJobs()).toBe(1)
    expect(await photos(id)).toEqual([
      { position: 0, storage_path: copyOf(id, list[0]!), external_url: null, source_url: list[0], width: 1600, height: 800 },
      { position: 1, storage_path: null, external_url: list[1], source_url: list[1], width: null, height: null },
      { position: 2, storage_path: copyOf(id, list[2]!), external_url: null, source_url: list[2], width: 300, height: 200 },
      { position: 4, storage_path: null, external_url: list[4], source_url: list[4], width: null, height: null },
      { position: 5, storage_path: copyOf(id, list[5]!), external_url: null, source_url: list[5], width: 300, height: 200 },
    ])
    const { data: stored } = await service.storage.from('animal-photos').download(copyOf(id, list[0]!))
    expect(await sharp(Buffer.from(await stored!.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 })
    expect(await storedNames(id)).toHaveLength(3)
    // The placeholder and the seventh URL were never asked for; the job completed (and is gone).
    expect(requests.get('/shelterluv/default_images/default_dog.png')).toBeUndefined()
    expect(requests.get('/blue.webp')).toBeUndefined()
    expect((await service.from('jobs').select('id').eq('dedupe_key', `fetch_synced_photos:${id}`)).data).toEqual([])
    expect(log).toEqual(
      expect.arrayContaining([
        `photo 2 of animal ${id} (${list[1]}) skipped: HTTP 404`,
        `photo 4 of animal ${id} (${list[3]}) skipped: a placeholder or a video, not a photo`,
        `photo 5 of animal ${id} (${list[4]}) skipped: not a picture (text/plain)`,
      ]),
    )

    const before = totalRequests()
    await fetchSyncedPhotos({ animal_id: id }, context(), { fetchPolicy: policy })
    await sync({ P1: list })
    expect(await runJobs()).toBe(0)
    // Only the URLs that failed are asked for again, and only because the job was run by hand.
    expect(totalRequests() - before).toBe(2)
    expect((await photos(id)).filter((photo) => photo.storage_path)).toHaveLength(3)
  })

  it('fetches only a new URL when the list changes, and removes the copy the list dropped (never an upload)', async () => {
    const id = await animalId('P1')
    const kept = [`${plain}/green.png`, `${secure}/to-green.png`]
    // A person's upload in the same folder: not the task's to remove.
    const upload = await service.storage
      .from('animal-photos')
      .upload(`${shelterId}/${id}/hand.webp`, await picture(10, 10, 'webp'), { contentType: 'image/webp' })
    expect(upload.error).toBeNull()
    const before = new Map(requests)

    await sync({ P1: [`${secure}/yellow.jpg`, ...kept] })
    expect(await runJobs()).toBe(1)

    const asked = [...requests].filter(([pathname, count]) => count !== (before.get(pathname) ?? 0)).map(([pathname]) => pathname)
    expect(asked).toEqual(['/yellow.jpg'])
    expect((await photos(id)).map((photo) => [photo.position, photo.storage_path, photo.width])).toEqual([
      [0, copyOf(id, `${secure}/yellow.jpg`), 640],
      [1, copyOf(id, kept[0]!), 300],
      [2, copyOf(id, kept[1]!), 300],
    ])
    expect(await storedNames(id)).toEqual(
      ['hand.webp', ...[`${secure}/yellow.jpg`, ...kept].map((url) => copyOf(id, url).split('/').at(-1)!)].sort(),
    )

    // An empty list: the copies go, the upload stays.
    await sync({ P1: [] })
    expect(await runJobs()).toBe(1)
    expect(await photos(id)).toEqual([])
    expect(await storedNames(id)).toEqual(['hand.webp'])
  })

  it('skips a body over 10 MB, a picture that is not one, and a type sharp does not take; sniffs an untyped one', async () => {
    const list = [`${secure}/huge.jpg`, `${secure}/fake.jpg`, `${plain}/octet`]
    await sync({ P2: list })
    const id = await animalId('P2')
    expect(await runJobs()).toBe(1)
    expect((await photos(id)).map((photo) => [photo.position, photo.external_url ?? photo.storage_path])).toEqual([
      [0, list[0]],
      [1, list[1]],
      [2, copyOf(id, list[2]!)],
    ])
    expect(log).toEqual(
      expect.arrayContaining([
        `photo 1 of animal ${id} (${list[0]}) skipped: larger than 10 MB`,
        `photo 2 of animal ${id} (${list[1]}) skipped: The picture could not be read as an image.`,
      ]),
    )
  })

  it('places a copy only while its URL is listed, only under the task’s own names, and only for the service role', async () => {
    const id = await animalId('P2')
    const args = {
      animal_id: id,
      source_url: `${secure}/elsewhere.jpg`,
      storage_path: copyOf(id, `${secure}/elsewhere.jpg`),
      width: 10,
      height: 10,
    }
    expect(await service.rpc('store_synced_photo', args)).toMatchObject({ data: false, error: null })
    expect(
      (await service.rpc('store_synced_photo', { ...args, source_url: `${secure}/huge.jpg`, storage_path: `${shelterId}/${id}/hand.webp` }))
        .error?.code,
    ).toBe('22023')
    expect((await owner.rpc('store_synced_photo', args)).error?.code).toBe('42501')
    expect((await h.anon().rpc('store_synced_photo', args)).error?.code).toBe('42501')
  })
})

describe('fetching a picture', () => {
  const refused = async (url: string, fetchPolicy?: FetchPolicy) => {
    const error = await fetchPicture(url, fetchPolicy).then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(error, url).toBeInstanceOf(FetchRefused)
    return (error as FetchRefused).message
  }

  it('by default never reaches a private address: literal, by name, or by redirect', async () => {
    const port = new URL(plain).port
    const before = totalRequests()
    expect(await refused(`http://127.0.0.1:${port}/green.png`)).toMatch(
      /^refused: 127\.0\.0\.1.* is a private or local network address, which Pawhaven does not fetch from$/,
    )
    expect(await refused(`http://localhost:${port}/green.png`)).toMatch(
      /^refused: (127\.0\.0\.1|::1).* is a private or local network address, which Pawhaven does not fetch from$/,
    )
    expect(await refused(`http://[::1]:${port}/green.png`)).toMatch(/^refused: ::1/)
    expect(await refused(`${secure}/red.jpg`)).toMatch(/^refused: 127\.0\.0\.1/)
    expect(await refused('http://169.254.169.254/latest/meta-data/')).toMatch(/^refused: 169\.254\.169\.254/)
    expect(await refused('http://10.0.0.8/cat.jpg')).toMatch(/^refused: 10\.0\.0\.8/)
    expect(await refused('http://0.0.0.0/cat.jpg')).toMatch(/^refused: 0\.0\.0\.0/)
    expect(totalRequests()).toBe(before)
    expect(await refused('file:///etc/passwd')).toBe('file: is not http or https')
    expect(await refused('ftp://127.0.0.1/cat.jpg')).toBe('ftp: is not http or https')

    // Our own server let through by address: its redirects to private addresses are not.
    const ours = { allowAddresses: ['127.0.0.1'] }
    expect(await refused(`${plain}/to-metadata.jpg`, ours)).toMatch(/^refused: 169\.254\.169\.254/)
    expect(await refused(`${plain}/to-loopback.jpg`, ours)).toMatch(/^refused: ::1/)
    expect((await fetchPicture(`${plain}/to-green.png`, ours)).url).toBe(`${plain}/green.png`)
    const loops = requests.get('/loop') ?? 0
    expect(await refused(`${plain}/loop`, ours)).toBe('more than 3 redirects')
    expect(requests.get('/loop')! - loops).toBe(4)
    expect(await refused(`${plain}/slow.jpg`, { ...ours, timeoutMs: 300 })).toBe('no answer within 0.3 s')
  })

  it('the worker’s task, as createTasks makes it without the setting, refuses this machine’s server', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Pawhaven <hello@pawhaven.example>' })
    try {
      const task = createTasks({ mailer, siteUrl: 'https://pawhaven.example' }).fetch_synced_photos!
      await sync({ P3: [`${plain}/yellow.jpg`, `${secure}/yellow.jpg`] })
      const id = await animalId('P3')
      await service.from('jobs').delete().eq('dedupe_key', `fetch_synced_photos:${id}`)
      const before = requests.get('/yellow.jpg')
      await task({ animal_id: id }, { ...context(), job: {} as never })
      expect(requests.get('/yellow.jpg')).toBe(before)
      expect((await photos(id)).map((photo) => [photo.position, photo.external_url])).toEqual([[1, `${secure}/yellow.jpg`]])
      expect(log.filter((line) => line.startsWith(`photo 1 of animal ${id}`))).toEqual([
        expect.stringMatching(
          new RegExp(`^photo 1 of animal ${id} \\(http://127\\.0\\.0\\.1:\\d+/yellow\\.jpg\\) skipped: refused: 127\\.0\\.0\\.1`),
        ),
      ])
    } finally {
      mailer.close()
    }
  })
})
