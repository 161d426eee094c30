// The worker's configuration, from the environment (see .env.example). Without SUPABASE_URL
// it finds the embedded backend as `npm start` left it: its URL and keys in
// DATA_DIR/localbase.json, its SMTP port beside them.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_SUPPORT_EMAIL } from '#app/utils/support-contact.ts'
import { DEFAULT_LEASE_SECONDS } from '#worker/runner.ts'

const schema = z.object({
  supabaseUrl: z.string().url(),
  serviceRoleKey: z.string().min(1, 'SUPABASE_SERVICE_ROLE_KEY is required: jobs act for the site, past row-level security'),
  smtpUrl: z
    .string()
    .url()
    .refine((url) => /^smtps?:$/.test(new URL(url).protocol), 'SMTP_URL must be smtp://… or smtps://…'),
  mailFrom: z.string().min(3),
  siteUrl: z.string().url(),
  // Named in emails that tell someone whom to ask (a password they did not change, say).
  supportEmail: z.string().email(),
  concurrency: z.coerce.number().int().min(1).max(50),
  pollIntervalMs: z.coerce.number().int().min(50),
  // How long a claimed job is held without a renewal: a dead worker's jobs wait this long.
  leaseSeconds: z.coerce.number().int().min(1).max(600),
  // Synced photos are fetched from the addresses shelters' files name: never from a private,
  // loopback or link-local one unless this says so (tests with a local server, nothing else).
  syncFetchAllowPrivate: z.boolean(),
  // Decrypts the pull connectors' keys (app/sync/connector-keys.ts); without it only feeds are pulled.
  syncSecretKey: z.string().min(32, 'SYNC_SECRET_KEY must be at least 32 characters').nullable(),
})

export type WorkerSettings = z.infer<typeof schema>

const VARIABLES: Record<keyof WorkerSettings, string> = {
  supabaseUrl: 'SUPABASE_URL',
  serviceRoleKey: 'SUPABASE_SERVICE_ROLE_KEY',
  smtpUrl: 'SMTP_URL',
  mailFrom: 'MAIL_FROM',
  siteUrl: 'SITE_URL',
  supportEmail: 'SUPPORT_EMAIL',
  concurrency: 'WORKER_CONCURRENCY',
  pollIntervalMs: 'WORKER_POLL_INTERVAL_MS',
  leaseSeconds: 'WORKER_LEASE_SECONDS',
  syncFetchAllowPrivate: 'SYNC_FETCH_ALLOW_PRIVATE',
  syncSecretKey: 'SYNC_SECRET_KEY',
}

export const DEFAULT_MAIL_FROM = 'Pawhaven <hello@pawhaven.org>'

type EmbeddedBackend = { url: string; serviceRoleKey: string; smtpUrl?: string }

export async function workerSettings(env: Record<string, string | undefined>): Promise<WorkerSettings> {
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined)
  let embedded: EmbeddedBackend | undefined
  if (!value('SUPABASE_URL')) {
    const file = path.join(dataDirectory(value), 'localbase.json')
    try {
      embedded = JSON.parse(await readFile(file, 'utf8')) as EmbeddedBackend
    } catch {
      throw new Error(
        `The worker needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or the embedded backend's ${file} (run npm start once).`,
      )
    }
  }
  const parsed = schema.safeParse({
    supabaseUrl: value('SUPABASE_URL') ?? embedded?.url,
    serviceRoleKey: value('SUPABASE_SERVICE_ROLE_KEY') ?? embedded?.serviceRoleKey ?? '',
    smtpUrl: value('SMTP_URL') ?? embedded?.smtpUrl,
    mailFrom: value('MAIL_FROM') ?? DEFAULT_MAIL_FROM,
    siteUrl: value('SITE_URL') ?? `http://localhost:${value('PORT') ?? 3000}`,
    supportEmail: value('SUPPORT_EMAIL') ?? DEFAULT_SUPPORT_EMAIL,
    concurrency: value('WORKER_CONCURRENCY') ?? 4,
    pollIntervalMs: value('WORKER_POLL_INTERVAL_MS') ?? 1_000,
    leaseSeconds: value('WORKER_LEASE_SECONDS') ?? DEFAULT_LEASE_SECONDS,
    syncFetchAllowPrivate: value('SYNC_FETCH_ALLOW_PRIVATE')?.toLowerCase() === 'true',
    // The embedded backend's data folder keeps a generated one (scripts/lib/backend.ts).
    syncSecretKey: value('SYNC_SECRET_KEY') ?? (embedded ? await readSecretFile(path.join(dataDirectory(value), 'sync-secret-key')) : null),
  })
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  - ${VARIABLES[issue.path[0] as keyof WorkerSettings]}: ${issue.message}`)
      .join('\n')
    throw new Error(`The worker cannot start:\n${problems}\n(see .env.example)`)
  }
  return parsed.data
}

function dataDirectory(value: (name: string) => string | undefined): string {
  return path.resolve(value('DATA_DIR') ?? './.data')
}

async function readSecretFile(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null
  } catch {
    return null
  }
}
