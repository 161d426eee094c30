import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyJwt } from '#localbase/src/jwt.ts'
import { startLocalbase, type RunningLocalbase } from '#localbase/src/server.ts'

describe('a data dir across restarts', () => {
  let dataDir: string
  let first: RunningLocalbase

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'localbase-bootstrap-'))
    const seedFile = path.join(dataDir, 'seed.sql')
    await writeFile(seedFile, `insert into auth.users (id, email) values ('11111111-1111-1111-1111-111111111111', 'seeded@example.com');`)
    first = await startLocalbase({ dataDir, port: 0, seedFiles: [seedFile] })
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('records every migration it applied', async () => {
    const { rows } = await first.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
    expect(rows.map((row) => row.version)).toContain('20261121000100')
  })

  it('runs the seed on a fresh database', async () => {
    const { rows } = await first.db.query(`select email from auth.users where id = '11111111-1111-1111-1111-111111111111'`)
    expect(rows).toEqual([{ email: 'seeded@example.com' }])
  })

  it('leaves the vetting bypass off unless the deployment switches it on', async () => {
    const { rows } = await first.db.query<{ value: unknown }>(`select value from public.app_settings where key = 'vetting_bypass_enabled'`)
    expect(rows[0]?.value).toBe(false)
  })

  it('writes localbase.json, readable by the owner only, with keys signed by its secret', async () => {
    const file = path.join(dataDir, 'localbase.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const keys = JSON.parse(await readFile(file, 'utf8'))
    expect(keys).toEqual({ url: first.config.url, anonKey: first.keys.anonKey, serviceRoleKey: first.keys.serviceRoleKey })
    const anon = await verifyJwt(keys.anonKey, first.config.jwtSecret)
    const service = await verifyJwt(keys.serviceRoleKey, first.config.jwtSecret)
    expect(anon.ok && anon.claims.role).toBe('anon')
    expect(service.ok && service.claims.role).toBe('service_role')
  })

  it('keeps data, keys and settings after a restart, without seeding again', async () => {
    await first.db.query(`insert into auth.users (id, email) values ('22222222-2222-2222-2222-222222222222', 'kept@example.com')`)
    await first.db.query(`update public.app_settings set value = 'false' where key = 'vetting_bypass_enabled'`)
    const keys = first.keys
    await first.close()

    const second = await startLocalbase({ dataDir, port: 0, seedFiles: [path.join(dataDir, 'seed.sql')] })
    try {
      const users = await second.db.query(`select email from auth.users where id = '22222222-2222-2222-2222-222222222222'`)
      expect(users.rows).toEqual([{ email: 'kept@example.com' }])
      const seeded = await second.db.query(`select 1 from auth.users where id = '11111111-1111-1111-1111-111111111111'`)
      expect(seeded.rows).toHaveLength(1)
      const setting = await second.db.query<{ value: unknown }>(
        `select value from public.app_settings where key = 'vetting_bypass_enabled'`,
      )
      expect(setting.rows[0]?.value).toBe(false)
      expect(second.keys).toEqual(keys)
    } finally {
      await second.close()
    }
  })

  it('applies the VETTING_BYPASS_ENABLED switch on every start, whatever the database held', async () => {
    const bypassSetting = async (lb: RunningLocalbase) =>
      (await lb.db.query<{ value: unknown }>(`select value from public.app_settings where key = 'vetting_bypass_enabled'`)).rows[0]?.value
    const on = await startLocalbase({ dataDir, port: 0, vettingBypass: true })
    try {
      expect(await bypassSetting(on)).toBe(true)
    } finally {
      await on.close()
    }
    const off = await startLocalbase({ dataDir, port: 0, vettingBypass: false })
    try {
      expect(await bypassSetting(off)).toBe(false)
    } finally {
      await off.close()
    }
  })
})

describe('the HTTP front door', () => {
  let lb: RunningLocalbase
  beforeAll(async () => {
    lb = await startLocalbase({ port: 0, jwtSecret: 'a-fixed-secret-that-is-long-enough-for-hs256' })
  })
  afterAll(() => lb.close())

  it('signs its keys with LOCALBASE_JWT_SECRET when one is given', async () => {
    const verified = await verifyJwt(lb.keys.anonKey, 'a-fixed-secret-that-is-long-enough-for-hs256')
    expect(verified.ok).toBe(true)
  })

  it("answers an unknown path with 404, as Supabase's gateway does", async () => {
    const response = await fetch(`${lb.config.url}/nothing/here`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' })
  })

  it('refuses an oversized body with 413 and keeps serving', async () => {
    const response = await fetch(`${lb.config.url}/rest/v1/app_settings`, {
      method: 'POST',
      headers: { apikey: lb.keys.anonKey, 'content-type': 'application/json' },
      body: 'x'.repeat(9 * 1024 * 1024),
    })
    expect(response.status).toBe(413)
    expect((await fetch(`${lb.config.url}/health`)).status).toBe(200)
  })

  it('answers CORS preflights for the headers supabase-js sends', async () => {
    const response = await fetch(`${lb.config.url}/rest/v1/app_settings`, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info')
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range')
  })

  it('listens on loopback only', () => {
    // The socket's own address, not the setting: a wildcard bind would show 0.0.0.0 or ::.
    expect(lb.server.address()).toMatchObject({ address: '127.0.0.1' })
  })
})
