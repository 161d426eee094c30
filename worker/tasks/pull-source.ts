// Scheduled pulls (decision 033). schedule_pulls runs every minute (a
// job_schedules row) and enqueues a pull_source job for each due, unpaused pull source; 'Run
// now' enqueues one too. pull_source fetches the source's whole list with worker/safe-fetch.ts
// (never a private address; a feed's conditional GET), reads it with the format readers and
// applies it through the import pipeline as the service role, then tells finish_pull how it
// went: a success resets the failures; a failure is recorded as a failed run (the shelter sees
// why in the Sync tab) and moves the next pull out, and the third in a row emails the owners
// and admins. A run an earlier attempt left receiving (a killed worker) is closed first. A feed
// that answers 304 Not Modified records no run: nothing was sent. An ASM3 account
// (decision 041) is read from its service's unauthenticated list, no key.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Json, Tables } from '#app/types/database.ts'
import { ConnectorKeyError, decryptConnectorKey } from '#app/sync/connector-keys.ts'
import {
  asm3AdoptableUrl,
  ASM3_ACCOUNT,
  ASM3_HOSTED_SERVICE,
  detectFormat,
  readAsm3Animals,
  readAsm3Answer,
  readRescueGroupsAnimals,
  readRescueGroupsPage,
  readShelterluvAnimals,
  readShelterluvPage,
  RESCUEGROUPS_PAGE_SIZE,
  SHELTERLUV_PAGE_SIZE,
  type PulledSnapshot,
  type RescueGroupsPage,
} from '#app/sync/formats/index.ts'
import { applySnapshot, importFile, recordUnreadable, type ImportRun, type RunTrigger } from '#app/sync/pipeline.server.ts'
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { PermanentJobError, type Task, type TaskContext } from '#worker/runner.ts'
import { FetchRefused, fetchDocument, type FetchedDocument, type FetchPolicy } from '#worker/safe-fetch.ts'

type Client = SupabaseClient<Database>
type PullSource = Tables<'sync_sources'>

/** Where the connectors' APIs are (tests and the bench point them at fake servers). */
export type ConnectorEndpoints = { shelterluv: string; rescuegroups: string; asm3: string }
export const CONNECTOR_ENDPOINTS: ConnectorEndpoints = {
  shelterluv: 'https://www.shelterluv.com/api/v1',
  rescuegroups: 'https://api.rescuegroups.org/v5',
  // The hosted service; a self-hosted ASM3's own address (settings.service_url) comes first.
  asm3: ASM3_HOSTED_SERVICE,
}

export type PullOptions = {
  /** SYNC_SECRET_KEY: decrypts the connectors' keys. Without it only feeds can be pulled. */
  secretKey?: string | null
  fetchPolicy?: FetchPolicy
  endpoints?: Partial<ConnectorEndpoints>
  /** Today as YYYY-MM-DD, for birth dates from ages. */
  today?: string
}

/** A feed or an API answer: 50 MB (an upload's limit), a minute. */
const DOCUMENT_LIMITS = { maxBytes: 50 * 1024 * 1024, timeoutMs: 60_000 }
/** A connector never pages forever: 200 pages of 100 is 20,000 animals. */
const MAX_PAGES = 200

/** Why a pull came to nothing; the message is for the shelter. */
export class PullFailed extends Error {}

export type PullOutcome =
  | { outcome: 'applied'; run: ImportRun }
  | { outcome: 'unchanged' }
  | { outcome: 'failed'; message: string; run: ImportRun | null }
  | { outcome: 'skipped'; reason: string }

export const schedulePulls: Task = async (_payload, { supabase, log }) => {
  const { data, error } = await supabase.rpc('enqueue_due_pulls')
  if (error) throw new Error(`enqueue_due_pulls failed: ${error.message}`)
  if (data) log(`${data} pull${data === 1 ? '' : 's'} due`)
}

export function pullSourceTask(options: PullOptions = {}): Task {
  return async (payload, context) => {
    const result = await pullSource(payload, context, options)
    context.log(
      `pull ${JSON.stringify(payload)}: ${result.outcome}${'message' in result ? ` (${result.message})` : 'reason' in result ? ` (${result.reason})` : ''}`,
    )
  }
}

export async function pullSource(
  payload: Json,
  { supabase, signal }: Pick<TaskContext, 'supabase' | 'signal'>,
  options: PullOptions = {},
): Promise<PullOutcome> {
  const { sourceId, trigger } = readPayload(payload)
  // A run an earlier attempt of this job left receiving (its worker was killed) is closed first.
  const { error: closing } = await supabase.rpc('close_interrupted_pulls', { source_id: sourceId })
  if (closing) throw new Error(`Could not close the interrupted runs of source ${sourceId}: ${closing.message}`)
  const { data: source, error } = await supabase.from('sync_sources').select('*').eq('id', sourceId).maybeSingle()
  if (error) throw new Error(`Could not read source ${sourceId}: ${error.message}`)
  if (!source || source.pull_interval_minutes === null) return { outcome: 'skipped', reason: 'not a pull source (any more)' }
  if (source.paused && trigger !== 'manual') return { outcome: 'skipped', reason: 'paused' }

  let result: { run: ImportRun } | { unchanged: true; settings?: Record<string, string | null> }
  try {
    result = await pull(supabase, source, trigger, options, signal)
  } catch (caught) {
    if (!(
      caught instanceof PullFailed ||
      caught instanceof FetchRefused ||
      caught instanceof UnreadableSnapshot ||
      caught instanceof ConnectorKeyError
    ))
      throw caught
    const message = failureMessage(source, caught)
    const run = await recordUnreadable(supabase, source.id, message, { trigger, fileName: null })
    await finish(supabase, source.id, false, message)
    return { outcome: 'failed', message, run }
  }
  if ('unchanged' in result) {
    await finish(supabase, source.id, true, null, result.settings)
    return { outcome: 'unchanged' }
  }
  if (result.run.status === 'failed') {
    const message = result.run.message ?? 'The list could not be read.'
    await finish(supabase, source.id, false, message)
    return { outcome: 'failed', message, run: result.run }
  }
  // Applied or held for a person: either way the source answered as it should.
  await finish(supabase, source.id, true, null, 'settings' in result ? (result.settings as Record<string, string | null>) : undefined)
  return { outcome: 'applied', run: result.run }
}

async function pull(
  supabase: Client,
  source: PullSource,
  trigger: RunTrigger,
  options: PullOptions,
  signal?: AbortSignal,
): Promise<{ run: ImportRun; settings?: Record<string, string | null> } | { unchanged: true; settings?: Record<string, string | null> }> {
  const policy = { ...DOCUMENT_LIMITS, ...options.fetchPolicy }
  // Fetching can take minutes; once the lease is lost another worker pulls, so this one must not apply.
  const applying = (snapshot: PulledSnapshot) => {
    signal?.throwIfAborted()
    return applySnapshot(supabase, source.id, snapshot, { trigger, fileName: null })
  }
  const endpoints = { ...CONNECTOR_ENDPOINTS, ...options.endpoints }
  const settings = (source.settings ?? {}) as Record<string, unknown>
  switch (source.kind) {
    case 'feed':
      return pullFeed(supabase, source, settings, trigger, policy, signal)
    case 'shelterluv': {
      const key = connectorKey(source, options)
      const snapshot = await fetchShelterluv(endpoints.shelterluv, key, policy, options.today)
      return { run: await applying(snapshot) }
    }
    case 'rescuegroups': {
      const key = connectorKey(source, options)
      const snapshot = await fetchRescueGroups(endpoints.rescuegroups, key, String(settings.org_id ?? ''), policy, options.today)
      return { run: await applying(snapshot) }
    }
    case 'asm3': {
      const serviceUrl = typeof settings.service_url === 'string' && settings.service_url ? settings.service_url : endpoints.asm3
      const snapshot = await fetchAsm3(serviceUrl, String(settings.account ?? ''), policy, options.today)
      return { run: await applying(snapshot) }
    }
    default:
      throw new PullFailed(`A ${source.kind} source is not pulled.`)
  }
}

// Feeds ------------------------------------------------------------------------------------------

/** The feed's list, unless it says (304) that it has not changed since the validators we kept. */
async function pullFeed(
  supabase: Client,
  source: PullSource,
  settings: Record<string, unknown>,
  trigger: RunTrigger,
  policy: FetchPolicy,
  signal?: AbortSignal,
) {
  const url = typeof settings.url === 'string' ? settings.url : ''
  if (!url) throw new PullFailed('This feed has no address.')
  const headers: Record<string, string> = { Accept: 'text/csv, application/json;q=0.9, text/plain;q=0.8, */*;q=0.5' }
  // A person's 'Run now' fetches the whole list whatever the validators say.
  if (trigger !== 'manual') {
    if (typeof settings.etag === 'string') headers['If-None-Match'] = settings.etag
    if (typeof settings.last_modified === 'string') headers['If-Modified-Since'] = settings.last_modified
  }
  const answer = await fetchDocument(url, headers, policy)
  if (answer.status === 304) return { unchanged: true as const }
  if (answer.status !== 200) throw new PullFailed(httpFailure('The feed', answer))
  const validators = { etag: header(answer, 'etag'), last_modified: header(answer, 'last-modified') }
  const fileName = new URL(answer.url).pathname.split('/').pop() || 'feed'
  const format = detectFormat(fileName, answer.bytes)
  if (!format)
    throw new PullFailed(
      'The feed’s answer is not a listings file we know (Petfinder, Adopt-a-Pet or RescueGroups CSV, Pawhaven JSON or ShelterManager ASM3 JSON).',
    )
  signal?.throwIfAborted()
  const run = await importFile(supabase, { id: source.id, format }, { name: fileName, bytes: answer.bytes }, { trigger })
  // Validators are kept only when the list was read: a failed one is fetched whole next time.
  return { run, settings: run.status === 'failed' ? undefined : validators }
}

// Connectors -------------------------------------------------------------------------------------

function connectorKey(source: PullSource, options: PullOptions): string {
  if (!source.key_ciphertext) throw new PullFailed('This source has no API key: enter it on the source’s page.')
  if (!options.secretKey)
    throw new PullFailed('Pawhaven cannot read stored keys right now (SYNC_SECRET_KEY is not set); we will try again.')
  return decryptConnectorKey(source.key_ciphertext, options.secretKey)
}

/** Every page of the shelter's publishable animals, 100 at a time until has_more is false. */
export async function fetchShelterluv(base: string, key: string, policy: FetchPolicy, today?: string): Promise<PulledSnapshot> {
  const animals: unknown[] = []
  for (let page = 0; ; page += 1) {
    if (page >= MAX_PAGES) throw new PullFailed(`Shelterluv kept saying there was more after ${MAX_PAGES} pages.`)
    const url = `${base.replace(/\/$/, '')}/animals?status_type=publishable&offset=${page * SHELTERLUV_PAGE_SIZE}`
    const answer = await fetchDocument(url, { 'X-Api-Key': key, Accept: 'application/json' }, policy)
    if (answer.status !== 200) throw new PullFailed(httpFailure('Shelterluv', answer))
    const read = readShelterluvPage(parseJson('Shelterluv', answer))
    animals.push(...read.animals)
    if (!read.hasMore) break
    if (read.animals.length === 0) throw new PullFailed('Shelterluv said there was more but sent an empty page.')
  }
  return readShelterluvAnimals(animals, { today })
}

/** Every page of the organization's available animals, with their pictures, species and colours. */
export async function fetchRescueGroups(
  base: string,
  key: string,
  orgId: string,
  policy: FetchPolicy,
  today?: string,
): Promise<PulledSnapshot> {
  if (!/^\d{1,12}$/.test(orgId)) throw new PullFailed('This source has no RescueGroups organization id.')
  const pages: RescueGroupsPage[] = []
  for (let page = 1; ; page += 1) {
    if (page > MAX_PAGES) throw new PullFailed(`RescueGroups kept saying there was more after ${MAX_PAGES} pages.`)
    const url = `${base.replace(/\/$/, '')}/public/orgs/${orgId}/animals/search/available?include=pictures,species,colors&limit=${RESCUEGROUPS_PAGE_SIZE}&page=${page}`
    const answer = await fetchDocument(
      url,
      { Authorization: key, 'Content-Type': 'application/vnd.api+json', Accept: 'application/vnd.api+json' },
      policy,
    )
    if (answer.status !== 200) throw new PullFailed(httpFailure('RescueGroups', answer))
    const read = readRescueGroupsPage(parseJson('RescueGroups', answer))
    pages.push(read)
    if (page >= read.pages || read.data.length === 0) break
  }
  return readRescueGroupsAnimals(pages, { today })
}

/**
 * An ASM3 account's adoptable animals, in one answer, from the unauthenticated
 * json_adoptable_animals_xp method (ASM3 caches it for 10 minutes); pictures without PHOTOURLS
 * come from the same service.
 */
export async function fetchAsm3(serviceUrl: string, account: string, policy: FetchPolicy, today?: string): Promise<PulledSnapshot> {
  if (!ASM3_ACCOUNT.test(account)) throw new PullFailed('This source has no ASM3 account number: enter it on the source’s page.')
  let url: string
  try {
    url = asm3AdoptableUrl(serviceUrl, account)
  } catch {
    throw new PullFailed('This source’s ASM3 service address is not a web address: correct it on the source’s page.')
  }
  const answer = await fetchDocument(url, { Accept: 'application/json' }, policy)
  if (answer.status === 401 || answer.status === 403) {
    throw new PullFailed(
      `ShelterManager refused the request (HTTP ${answer.status}): check the account number, and that your ASM3 publishes its adoptable animals.`,
    )
  }
  if (answer.status !== 200) throw new PullFailed(httpFailure('ShelterManager', answer))
  const rows = readAsm3Answer(parseJson('ShelterManager', answer))
  return readAsm3Animals(rows, { today, service: { url: serviceUrl, account } })
}

// Reporting --------------------------------------------------------------------------------------

async function finish(
  supabase: Client,
  sourceId: string,
  succeeded: boolean,
  error: string | null,
  settings?: Record<string, string | null>,
) {
  const kept = settings ? Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== null)) : {}
  const { error: failed } = await supabase.rpc('finish_pull', { source_id: sourceId, succeeded, error: error ?? undefined, settings: kept })
  if (failed) throw new Error(`finish_pull failed for ${sourceId}: ${failed.message}`)
}

function httpFailure(who: string, answer: FetchedDocument): string {
  if (answer.status === 401 || answer.status === 403) return `${who} refused the key (HTTP ${answer.status}): check it, or enter a new one.`
  if (answer.status === 404) return `${who} answered 404 Not Found: check the address or the organization id.`
  if (answer.status === 429) return `${who} asked us to slow down (HTTP 429); we will try again later.`
  return `${who} answered HTTP ${answer.status}; we will try again later.`
}

function failureMessage(source: PullSource, error: Error): string {
  if (error instanceof FetchRefused)
    return `${source.kind === 'feed' ? 'The feed' : 'The connection'} could not be fetched: ${error.message}.`
  return error.message
}

function parseJson(who: string, answer: FetchedDocument): unknown {
  try {
    return JSON.parse(answer.bytes.toString('utf8'))
  } catch {
    throw new PullFailed(`${who} answered with something other than JSON.`)
  }
}

function header(answer: FetchedDocument, name: string): string | null {
  const value = answer.headers[name]
  return typeof value === 'string' && value.length <= 500 ? value : null
}

function readPayload(payload: Json): { sourceId: string; trigger: RunTrigger } {
  const record = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : {}
  const sourceId = typeof record.source_id === 'string' ? record.source_id : ''
  if (!/^[0-9a-f-]{36}$/i.test(sourceId)) throw new PermanentJobError('pull_source needs a source_id')
  return { sourceId, trigger: record.trigger === 'manual' ? 'manual' : 'schedule' }
}
