// Runs localbase as its own process: `npm run localbase`, or started by scripts/start.ts.
// Settings come from the environment (see .env.example). Prints one line
// "localbase ready <url>" when it answers, then serves until SIGINT/SIGTERM.
import path from 'node:path'
import { startLocalbase } from '#localbase/src/server.ts'

const dataDir = path.resolve(process.env.DATA_DIR || './.data')
const port = Number(process.env.LOCALBASE_PORT || 54321)
// Where the app's email goes (the worker finds it in localbase.json): LOCALBASE_SMTP_PORT, else four
// above the API's port (54325 by default), or any free port when that one is taken.
const smtpPort = Number(process.env.LOCALBASE_SMTP_PORT || port + 4)
const siteUrl = process.env.LOCALBASE_SITE_URL || `http://localhost:${process.env.PORT || 3000}`

// E.g. {"signInPerIp":1000}: the browser tests send every visitor from one address.
const rateLimits = process.env.LOCALBASE_RATE_LIMITS ? JSON.parse(process.env.LOCALBASE_RATE_LIMITS) : undefined

// A fresh data dir gets the seed and, unless LOCALBASE_DEMO_DATA=false, the demo shelters and animals.
const projectRoot = path.resolve(import.meta.dirname, '../..')
const seedFiles = [path.join(projectRoot, 'supabase/seed.sql')]
if (process.env.LOCALBASE_DEMO_DATA !== 'false') seedFiles.push(path.join(projectRoot, 'supabase/seed/demo.sql'))

const localbase = await startLocalbase({
  dataDir,
  // A real PostgreSQL database instead of PGlite, for runs closer to production (see README).
  databaseUrl: process.env.LOCALBASE_DATABASE_URL || undefined,
  port,
  smtpPort,
  smtpAnyPortIfTaken: !process.env.LOCALBASE_SMTP_PORT,
  siteUrl,
  rateLimits,
  maxRows: process.env.LOCALBASE_DB_MAX_ROWS ? Number(process.env.LOCALBASE_DB_MAX_ROWS) : undefined,
  maxEmbedDepth: process.env.LOCALBASE_MAX_EMBED_DEPTH ? Number(process.env.LOCALBASE_MAX_EMBED_DEPTH) : undefined,
  maxAnswerBytes: process.env.LOCALBASE_MAX_ANSWER_BYTES ? Number(process.env.LOCALBASE_MAX_ANSWER_BYTES) : undefined,
  seedFiles,
  vettingBypass: parseSwitch('VETTING_BYPASS_ENABLED'),
  jwtSecret: process.env.LOCALBASE_JWT_SECRET || undefined,
  log: (line) => console.log(`[localbase] ${line}`),
})
console.log(`localbase ready ${localbase.config.url} (data in ${dataDir}, mail to ${localbase.smtp?.url})`)

/** 'true'/'1'/'on'/'yes' or 'false'/'0'/'off'/'no'; unset or empty is undefined. */
function parseSwitch(name: string): boolean | undefined {
  const value = process.env[name]?.trim().toLowerCase()
  if (!value) return undefined
  if (['true', '1', 'on', 'yes'].includes(value)) return true
  if (['false', '0', 'off', 'no'].includes(value)) return false
  throw new Error(`${name} must be true or false, not '${process.env[name]}'`)
}

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await localbase.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
