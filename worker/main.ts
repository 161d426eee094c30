// npm run worker: runs background jobs (email delivery, expiring invitations, synced photos, …) from the
// database until SIGINT/SIGTERM. Then it claims nothing more, gives the jobs in hand
// WORKER_STOP_GRACE_MS (5000) to finish and hands the rest back to the queue, so `docker stop`
// (10 s) loses none. It beats every 10 s in worker_heartbeats for /healthz. `npm start` runs
// one beside the app; production runs as many as it likes against one Supabase project.
//
// Needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or, with neither, the embedded backend's
// keys from DATA_DIR/localbase.json), SMTP_URL, and SITE_URL for the links in emails.
import { createClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import { log as logger, startLog } from '#app/utils/log.server.ts'
import { flushSentry, startSentry } from '#app/utils/sentry.server.ts'
import { startHeartbeat } from '#worker/heartbeat.ts'
import { createMailer } from '#worker/mailer.ts'
import { createWorker, type WorkerLog } from '#worker/runner.ts'
import { createTasks } from '#worker/tasks/index.ts'
import { workerSettings } from '#worker/settings.ts'

startLog({ name: 'worker' })
const log: WorkerLog = (line, level = 'info') => logger[level](line)
const sentry = await startSentry('worker')
const settings = await workerSettings(process.env)

const supabase = createClient<Database>(settings.supabaseUrl, settings.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
})
const mailer = createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom })
const worker = createWorker({
  supabase,
  tasks: createTasks({
    mailer,
    siteUrl: settings.siteUrl,
    supportEmail: settings.supportEmail,
    photoFetch: { allowPrivateAddresses: settings.syncFetchAllowPrivate },
    syncSecretKey: settings.syncSecretKey,
  }),
  concurrency: settings.concurrency,
  pollIntervalMs: settings.pollIntervalMs,
  leaseSeconds: settings.leaseSeconds,
  log,
})
worker.start()
const heartbeat = startHeartbeat({ supabase, workerName: worker.name, log })
const stopGraceMs = Number(process.env.WORKER_STOP_GRACE_MS || 5_000)
log(
  `ready: ${worker.name}, ${settings.concurrency} at a time, ${settings.leaseSeconds} s leases, mail through ${redacted(settings.smtpUrl)}`,
)
if (sentry) log('failed jobs go to Sentry')
if (!settings.syncSecretKey)
  log('SYNC_SECRET_KEY is not set: Shelterluv and RescueGroups sources cannot be pulled (feeds and ASM3 accounts can)')
if (settings.syncFetchAllowPrivate)
  log('SYNC_FETCH_ALLOW_PRIVATE=true: synced photos, feeds and connectors may be fetched from private and loopback addresses (tests only)')

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  log(`stopping: the jobs in hand get ${stopGraceMs} ms, then go back to the queue`)
  await worker.stop({ graceMs: stopGraceMs })
  await heartbeat.stop()
  mailer.close()
  await flushSentry()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

/** The SMTP URL without its password, for the log. */
function redacted(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.href
}
