// Scheduled pulls as the Sync tab manages them (supabase/migrations/20261126004000_scheduled_pulls.sql,
// 20261128001000_asm3_pulls.sql), through the member's own client: the functions let only
// owners and admins through. A connector's key is encrypted here, before it leaves the app
// (app/sync/connector-keys.ts), and never read back: the page only learns that one is set. An
// ASM3 account needs no key: its number (and a self-hosted service's address) is enough.
import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { encryptConnectorKey } from '#app/sync/connector-keys.ts'
import { ASM3_ACCOUNT } from '#app/sync/pull-options.ts'
import type { Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { publicAddressProblem } from '#app/utils/public-address.server.ts'

type Client = SupabaseClient<Database>

const interval = z.coerce
  .number({ invalid_type_error: 'Choose how often' })
  .int()
  .min(5, 'Pull every 5 minutes at the most')
  .max(1440, 'Pull at least once a day')
const name = z
  .string({ required_error: 'Give the source a name' })
  .trim()
  .min(1, 'Give the source a name')
  .max(100, 'Keep the name to 100 characters')
const apiKey = z
  .string({ required_error: 'Enter the API key' })
  .trim()
  .min(8, 'Enter the whole API key')
  .max(500, 'That is longer than any API key')

const url = z
  .string({ required_error: 'Enter the feed’s address' })
  .trim()
  .url('Enter the full address, starting with https://')
  .max(2000)
  .refine((url) => /^https?:\/\//i.test(url), 'The address must start with https:// or http://')
const orgId = z
  .string({ required_error: 'Enter your organization id' })
  .trim()
  .regex(/^\d{1,12}$/, 'Your organization id is a number, e.g. 8099')
const account = z
  .string({ required_error: 'Enter your ASM3 account number' })
  .trim()
  .min(1, 'Enter your ASM3 account number')
  .refine((value) => !value || ASM3_ACCOUNT.test(value), 'Your ASM3 account number is letters and digits, e.g. ab1234')
/** A self-hosted ASM3's service address; blank is the hosted service. */
const serviceUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .url('Enter the full address of your ASM3 service, starting with https://')
    .max(2000)
    // (Said once: an address that is not one at all has its message already.)
    .refine((url) => !URL.canParse(url) || /^https?:\/\//i.test(url), 'The address must start with https:// or http://')
    .optional(),
)
/** On the source's page the key is write-only: left blank, the stored one stays. */
const newKey = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), apiKey.optional())

/** The add-a-pull-source form, one variant per kind. */
export const PullSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('feed'), name, interval, url }),
  z.object({ kind: z.literal('shelterluv'), name, interval, key: apiKey }),
  z.object({ kind: z.literal('rescuegroups'), name, interval, key: apiKey, orgId }),
  z.object({ kind: z.literal('asm3'), name, interval, account, serviceUrl }),
])
export type PullSourceInput = z.infer<typeof PullSourceSchema>

/** The source page's settings form: the same checks, the kind from the source, and the key optional. */
export const PullSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('feed'), name, interval, url }),
  z.object({ kind: z.literal('shelterluv'), name, interval, key: newKey }),
  z.object({ kind: z.literal('rescuegroups'), name, interval, key: newKey, orgId }),
  z.object({ kind: z.literal('asm3'), name, interval, account, serviceUrl }),
])
export type PullSettingsInput = z.infer<typeof PullSettingsSchema>

export type PullState = Pick<
  Tables<'sync_sources'>,
  | 'id'
  | 'kind'
  | 'name'
  | 'pull_interval_minutes'
  | 'paused'
  | 'next_run_at'
  | 'last_pulled_at'
  | 'consecutive_failures'
  | 'last_error'
  | 'has_key'
> & {
  url: string | null
  orgId: string | null
  /** An ASM3 source's account number, and its service address when self-hosted. */
  account: string | null
  serviceUrl: string | null
}

/** A source's pull settings and state, or null when it is not pulled. */
export async function getPullState(supabase: Client, sourceId: string): Promise<PullState | null> {
  const { data, error } = await supabase
    .from('sync_sources')
    .select('id, kind, name, pull_interval_minutes, paused, next_run_at, last_pulled_at, consecutive_failures, last_error, has_key')
    .eq('id', sourceId)
    .maybeSingle()
  if (error) throw new BackendError('reading a pull source', error)
  if (!data || data.pull_interval_minutes === null) return null
  const setting = async (key: string) => {
    const read = await supabase.rpc('sync_source_setting', { source_id: sourceId, setting: key })
    if (read.error) throw new BackendError('reading a pull source’s settings', read.error)
    return typeof read.data === 'string' ? read.data : null
  }
  const [url, orgId, account, serviceUrl] = await Promise.all([
    data.kind === 'feed' ? setting('url') : null,
    data.kind === 'rescuegroups' ? setting('org_id') : null,
    data.kind === 'asm3' ? setting('account') : null,
    data.kind === 'asm3' ? setting('service_url') : null,
  ])
  return { ...data, url, orgId, account, serviceUrl }
}

/**
 * The form's errors for an address Pawhaven could not fetch from (a private or loopback one, a
 * name that does not resolve), by field, or null when there is none to check or it is fine.
 */
export async function unreachableAddress(input: PullSourceInput | PullSettingsInput): Promise<Record<string, string[]> | null> {
  const [field, address] =
    input.kind === 'feed' ? ['url', input.url] : input.kind === 'asm3' && input.serviceUrl ? ['serviceUrl', input.serviceUrl] : [null, null]
  if (!field || !address) return null
  const problem = await publicAddressProblem(address, { allowHosts: getEnv().SYNC_ADDRESS_ALLOW_HOSTS })
  return problem ? { [field]: [problem] } : null
}

/** Whether connector keys can be stored: the app needs SYNC_SECRET_KEY. */
export function canStoreKeys(): boolean {
  return Boolean(getEnv().SYNC_SECRET_KEY)
}

function encrypt(key: string): string {
  const secret = getEnv().SYNC_SECRET_KEY
  if (!secret) throw new Response('Connector keys cannot be stored: SYNC_SECRET_KEY is not set', { status: 503 })
  return encryptConnectorKey(key, secret)
}

type Refusal = { refusal: string }
/** A refusal the person can act on (a name taken, a bad value), or a BackendError. */
function outcome<T>(operation: string, result: { data: T | null; error: { code?: string; message: string } | null }): T | Refusal {
  if (result.error?.code === '22023') return { refusal: result.error.message }
  if (result.error) throw new BackendError(operation, result.error)
  // Cast: no error means the call returned its data (supabase-js types it nullable either way).
  return result.data as T
}

export async function addPullSource(supabase: Client, input: PullSourceInput): Promise<Tables<'sync_sources'> | Refusal> {
  const result = await supabase.rpc('add_pull_source', {
    kind: input.kind,
    name: input.name,
    interval_minutes: input.interval,
    url: input.kind === 'feed' ? input.url : undefined,
    key_ciphertext: input.kind === 'shelterluv' || input.kind === 'rescuegroups' ? encrypt(input.key) : undefined,
    settings:
      input.kind === 'rescuegroups'
        ? { org_id: input.orgId }
        : input.kind === 'asm3'
          ? { account: input.account, ...(input.serviceUrl ? { service_url: input.serviceUrl } : {}) }
          : {},
  })
  return outcome('adding a pull source', result)
}

export async function setPaused(supabase: Client, sourceId: string, paused: boolean) {
  return outcome('pausing a pull source', await supabase.rpc('set_pull_source_paused', { source_id: sourceId, paused }))
}

/** Saves a pull source's settings; a key is encrypted here, and none given keeps the stored one. */
export async function updatePullSource(supabase: Client, sourceId: string, input: PullSettingsInput) {
  const result = await supabase.rpc('update_pull_source', {
    source_id: sourceId,
    name: input.name,
    interval_minutes: input.interval,
    url: input.kind === 'feed' ? input.url : input.kind === 'asm3' ? input.serviceUrl : undefined,
    key_ciphertext: (input.kind === 'shelterluv' || input.kind === 'rescuegroups') && input.key ? encrypt(input.key) : undefined,
    org_id: input.kind === 'rescuegroups' ? input.orgId : undefined,
    account: input.kind === 'asm3' ? input.account : undefined,
  })
  return outcome('saving a pull source', result)
}

export async function runNow(supabase: Client, sourceId: string) {
  return outcome('starting a pull', await supabase.rpc('run_pull_source_now', { source_id: sourceId }))
}
