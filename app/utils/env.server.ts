import { z } from 'zod'
import { DEFAULT_SUPPORT_EMAIL } from '#app/utils/support-contact.ts'

/** An on/off variable: true, 1, on, yes or false, 0, off, no (any case); unset is off. */
const deploymentSwitch = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(['true', '1', 'on', 'yes', 'false', '0', 'off', 'no']))
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value))
  .default('false')

const schema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  SUPABASE_URL: z.string().url(),
  SUPABASE_ANON_KEY: z.string().min(1),
  // Only the few server-only jobs that must bypass RLS use it; most requests never do.
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters'),
  SUPPORT_EMAIL: z.string().email().default(DEFAULT_SUPPORT_EMAIL),
  SUPPORT_PHONE: z.string().min(1).default('(555) 010-7297'),
  // The spec's testing button that skips the vetting meeting (scripts/lib/backend.ts turns it
  // on for the embedded backend; the database's app_settings must allow it as well).
  VETTING_BYPASS_ENABLED: deploymentSwitch,
  // Encrypts the pull connectors' API keys at rest (app/sync/connector-keys.ts, decision 033);
  // `npm start` generates one in the embedded backend's data folder when it is unset.
  SYNC_SECRET_KEY: z.string().min(32, 'SYNC_SECRET_KEY must be at least 32 characters').optional(),
  // The site's public address (https://pawhaven.org): canonical links, the sitemap, share
  // cards. Unset, each request's own origin stands in (fine locally and in tests).
  SITE_URL: z.string().url().optional(),
  // Browser tests only, never in production: hosts (comma-separated, as written in the address)
  // a feed or ASM3 service address may name although they are not public, for the tests' own
  // servers on 127.0.0.1. The worker's fetch refuses them all the same unless it is told so.
  SYNC_ADDRESS_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    ),
  // How long one call to the backend may take before the page gives up with a 503.
  BACKEND_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
})

export type Env = z.infer<typeof schema>

let cached: Env | undefined

/** Reads and validates the environment once; a missing or bad variable stops the server with its name. */
export function getEnv(): Env {
  if (cached) return cached
  // An empty variable (e.g. `SUPPORT_EMAIL=` in .env) counts as unset.
  const defined = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''))
  const parsed = schema.safeParse(defined)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n')
    throw new Error(
      `Pawhaven cannot start: the environment is incomplete.\n${problems}\n` +
        'Set these variables (see .env.example), or unset SUPABASE_URL and run `npm start` to use the embedded backend.',
    )
  }
  cached = parsed.data
  return cached
}
