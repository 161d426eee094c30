// npm run staff's library against a stopped and a running embedded backend.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalbase, type RunningLocalbase } from '#localbase/src/server.ts'
import { ensureDemoStaff } from '#scripts/lib/demo-staff.ts'
import { addStaff, connectAsService, listStaff, removeStaff } from '#scripts/lib/staff.ts'

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-staff-'))
  // A data dir as npm start leaves it, then stopped.
  const first = await startLocalbase({ dataDir, port: 0, seedFiles: [] })
  const service = (await connectAsService({ DATA_DIR: dataDir })).supabase
  await service.auth.admin.createUser({ email: 'Maria@Example.com', password: 'correct-horse-1', email_confirm: true })
  await first.close()
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('npm run staff', () => {
  it('adds, lists and removes staff in a stopped embedded backend, leaving its key file alone', async () => {
    const keyFile = await readFile(path.join(dataDir, 'localbase.json'), 'utf8')
    const backend = await connectAsService({ DATA_DIR: dataDir })
    try {
      expect(backend.where).toBe(`the embedded backend in ${dataDir}`)
      expect(await addStaff(backend.supabase, 'maria@example.com')).toBe(true)
      expect(await addStaff(backend.supabase, 'maria@example.com')).toBe(false)
      expect((await listStaff(backend.supabase)).map((member) => member.email)).toEqual(['maria@example.com'])
      await expect(addStaff(backend.supabase, 'nobody@example.com')).rejects.toThrow(
        'No account has the email nobody@example.com: the person signs up at /join first.',
      )
      expect(await removeStaff(backend.supabase, 'maria@example.com')).toBe(true)
      expect(await removeStaff(backend.supabase, 'maria@example.com')).toBe(false)
    } finally {
      await backend.close()
    }
    expect(await readFile(path.join(dataDir, 'localbase.json'), 'utf8')).toBe(keyFile)
  })

  it('goes through the API of a running embedded backend, and makes the demo staff account once', async () => {
    let running: RunningLocalbase | undefined
    try {
      running = await startLocalbase({ dataDir, port: 0, seedFiles: [] })
      const backend = await connectAsService({ DATA_DIR: dataDir })
      expect(backend.where).toBe(`the embedded backend at ${running.config.url}`)
      const keys = JSON.parse(await readFile(path.join(dataDir, 'localbase.json'), 'utf8'))
      const staff = await ensureDemoStaff(dataDir, keys)
      expect(staff?.email).toBe('staff@pawhaven.test')
      expect(await ensureDemoStaff(dataDir, keys)).toEqual(staff)
      expect((await listStaff(backend.supabase)).map((member) => member.email)).toEqual(['staff@pawhaven.test'])
      // Its password signs in.
      const anon = (await import('@supabase/supabase-js')).createClient(running.config.url, running.keys.anonKey, {
        auth: { persistSession: false },
      })
      expect((await anon.auth.signInWithPassword({ email: staff!.email, password: staff!.password })).error).toBeNull()
      // A data dir whose account was made by hand keeps it.
      await writeFile(path.join(dataDir, 'demo-staff.json'), '')
      expect(await ensureDemoStaff(dataDir, keys)).toBeNull()
    } finally {
      await running?.close()
    }
  })

  it('asks for the service-role key with a Supabase project', async () => {
    await expect(connectAsService({ SUPABASE_URL: 'https://abcd.supabase.co' })).rejects.toThrow(/SUPABASE_SERVICE_ROLE_KEY/)
  })
})
