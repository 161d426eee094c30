import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { workerSettings } from '#worker/settings.ts'

describe('workerSettings', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-worker-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('finds the embedded backend, its keys and its SMTP server in the data dir', async () => {
    await writeFile(
      path.join(dataDir, 'localbase.json'),
      JSON.stringify({ url: 'http://127.0.0.1:54321', anonKey: 'anon', serviceRoleKey: 'service', smtpUrl: 'smtp://127.0.0.1:54325' }),
    )
    expect(await workerSettings({ DATA_DIR: dataDir, PORT: '3100' })).toEqual({
      supabaseUrl: 'http://127.0.0.1:54321',
      serviceRoleKey: 'service',
      smtpUrl: 'smtp://127.0.0.1:54325',
      mailFrom: 'Pawhaven <hello@pawhaven.org>',
      siteUrl: 'http://localhost:3100',
      supportEmail: 'support@pawhaven.org',
      concurrency: 4,
      pollIntervalMs: 1000,
      leaseSeconds: 30,
      syncFetchAllowPrivate: false,
      syncSecretKey: null,
    })
    // The key the embedded backend generated beside its keys decrypts the connectors' keys.
    await writeFile(path.join(dataDir, 'sync-secret-key'), 'a'.repeat(64) + '\n')
    expect((await workerSettings({ DATA_DIR: dataDir })).syncSecretKey).toBe('a'.repeat(64))
    expect((await workerSettings({ DATA_DIR: dataDir, SYNC_SECRET_KEY: 'b'.repeat(40) })).syncSecretKey).toBe('b'.repeat(40))
  })

  it('uses a Supabase project and names each missing or wrong variable', async () => {
    await expect(
      workerSettings({ DATA_DIR: dataDir, SUPABASE_URL: 'https://abcd.supabase.co', SMTP_URL: 'http://mail.example.com' }),
    ).rejects.toThrow(/SUPABASE_SERVICE_ROLE_KEY: .*\n.*SMTP_URL: SMTP_URL must be smtp:\/\/… or smtps:\/\/…/)
    const settings = await workerSettings({
      SUPABASE_URL: 'https://abcd.supabase.co',
      SUPABASE_SERVICE_ROLE_KEY: 'secret',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      SITE_URL: 'https://pawhaven.org',
      WORKER_CONCURRENCY: '8',
      WORKER_LEASE_SECONDS: '45',
      SUPPORT_EMAIL: 'help@shelter-network.example',
    })
    expect(settings).toMatchObject({
      supabaseUrl: 'https://abcd.supabase.co',
      siteUrl: 'https://pawhaven.org',
      supportEmail: 'help@shelter-network.example',
      concurrency: 8,
      leaseSeconds: 45,
      syncFetchAllowPrivate: false,
    })
    // Private addresses only when asked for in so many words.
    for (const [value, allowed] of [
      ['true', true],
      ['TRUE', true],
      ['1', false],
      ['yes', false],
      ['', false],
    ] as const) {
      const env = {
        SUPABASE_URL: 'https://abcd.supabase.co',
        SUPABASE_SERVICE_ROLE_KEY: 'secret',
        SMTP_URL: 'smtp://127.0.0.1:25',
        SYNC_FETCH_ALLOW_PRIVATE: value,
      }
      expect((await workerSettings(env)).syncFetchAllowPrivate, value).toBe(allowed)
    }
  })

  it('says how to get the keys when there is neither a project nor an embedded backend', async () => {
    await expect(workerSettings({ DATA_DIR: dataDir })).rejects.toThrow(
      /SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or the embedded backend's .*localbase.json/,
    )
  })
})
