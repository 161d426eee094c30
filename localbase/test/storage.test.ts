// Storage conformance: the real @supabase/supabase-js storage client against localbase,
// with buckets and policies from fixtures/storage (a public 'pictures' and a private
// 'documents' bucket; users write only under a folder named after their id).
import { randomUUID } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '#localbase/src/jwt.ts'
import { startLocalbase, type RunningLocalbase } from '#localbase/src/server.ts'
import { startHarness, type Harness } from '#localbase/test/harness.ts'

const migrationsDir = path.join(import.meta.dirname, 'fixtures/storage')
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }

type User = { id: string; client: SupabaseClient }

// Tokens are minted here rather than signed in through /auth/v1, so this suite tests
// Storage alone: a user is a JWT with GoTrue's claims.
async function userOf(h: Harness): Promise<User> {
  const id = randomUUID()
  const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated' }, h.lb.config.jwtSecret, 3600)
  const client = createClient(h.url, h.lb.keys.anonKey, {
    auth: noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  })
  return { id, client }
}

/** The version files stored for a key: `${dataDir}/storage/<bucket>/<key>/#<version>`. */
async function versionFiles(dataDir: string, bucket: string, key: string): Promise<string[]> {
  try {
    const names = await readdir(path.join(dataDir, 'storage', bucket, ...key.split('/')))
    return names.filter((name) => name.startsWith('#'))
  } catch {
    return []
  }
}

const text = (value: string) => Buffer.from(value, 'utf8')
/** Bytes that start as a PNG does: what localbase checks of anything stored as image/png. */
const pngBytes = (size = 12) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, size - 8))])

describe('storage', () => {
  let h: Harness
  let alice: User
  let bob: User
  let storageUrl: string
  // Set by the restart test: the harness then no longer owns the running server.
  let restarted: RunningLocalbase | undefined

  beforeAll(async () => {
    h = await startHarness({ migrationsDir, seedFiles: [] })
    storageUrl = `${h.url}/storage/v1`
    alice = await userOf(h)
    bob = await userOf(h)
  })
  afterAll(async () => {
    if (!restarted) return h.stop()
    await restarted.close()
    await rm(h.dataDir, { recursive: true, force: true })
  })

  describe('buckets', () => {
    it('lets the service role create, read, update, empty and delete a bucket', async () => {
      const service = h.service().storage
      expect(await service.createBucket('scratch', { public: false, fileSizeLimit: '2MB' })).toEqual({
        data: { name: 'scratch' },
        error: null,
      })
      const { data: bucket } = await service.getBucket('scratch')
      expect(bucket).toMatchObject({ id: 'scratch', name: 'scratch', public: false, file_size_limit: 2_000_000, allowed_mime_types: null })
      expect(typeof bucket?.created_at).toBe('string')

      const { data: buckets } = await service.listBuckets()
      expect(buckets?.map((b) => b.id)).toEqual(expect.arrayContaining(['pictures', 'documents', 'scratch']))

      expect((await service.updateBucket('scratch', { public: true, allowedMimeTypes: ['image/*'] })).error).toBeNull()
      expect((await service.getBucket('scratch')).data).toMatchObject({
        public: true,
        allowed_mime_types: ['image/*'],
        file_size_limit: 2_000_000,
      })

      await service.from('scratch').upload('a.png', pngBytes(), { contentType: 'image/png' })
      const notEmpty = await service.deleteBucket('scratch')
      expect(notEmpty.error).toMatchObject({ status: 400, statusCode: '409', code: 'ResourceNotEmpty' })
      expect(await service.emptyBucket('scratch')).toEqual({ data: { message: 'Successfully emptied' }, error: null })
      expect(await service.deleteBucket('scratch')).toEqual({ data: { message: 'Successfully deleted' }, error: null })
      expect((await service.getBucket('scratch')).error).toMatchObject({
        status: 400,
        statusCode: '404',
        code: 'NoSuchBucket',
        message: 'Bucket not found',
      })
    })

    it('refuses a duplicate bucket and invalid names', async () => {
      const service = h.service().storage
      expect((await service.createBucket('pictures')).error).toMatchObject({
        statusCode: '409',
        code: 'BucketAlreadyExists',
        message: 'The resource already exists',
      })
      expect((await service.createBucket('a/b')).error).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' })
      expect((await service.createBucket('..')).error).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' })
    })

    it('leaves buckets to the service role when no policy allows otherwise', async () => {
      for (const client of [h.anon(), alice.client]) {
        expect((await client.storage.createBucket('mine')).error).toMatchObject({
          status: 400,
          statusCode: '403',
          code: 'AccessDenied',
          message: 'new row violates row-level security policy',
        })
        expect(await client.storage.listBuckets()).toEqual({ data: [], error: null })
        expect((await client.storage.getBucket('pictures')).error).toMatchObject({ code: 'NoSuchBucket' })
      }
    })

    it('answers a bad token with AccessDenied', async () => {
      const forged = await signJwt({ role: 'service_role' }, 'not-the-secret-not-the-secret-not-the-secret')
      const client = createClient(h.url, forged, { auth: noSession })
      expect((await client.storage.listBuckets()).error).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied' })
      expect((await client.storage.from('pictures').upload('x.txt', text('x'))).error).toMatchObject({ code: 'AccessDenied' })
      // Reads of /object/<bucket>/<key> tolerate a bad token, as Supabase's do, but then see public buckets only.
      await h.service().storage.from('pictures').upload('open.txt', text('open'))
      expect(await (await client.storage.from('pictures').download('open.txt')).data!.text()).toBe('open')
      expect((await client.storage.from('documents').download('open.txt')).error).toMatchObject({ status: 400 })
    })
  })

  describe('uploads and downloads', () => {
    it('uploads raw bytes and downloads them, also through the public URL', async () => {
      const pictures = alice.client.storage.from('pictures')
      const key = `${alice.id}/hello.txt`
      const { data, error } = await pictures.upload(key, text('hello world'))
      expect(error).toBeNull()
      expect(data).toEqual({ id: expect.any(String), path: key, fullPath: `pictures/${key}` })

      const download = await pictures.download(key)
      expect(Buffer.from(await download.data!.arrayBuffer()).toString()).toBe('hello world')
      expect(download.data!.type).toBe('text/plain;charset=utf-8')

      const publicUrl = pictures.getPublicUrl(key).data.publicUrl
      const response = await fetch(publicUrl)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('hello world')
      expect(response.headers.get('cache-control')).toBe('max-age=3600')
      expect(response.headers.get('content-length')).toBe('11')
      expect(response.headers.get('etag')).toBe('"5eb63bbbe01eeed093cb22bb8f5acdc3"')
    })

    it('uploads a Blob or File as multipart and keeps its type and metadata', async () => {
      const pictures = alice.client.storage.from('pictures')
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3])
      const blobKey = `${alice.id}/blob.png`
      const uploaded = await pictures.upload(blobKey, new Blob([png], { type: 'image/png' }), {
        cacheControl: '60',
        metadata: { caption: 'a cat' },
      })
      expect(uploaded.error).toBeNull()
      const file = new File([png], 'photo.png', { type: 'image/png' })
      expect((await pictures.upload(`${alice.id}/file.png`, file)).error).toBeNull()

      const { data } = await pictures.download(blobKey)
      expect(data!.type).toBe('image/png')
      expect(Buffer.from(await data!.arrayBuffer())).toEqual(png)
      const info = await pictures.info(blobKey)
      expect(info.data).toMatchObject({
        name: blobKey,
        bucketId: 'pictures',
        size: png.length,
        contentType: 'image/png',
        cacheControl: 'max-age=60',
        metadata: { caption: 'a cat' },
      })
    })

    it('refuses a duplicate unless upserting, and keeps only the newest bytes', async () => {
      const pictures = alice.client.storage.from('pictures')
      const key = `${alice.id}/dup.txt`
      expect((await pictures.upload(key, text('one'))).error).toBeNull()
      expect((await pictures.upload(key, text('two'))).error).toMatchObject({
        status: 400,
        statusCode: '409',
        code: 'KeyAlreadyExists',
        message: 'The resource already exists',
      })
      const first = await versionFiles(h.dataDir, 'pictures', key)
      expect(first).toHaveLength(1)

      expect((await pictures.upload(key, text('three'), { upsert: true })).error).toBeNull()
      expect(await (await pictures.download(key)).data!.text()).toBe('three')
      expect((await pictures.update(key, text('four'))).error).toBeNull()
      expect(await (await pictures.download(key)).data!.text()).toBe('four')
      const latest = await versionFiles(h.dataDir, 'pictures', key)
      expect(latest).toHaveLength(1)
      expect(latest[0]).not.toBe(first[0])
    })

    it('keeps private objects to their owner', async () => {
      const key = `${alice.id}/secret.txt`
      expect((await alice.client.storage.from('documents').upload(key, text('for alice'))).error).toBeNull()
      expect(await (await alice.client.storage.from('documents').download(key)).data!.text()).toBe('for alice')
      for (const client of [h.anon(), bob.client]) {
        expect((await client.storage.from('documents').download(key)).error).toMatchObject({ status: 400 })
        expect((await client.storage.from('documents').info(key)).error).toMatchObject({
          statusCode: '404',
          code: 'NoSuchKey',
          message: 'Object not found',
        })
      }
      const response = await fetch(h.anon().storage.from('documents').getPublicUrl(key).data.publicUrl)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      })
    })

    it('decodes paths with spaces and non-ASCII characters', async () => {
      const pictures = alice.client.storage.from('pictures')
      const key = `${alice.id}/my folder/chat noir é.txt`
      expect((await pictures.upload(key, text('miaou'))).error).toBeNull()
      expect(await (await pictures.download(key)).data!.text()).toBe('miaou')
      const { data } = await pictures.list(`${alice.id}/my folder`)
      expect(data?.map((entry) => entry.name)).toEqual(['chat noir é.txt'])
    })

    it('serves HEAD, ranges and conditional requests', async () => {
      const key = `${alice.id}/range.txt`
      await alice.client.storage.from('pictures').upload(key, text('0123456789'))
      const url = h.anon().storage.from('pictures').getPublicUrl(key).data.publicUrl
      const head = await fetch(url, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe('10')
      expect(await head.text()).toBe('')
      const partial = await fetch(url, { headers: { range: 'bytes=2-4' } })
      expect(partial.status).toBe(206)
      expect(partial.headers.get('content-range')).toBe('bytes 2-4/10')
      expect(await partial.text()).toBe('234')
      const cached = await fetch(url, { headers: { 'if-none-match': head.headers.get('etag')! } })
      expect(cached.status).toBe(304)
      const download = await fetch(`${url}?download=numbers.txt`)
      expect(download.headers.get('content-disposition')).toContain('filename=numbers.txt')
    })
  })

  describe('limits and policies', () => {
    beforeAll(async () => {
      const { error } = await h.service().storage.createBucket('limited', {
        public: true,
        fileSizeLimit: 1000,
        allowedMimeTypes: ['image/png', 'text/*'],
      })
      expect(error).toBeNull()
    })

    it('enforces file_size_limit and allowed_mime_types', async () => {
      const limited = h.service().storage.from('limited')
      expect((await limited.upload('big.txt', Buffer.alloc(1001))).error).toMatchObject({
        status: 400,
        statusCode: '413',
        code: 'EntityTooLarge',
        message: 'The object exceeded the maximum allowed size',
      })
      expect((await limited.upload('doc.pdf', text('%PDF'), { contentType: 'application/pdf' })).error).toMatchObject({
        status: 400,
        statusCode: '415',
        code: 'InvalidMimeType',
        message: 'mime type application/pdf is not supported',
      })
      expect((await limited.upload('ok.txt', Buffer.alloc(1000))).error).toBeNull()
      expect((await limited.upload('ok.png', new Blob([pngBytes(10)], { type: 'image/png' }))).error).toBeNull()
      expect(await versionFiles(h.dataDir, 'limited', 'big.txt')).toEqual([])
    })

    it('trusts the declared type, as Storage does: bytes that are not the image they claim are stored', async () => {
      const limited = h.service().storage.from('limited')
      const { error } = await limited.upload('random.png', new Blob([Buffer.alloc(500, 7)], { type: 'image/png' }))
      expect(error).toBeNull()
      expect(await versionFiles(h.dataDir, 'limited', 'random.png')).toHaveLength(1)
    })

    it('reads the declared type as Storage does: parameters and case ignored, `type/*` the only wildcard', async () => {
      const upload = (bucket: string, name: string, contentType: string) =>
        fetch(`${storageUrl}/object/${bucket}/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${h.lb.keys.serviceRoleKey}`, 'content-type': contentType },
          body: 'x',
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }))
      expect((await upload('limited', 'a.png', 'Image/PNG; charset=binary')).status).toBe(200)
      expect((await upload('limited', 'b.txt', 'text/csv')).status).toBe(200)
      expect((await upload('limited', 'c.png', 'image/png;')).status).toBe(200)
      for (const refused of ['image/jpeg', 'image', 'image/png; =x', 'image/*', '*/*', 'application/x-png']) {
        const answer = await upload('limited', `refused-${refused.length}.bin`, refused)
        expect(answer, refused).toEqual({
          status: 400,
          body: {
            statusCode: '415',
            code: 'InvalidMimeType',
            error: 'invalid_mime_type',
            message: `mime type ${refused} is not supported`,
          },
        })
      }
      // '*/*' in a bucket's list is not a wildcard either; entries that are not types are refused.
      const service = h.service().storage
      expect(
        (await service.createBucket('stars', { public: false, allowedMimeTypes: ['Image/PNG', 'image/png', 'text/*'] })).error,
      ).toBeNull()
      expect((await service.getBucket('stars')).data?.allowed_mime_types).toEqual(['image/png', 'text/*'])
      expect((await service.createBucket('nonsense', { public: false, allowedMimeTypes: ['*/*'] })).error).toMatchObject({
        statusCode: '415',
        code: 'InvalidMimeType',
      })
    })

    it('lets a bucket limit of 0 refuse any bytes, and an empty folder placeholder skip the type check', async () => {
      const service = h.service().storage
      expect(
        (await service.createBucket('nothing', { public: false, fileSizeLimit: 0, allowedMimeTypes: ['image/webp'] })).error,
      ).toBeNull()
      const nothing = service.from('nothing')
      expect((await nothing.upload('one.webp', new Blob([Buffer.alloc(1)], { type: 'image/webp' }))).error).toMatchObject({
        statusCode: '413',
        code: 'EntityTooLarge',
      })
      expect((await nothing.upload('empty.webp', new Blob([], { type: 'image/webp' }))).error).toBeNull()
      expect((await nothing.upload('folder/.emptyFolderPlaceholder', new Blob([], { type: 'text/plain' }))).error).toBeNull()
    })

    it("refuses uploads into another user's folder, and anonymous uploads", async () => {
      const rls = { status: 400, statusCode: '403', code: 'AccessDenied', message: 'new row violates row-level security policy' }
      expect((await bob.client.storage.from('pictures').upload(`${alice.id}/intruder.txt`, text('x'))).error).toMatchObject(rls)
      expect((await h.anon().storage.from('pictures').upload(`${alice.id}/anon.txt`, text('x'))).error).toMatchObject(rls)
      expect((await bob.client.storage.from('pictures').upload(`${alice.id}/hello.txt`, text('x'), { upsert: true })).error).toMatchObject({
        statusCode: '403',
        code: 'AccessDenied',
      })
      expect(await versionFiles(h.dataDir, 'pictures', `${alice.id}/intruder.txt`)).toEqual([])
      expect(await (await h.anon().storage.from('pictures').download(`${alice.id}/hello.txt`)).data!.text()).toBe('hello world')
    })

    it('refuses path traversal and unsafe keys without writing anything', async () => {
      const token = `Bearer ${h.lb.keys.serviceRoleKey}`
      for (const rawKey of [
        '..%2F..%2Fescape.txt',
        'a%2F..%2F..%2Fescape.txt',
        '%2Fetc%2Fpasswd',
        'a%00b.txt',
        '..%5C..%5Cx.txt',
        'a%2F.%2Fb.txt',
      ]) {
        const response = await fetch(`${storageUrl}/object/pictures/${rawKey}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'text/plain' },
          body: 'nope',
        })
        expect(response.status, rawKey).toBe(400)
        expect(await response.json(), rawKey).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
      }
      const { error } = await h.service().storage.from('pictures').upload('../../escape.txt', text('nope'))
      expect(error).not.toBeNull()
      expect(await readdir(path.join(h.dataDir, 'storage'))).not.toContain('escape.txt')
      expect(await readdir(h.dataDir)).not.toContain('escape.txt')
    })
  })

  describe('listing, info and removal', () => {
    it('lists folders first, then files, relative to the prefix', async () => {
      const pictures = alice.client.storage.from('pictures')
      for (const name of ['list/b.txt', 'list/a.txt', 'list/sub/c.txt', 'list/sub/deeper/d.txt', 'list/other/e.txt']) {
        expect((await pictures.upload(`${alice.id}/${name}`, text(name))).error).toBeNull()
      }
      const { data } = await pictures.list(`${alice.id}/list`)
      expect(data?.map((entry) => entry.name)).toEqual(['other', 'sub', 'a.txt', 'b.txt'])
      expect(data?.[0]).toEqual({ name: 'other', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null })
      expect(data?.[2]).toMatchObject({ id: expect.any(String), metadata: { size: 10, mimetype: 'text/plain;charset=UTF-8' } })

      const paged = await pictures.list(`${alice.id}/list`, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } })
      expect(paged.data?.map((entry) => entry.name)).toEqual(['other', 'b.txt'])
      const searched = await pictures.list(`${alice.id}/list`, { search: 'A' })
      expect(searched.data?.map((entry) => entry.name)).toEqual(['a.txt'])
      expect((await bob.client.storage.from('documents').list(alice.id)).data).toEqual([])
    })

    it('describes objects with info() and exists()', async () => {
      const pictures = alice.client.storage.from('pictures')
      expect(await pictures.exists(`${alice.id}/hello.txt`)).toMatchObject({ data: true, error: null })
      expect((await pictures.exists(`${alice.id}/missing.txt`)).data).toBe(false)
      const { data } = await h.anon().storage.from('pictures').info(`${alice.id}/hello.txt`)
      expect(data).toMatchObject({
        size: 11,
        contentType: 'text/plain;charset=UTF-8',
        cacheControl: 'max-age=3600',
        etag: expect.any(String),
      })
    })

    it("removes the caller's objects and their bytes, and nobody else's", async () => {
      const pictures = alice.client.storage.from('pictures')
      const key = `${alice.id}/doomed.txt`
      await pictures.upload(key, text('bye'))
      expect(await bob.client.storage.from('pictures').remove([key])).toEqual({ data: [], error: null })
      expect(await versionFiles(h.dataDir, 'pictures', key)).toHaveLength(1)

      const { data, error } = await pictures.remove([key, `${alice.id}/never-existed.txt`])
      expect(error).toBeNull()
      expect(data).toEqual([expect.objectContaining({ name: key, bucket_id: 'pictures' })])
      expect((await pictures.download(key)).error).toMatchObject({ status: 400 })
      expect(await versionFiles(h.dataDir, 'pictures', key)).toEqual([])
    })
  })

  describe('signed URLs, move and copy', () => {
    it('signs a private object for a link that needs no token', async () => {
      const documents = alice.client.storage.from('documents')
      const key = `${alice.id}/signed report.txt`
      await documents.upload(key, text('signed'))
      const { data, error } = await documents.createSignedUrl(key, 60)
      expect(error).toBeNull()
      expect(await (await fetch(data!.signedUrl)).text()).toBe('signed')

      const token = new URL(data!.signedUrl).searchParams.get('token')
      const elsewhere = await fetch(`${storageUrl}/object/sign/documents/${alice.id}/other.txt?token=${token}`)
      expect(elsewhere.status).toBe(400)
      expect((await bob.client.storage.from('documents').createSignedUrl(key, 60)).error).toMatchObject({ code: 'NoSuchKey' })

      const many = await documents.createSignedUrls([key, `${alice.id}/nothing.txt`], 60)
      expect(many.data?.[0]).toMatchObject({ error: null, path: key, signedUrl: expect.stringContaining('token=') })
      expect(many.data?.[1]).toMatchObject({ signedUrl: null, error: expect.any(String) })
    })

    it('moves and copies objects within the caller’s rights', async () => {
      const pictures = alice.client.storage.from('pictures')
      await pictures.upload(`${alice.id}/move-me.txt`, text('moving'))
      expect(await pictures.move(`${alice.id}/move-me.txt`, `${alice.id}/moved.txt`)).toEqual({
        data: { message: 'Successfully moved' },
        error: null,
      })
      expect((await pictures.download(`${alice.id}/move-me.txt`)).error).not.toBeNull()
      expect(await (await pictures.download(`${alice.id}/moved.txt`)).data!.text()).toBe('moving')
      expect(await versionFiles(h.dataDir, 'pictures', `${alice.id}/move-me.txt`)).toEqual([])

      expect(await pictures.copy(`${alice.id}/moved.txt`, `${alice.id}/copied.txt`)).toEqual({
        data: { path: `pictures/${alice.id}/copied.txt` },
        error: null,
      })
      expect(await (await pictures.download(`${alice.id}/copied.txt`)).data!.text()).toBe('moving')
      expect((await pictures.move(`${alice.id}/moved.txt`, `${bob.id}/stolen.txt`)).error).toMatchObject({ code: 'AccessDenied' })
    })
  })

  describe('with a session from /auth/v1', () => {
    it('treats a signed-in user like a minted token', async () => {
      const { client, userId } = await h.signedIn()
      const documents = client.storage.from('documents')
      expect((await documents.upload(`${userId}/session.txt`, text('via auth'))).error).toBeNull()
      expect(await (await documents.download(`${userId}/session.txt`)).data!.text()).toBe('via auth')
      expect((await documents.upload(`${alice.id}/session.txt`, text('x'))).error).toMatchObject({ code: 'AccessDenied' })
    })
  })

  describe('persistence', () => {
    it('keeps bytes under the data dir across a restart', async () => {
      const key = `${alice.id}/persistent.txt`
      await alice.client.storage.from('pictures').upload(key, text('still here'))
      const [version] = await versionFiles(h.dataDir, 'pictures', key)
      const file = path.join(h.dataDir, 'storage', 'pictures', alice.id, 'persistent.txt', version!)
      expect(await readFile(file, 'utf8')).toBe('still here')

      await h.lb.close()
      restarted = await startLocalbase({ dataDir: h.dataDir, port: 0, migrationsDir, seedFiles: [] })
      const client = createClient(restarted.config.url, restarted.keys.anonKey, { auth: noSession })
      expect(await (await client.storage.from('pictures').download(key)).data!.text()).toBe('still here')
    })
  })
})

describe('storage without a data dir', () => {
  it('keeps bytes in memory', async () => {
    const lb = await startLocalbase({ port: 0, migrationsDir, seedFiles: [] })
    try {
      const service = createClient(lb.config.url, lb.keys.serviceRoleKey, { auth: noSession }).storage.from('pictures')
      expect((await service.upload('memory.txt', text('in memory'))).error).toBeNull()
      expect(await (await service.download('memory.txt')).data!.text()).toBe('in memory')
    } finally {
      await lb.close()
    }
  })
})
