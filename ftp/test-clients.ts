// Test helpers for the FTP drop: a real drop over the localbase harness with one FTP source,
// and Python's ftplib (what ASM3's publisher and most shelters' scripts use) run from an inline
// script. Not a test file: the FTP suites import it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createWorker } from '#worker/runner.ts'
import { importFileTask } from '#worker/tasks/import-file.ts'
import { attachFtpPhotos } from '#worker/tasks/ftp-photos.ts'
import { startFtpDrop, type FtpDropOptions } from '#ftp/server.ts'

export const FTP_PASSWORD = 'ftp-password-for-tests-1'

export type TestDrop = {
  h: Harness
  service: SupabaseClient<Database>
  owner: SupabaseClient<Database>
  sourceId: string
  username: string
  workDir: string
  drop: Awaited<ReturnType<typeof startFtpDrop>>
  /** Waits until every file landed so far is handled and the worker has imported what it queued. */
  settled: () => Promise<void>
  stop: () => Promise<void>
}

/** The kinds of work a landed file leaves for the worker. */
const DROP_JOBS = ['import_file', 'attach_ftp_photos']

/**
 * A settle step for FTP tests: the drop's own work first (`idle`, one drop or several), then the
 * worker's, as the real worker does it (import_file and attach_ftp_photos) until no such job is
 * left. A file waiting its turn behind another of its source would come back a few seconds
 * later; here its time comes at once, so many files settle in a test's time.
 */
export function settleWith(service: SupabaseClient<Database>, idle: () => Promise<void>): () => Promise<void> {
  const worker = createWorker({ supabase: service, tasks: { import_file: importFileTask(), attach_ftp_photos: attachFtpPhotos } })
  return async () => {
    await idle()
    for (const started = Date.now(); ;) {
      const now = new Date().toISOString()
      const due = await service.from('jobs').update({ run_at: now }).in('kind', DROP_JOBS).is('failed_at', null).gt('run_at', now)
      if (due.error) throw due.error
      await worker.drain()
      const { count, error } = await service
        .from('jobs')
        .select('id', { count: 'exact', head: true })
        .in('kind', DROP_JOBS)
        .is('failed_at', null)
      if (error) throw error
      if (!count) return
      if (Date.now() - started > 30_000) throw new Error(`${count} FTP job(s) still waiting after 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
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
    settled: settleWith(service, drop.idle),
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
