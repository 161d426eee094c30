// The move_photo_folder job: a shelter's photos leave its creator's old folder for the
// shelter's own, bytes and rows alike, and the old folder is refused afterwards; a run that
// stopped halfway is finished by the next, and a finished one changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createMailer } from '#worker/mailer.ts'
import { PermanentJobError, createWorker } from '#worker/runner.ts'
import { createTasks } from '#worker/tasks/index.ts'
import { moveFolder } from '#worker/tasks/move-photo-folder.ts'

let h: Harness
let service: SupabaseClient<Database>

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service() as SupabaseClient<Database>
  // The migrations' repeating jobs (expiring invitations) would run too: these tests count theirs.
  await h.lb.db.query('delete from public.job_schedules')
})
afterAll(async () => {
  await h?.stop()
})

/** Bytes Storage takes for a WebP picture (its header), ending in `text`. */
const webp = (text: string) => new Uint8Array([...[82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80], ...new TextEncoder().encode(text)])

/** A shelter whose photos are still in its creator's folder, as the teams migration found them. */
async function shelterWithLegacyPhotos() {
  const owner = await h.signedIn(uniqueEmail('legacy'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'Old Folder Rescue' })
  const { data: profile } = await service.from('shelter_profiles').select('id').eq('user_id', owner.userId).single()
  const shelterId = profile!.id
  await h.lb.db.query(`insert into public.legacy_photo_folders (folder, shelter_id) values ($1, $2)`, [owner.userId, shelterId])
  const { data: animal } = await owner.client
    .from('animals')
    .insert({ shelter_id: shelterId, name: 'Biscuit', type: 'dog', age_group: 'adult' })
    .select('id')
    .single()
  const bucket = owner.client.storage.from('animal-photos')
  const files = {
    a: `${owner.userId}/${animal!.id}/a.webp`,
    b: `${owner.userId}/${animal!.id}/b.webp`,
    c: `${owner.userId}/old-animal/c.webp`,
  }
  for (const [key, name] of Object.entries(files)) {
    const { error } = await bucket.upload(name, webp(`bytes of ${key}`), { contentType: 'image/webp' })
    if (error) throw error
  }
  const photos = await owner.client
    .from('animal_photos')
    .insert([files.a, files.b].map((storage_path, position) => ({ animal_id: animal!.id, position, storage_path })))
  if (photos.error) throw photos.error
  return { owner, shelterId, animalId: animal!.id as string, files, payload: { shelter_id: shelterId, from_folder: owner.userId } }
}

const moved = (shelterId: string, name: string) => `${shelterId}/${name.split('/').slice(1).join('/')}`
const log: string[] = []
const context = () => ({ supabase: service, log: (line: string) => log.push(line) })

describe('moveFolder', () => {
  it('moves every photo to <shelter id>/, points the photos there, and closes the old folder', async () => {
    const { owner, shelterId, animalId, files, payload } = await shelterWithLegacyPhotos()
    // An earlier run that stopped between a move and its photo row.
    expect((await service.storage.from('animal-photos').move(files.a, moved(shelterId, files.a))).error).toBeNull()

    await moveFolder(payload, context())

    const { data: rows } = await service.from('animal_photos').select('storage_path').eq('animal_id', animalId).order('position')
    expect(rows).toEqual([{ storage_path: moved(shelterId, files.a) }, { storage_path: moved(shelterId, files.b) }])
    for (const [key, name] of Object.entries(files)) {
      const { data } = await service.storage.from('animal-photos').download(moved(shelterId, name))
      expect(await data?.text(), key).toMatch(new RegExp(`WEBPbytes of ${key}$`))
    }
    expect((await service.storage.from('animal-photos').list(owner.userId)).data).toEqual([])
    expect((await service.from('legacy_photo_folders').select('folder').eq('folder', owner.userId)).data).toEqual([])
    // The old folder is the shelter's no longer; its own folder is.
    const bucket = owner.client.storage.from('animal-photos')
    expect(
      (await bucket.upload(`${owner.userId}/${animalId}/late.webp`, webp('late'), { contentType: 'image/webp' })).error?.message,
    ).toMatch(/row-level security/)
    expect((await bucket.upload(`${shelterId}/${animalId}/new.webp`, webp('new'), { contentType: 'image/webp' })).error).toBeNull()

    // Running again (a retried job) changes nothing.
    await moveFolder(payload, context())
    expect(log.at(-1)).toBe(`photo folder ${owner.userId} was already moved`)
  })

  it('runs as the worker’s move_photo_folder job, which the migration enqueues per legacy folder', async () => {
    const { owner, shelterId, payload } = await shelterWithLegacyPhotos()
    const { error } = await service.rpc('enqueue_job', {
      kind: 'move_photo_folder',
      payload,
      dedupe_key: `move_photo_folder:${owner.userId}`,
    })
    expect(error).toBeNull()
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Pawhaven <hello@pawhaven.example>' })
    try {
      const worker = createWorker({ supabase: service, tasks: createTasks({ mailer, siteUrl: 'https://pawhaven.example' }) })
      expect(await worker.drain()).toBe(1)
    } finally {
      mailer.close()
    }
    const { data: job } = await service
      .from('jobs')
      .select('failed_at, last_error')
      .eq('dedupe_key', `move_photo_folder:${owner.userId}`)
      .maybeSingle()
    // A completed job is gone; a failed one would still be here with its error.
    expect(job).toBeNull()
    expect((await service.storage.from('animal-photos').list(shelterId)).data?.map((entry) => entry.name).sort()).toEqual(
      expect.arrayContaining(['old-animal']),
    )
  })

  it('refuses a payload that names no folder, or another shelter’s', async () => {
    await expect(moveFolder({ shelter_id: 'x' }, context())).rejects.toBeInstanceOf(PermanentJobError)
    const { owner, payload } = await shelterWithLegacyPhotos()
    const other = await h.signedIn(uniqueEmail('other'), 'correct-horse-1', { user_type: 'shelter' })
    const { data } = await service.from('shelter_profiles').select('id').eq('user_id', other.userId).single()
    await expect(moveFolder({ ...payload, shelter_id: data!.id }, context())).rejects.toBeInstanceOf(PermanentJobError)
    expect((await service.from('legacy_photo_folders').select('folder').eq('folder', owner.userId)).data).toHaveLength(1)
  })
})
