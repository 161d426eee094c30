import { createServer, type Server } from 'node:http'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { bootstrap, openDatabase } from '#localbase/src/db.ts'
import type { ApiHandler, Localbase, LocalbaseConfig, RateLimits } from '#localbase/src/context.ts'
import { deriveKeys, loadJwtSecret, writeKeyFile } from '#localbase/src/keys.ts'
import { BodyTooLargeError, CORS_HEADERS, json, readBody, toRequest, writeResponse } from '#localbase/src/http.ts'
import { RateLimiter } from '#localbase/src/rate-limit.ts'
import { authTooLarge, handleAuth } from '#localbase/src/auth/index.ts'
import { handleRest, restTooLarge } from '#localbase/src/rest/index.ts'
import { handleStorage, storageTooLarge } from '#localbase/src/storage/index.ts'
import { handleMailbox } from '#localbase/src/mailbox.ts'
import { startSmtp, type RunningSmtp } from '#localbase/src/smtp.ts'
import { startMaintenance } from '#localbase/src/maintenance.ts'

const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerIp: 30,
  signInPerIpAndEmail: 10,
  signUpPerIp: 30,
  emailsPerAddress: 2,
  recoverPerIp: 30,
}

export type StartOptions = {
  dataDir?: string
  /** A PostgreSQL database to run on instead of PGlite (the data dir still keeps files and keys). */
  databaseUrl?: string
  host?: string
  /** 0 picks a free port. */
  port?: number
  /** Where to take the app's email over SMTP (0 picks a free port); undefined: no SMTP server. */
  smtpPort?: number
  /** With smtpPort taken by something else, take a free port instead of failing (its URL is in localbase.json). */
  smtpAnyPortIfTaken?: boolean
  siteUrl?: string
  jwtSecret?: string
  jwtExpiry?: number
  rateLimits?: Partial<RateLimits>
  /** PostgREST's db-max-rows (default 1000). */
  maxRows?: number
  /** How many levels deep a select may embed (default 3). */
  maxEmbedDepth?: number
  /** The largest answer a read, write or call returns, in bytes of JSON (default 8 MB). */
  maxAnswerBytes?: number
  migrationsDir?: string
  seedFiles?: string[]
  /**
   * The deployment switch for the testing bypass of the vetting meeting, written to
   * public.app_settings on every start; undefined leaves the database's value as it is.
   */
  vettingBypass?: boolean
  log?: (line: string) => void
  /** Whether to write DATA_DIR/localbase.json (a one-off process beside a stopped server: no). */
  writeKeyFile?: boolean
}

export type RunningLocalbase = Localbase & { server: Server; smtp?: RunningSmtp; close: () => Promise<void> }

/** `cors`: whether browsers on other origins may call it (the mailbox is for this machine only). */
type Api = { prefix: string; handler: ApiHandler; bodyLimit: number; tooLarge: () => Response; cors: boolean }

const MiB = 1024 * 1024
const APIS: Api[] = [
  { prefix: '/auth/v1', handler: handleAuth, bodyLimit: 1 * MiB, tooLarge: authTooLarge, cors: true },
  { prefix: '/rest/v1', handler: handleRest, bodyLimit: 8 * MiB, tooLarge: restTooLarge, cors: true },
  { prefix: '/storage/v1', handler: handleStorage, bodyLimit: 60 * MiB, tooLarge: storageTooLarge, cors: true },
  { prefix: '/mailbox', handler: handleMailbox, bodyLimit: 64 * 1024, tooLarge: restTooLarge, cors: false },
]

/** Opens (or creates) the database, brings it up to date and starts serving. */
export async function startLocalbase(options: StartOptions = {}): Promise<RunningLocalbase> {
  const log = options.log ?? (() => {})
  const dataDir = options.dataDir
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const host = options.host ?? '127.0.0.1'
  const jwtSecret = await loadJwtSecret(dataDir, options.jwtSecret)

  const db = await openDatabase(dataDir, { databaseUrl: options.databaseUrl })
  await bootstrap(db, {
    migrationsDir: options.migrationsDir ?? path.join(projectRoot, 'supabase/migrations'),
    seedFiles: options.seedFiles ?? [path.join(projectRoot, 'supabase/seed.sql')],
    log,
  })
  if (options.vettingBypass !== undefined) {
    await db.query(
      `update public.app_settings set value = to_jsonb($1::boolean), updated_at = now() where key = 'vetting_bypass_enabled'`,
      [options.vettingBypass],
    )
    log(`vetting bypass ${options.vettingBypass ? 'enabled' : 'disabled'} (VETTING_BYPASS_ENABLED)`)
  }

  // PGlite has no autovacuum: localbase does its work (maintenance.ts).
  const maintenance = startMaintenance(db, log)

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 54321, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${host}:${port}`
  const config: LocalbaseConfig = {
    dataDir,
    host,
    port,
    url,
    siteUrl: options.siteUrl ?? 'http://localhost:3000',
    jwtSecret,
    jwtExpiry: options.jwtExpiry ?? 3600,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    maxRows: options.maxRows ?? 1000,
    maxEmbedDepth: options.maxEmbedDepth ?? 3,
    maxAnswerBytes: options.maxAnswerBytes ?? 8 * 1024 * 1024,
  }
  const keys = await deriveKeys(jwtSecret)
  const lb: Localbase = { db, config, keys, limiter: new RateLimiter() }
  const smtp =
    options.smtpPort === undefined
      ? undefined
      : await startSmtp(lb, { host, port: options.smtpPort, anyPortIfTaken: options.smtpAnyPortIfTaken })
  if (dataDir && options.writeKeyFile !== false) await writeKeyFile(dataDir, url, keys, smtp?.url)

  server.on('request', async (message, res) => {
    const method = message.method ?? 'GET'
    try {
      const pathname = new URL(message.url ?? '/', url).pathname
      const api = APIS.find((candidate) => pathname === candidate.prefix || pathname.startsWith(candidate.prefix + '/'))
      const corsHeaders: Record<string, string> = api?.cors === false ? {} : CORS_HEADERS
      if (method === 'OPTIONS') return void res.writeHead(204, corsHeaders).end()
      let response: Response
      if (!api) {
        response =
          pathname === '/' || pathname === '/health'
            ? json({ ok: true })
            : json({ message: 'no Route matched with those values' }, { status: 404 })
      } else {
        let body: Buffer
        try {
          body = await readBody(message, api.bodyLimit)
        } catch (error) {
          if (!(error instanceof BodyTooLargeError)) throw error
          response = api.tooLarge()
          response.headers.set('connection', 'close')
          for (const [name, value] of Object.entries(corsHeaders)) response.headers.set(name, value)
          return void (await writeResponse(response, res, method))
        }
        response = await api.handler(lb, toRequest(message, body, url), pathname.slice(api.prefix.length) || '/')
      }
      for (const [name, value] of Object.entries(corsHeaders)) response.headers.set(name, value)
      await writeResponse(response, res, method)
    } catch (error) {
      log(`unexpected error on ${method} ${message.url}: ${error instanceof Error ? error.stack : String(error)}`)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'An unexpected error occurred' }))
    }
  })

  return {
    ...lb,
    server,
    smtp,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await smtp?.close()
      await maintenance.stop()
      await db.close()
    },
  }
}
