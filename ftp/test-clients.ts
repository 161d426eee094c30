// Test helpers for the FTP drop: a real drop over the localbase harness with one FTP source,
// and Python's ftplib (what ASM3's publisher and most shelters' scripts use) run from an inline
// script. Not a test file: the FTP suites import it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../app/types/database.ts'
import { startHarness, uniqueEmail, type Harness } from '../localbase/test/harness.ts'
import { startFtpDrop, type FtpDropOptions } from './server.ts'

export const FTP_PASSWORD = 'ftp-password-for-tests-1'

export type TestDrop = {
  h: Harness
  service: SupabaseClient<Database>
  owner: SupabaseClient<Database>
  sourceId: string
  username: string
  workDir: string
  drop: Awaited<ReturnType<typeof startFtpDrop>>
  stop: () => Promise<void>
}

/** The harness, a shelter with a Petfinder FTP source, and a drop serving it. */
export async function startTestDrop(options: Partial<FtpDropOptions> = {}): Promise<TestDrop> {
  const h = await startHarness({ seedFiles: [] })
  const service = h.service() as SupabaseClient<Database>
  await h.lb.db.query('delete from public.job_schedules')
  const created = await h.signedIn(uniqueEmail('ftp'), 'correct-horse-1', { user_type: 'shelter', shelter_name: 'FTP Rescue' })
  const owner = created.client as SupabaseClient<Database>
  const { data, error } = await owner.rpc('create_ftp_source', {
    name: 'ASM3 to Petfinder',
    format: 'petfinder',
    password_hash: bcrypt.hashSync(FTP_PASSWORD, 4),
  })
  if (error) throw error
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'pawhaven-ftp-'))
  const base = 43000 + Math.floor(Math.random() * 4000)
  const drop = await startFtpDrop({
    supabase: service,
    workDir,
    port: 0,
    passivePorts: { min: base, max: base + 50 },
    log: () => undefined,
    ...options,
  })
  return {
    h,
    service,
    owner,
    sourceId: data[0]!.source_id,
    username: data[0]!.username,
    workDir,
    drop,
    stop: async () => {
      await drop.close()
      await h.stop()
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}

/**
 * Runs Python code with ftplib, `ssl`, `io` and `json` imported, FTP_HOST/FTP_PORT/FTP_USER/
 * FTP_PASSWORD as HOST, PORT, USER and PASSWORD, `attempt(fn)` (the reply, or the error's text)
 * and a dict `out` that is printed as JSON at the end and returned.
 */
export function runFtplib(code: string, env: Record<string, string | number>): Promise<Record<string, unknown>> {
  const prelude = [
    'import ftplib, io, json, os, ssl, sys',
    "HOST = os.environ['FTP_HOST']",
    "PORT = int(os.environ['FTP_PORT'])",
    "USER = os.environ.get('FTP_USER', '')",
    "PASSWORD = os.environ.get('FTP_PASSWORD', '')",
    'out = {}',
    'def attempt(fn):',
    '    try:',
    '        return fn()',
    '    except ftplib.all_errors as error:',
    '        return str(error)',
  ].join('\n')
  const script = `${prelude}\n${code}\nprint(json.dumps(out))\n`
  const vars = Object.fromEntries(Object.entries(env).map(([key, value]) => [`FTP_${key}`, String(value)]))
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', script], { env: { ...process.env, ...vars }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`python3 exited with ${code}:\n${stderr}`))
      resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>)
    })
  })
}
