import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseFtpReady, startBackend } from '#scripts/lib/backend.ts'

describe('startBackend with a real Supabase project configured', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-backend-'))
    vi.stubEnv('DATA_DIR', dataDir)
    vi.stubEnv('SESSION_SECRET', '')
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('uses the project and starts no embedded backend', async () => {
    vi.stubEnv('SUPABASE_URL', 'https://abcd.supabase.co')
    vi.stubEnv('SUPABASE_ANON_KEY', 'anon-key')
    const backend = await startBackend(3000)
    expect(backend.child).toBeUndefined()
    expect(backend.env.SUPABASE_URL).toBeUndefined()
    // A session secret is made once and kept, so restarts keep visitors' flash cookies valid.
    expect(backend.env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/)
    expect((await startBackend(3000)).env.SESSION_SECRET).toBe(backend.env.SESSION_SECRET)
  })

  it('names the missing key when only the URL is set', async () => {
    vi.stubEnv('SUPABASE_URL', 'https://abcd.supabase.co')
    vi.stubEnv('SUPABASE_ANON_KEY', '')
    await expect(startBackend(3000)).rejects.toThrow(/SUPABASE_ANON_KEY/)
  })
})

describe("the FTP drop's ready line", () => {
  it('reads the address shelters connect to and the one it listens on, with TLS or without', () => {
    expect(parseFtpReady('ftp ready ftp://127.0.0.1:42413, listening on 127.0.0.1:42413\n')).toEqual({
      url: 'ftp://127.0.0.1:42413',
      tls: false,
      listening: '127.0.0.1:42413',
    })
    expect(parseFtpReady('starting\nftp ready ftp://drop.example.org:2121 (explicit TLS), listening on 0.0.0.0:2121\n')).toEqual({
      url: 'ftp://drop.example.org:2121',
      tls: true,
      listening: '0.0.0.0:2121',
    })
  })

  it('waits for the whole line: a line cut between two chunks is not read yet', () => {
    expect(parseFtpReady('ftp ready ftp://127.0.0.1:42413, listening on 127.0.')).toBeNull()
    // As the message of a JSON log line (the default when stdout is not a terminal).
    const json = `${JSON.stringify({ level: 'info', name: 'ftp', msg: 'ftp ready ftp://127.0.0.1:42413 (explicit TLS), listening on [::1]:42413' })}\n`
    expect(parseFtpReady(json)).toEqual({ url: 'ftp://127.0.0.1:42413', tls: true, listening: '[::1]:42413' })
    expect(parseFtpReady(json.slice(0, -20))).toBeNull()
    expect(parseFtpReady('ftp off: no TLS on a public address\n')).toBeNull()
  })
})
