// Saved searches (supabase/migrations/20261127002000_saved_searches.sql, decision 037): an
// adopter's own, through their client so row-level security decides; the unsubscribe link's two
// functions through the public client (the token is the only key).
import type { SupabaseClient } from '@supabase/supabase-js'
import { searchFilterArguments, type SearchFilterArguments } from '#app/models/listing.server.ts'
import type { Database, Tables } from '#app/types/database.ts'
import { SAVED_SEARCH_NAME_MAX, type AlertFrequency } from '#app/utils/alert-vocabulary.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import { lookupLocation } from '#app/utils/location.server.ts'
import { createRateLimiter } from '#app/utils/rate-limit.server.ts'
import { parseSearchParams, searchQuery, type SearchFilters } from '#app/utils/search-params.ts'
import { AGE_GROUP_LABELS, ANIMAL_TYPE_PLURAL_LABELS, COAT_LABELS, GOOD_WITH_LABELS, SIZE_LABELS } from '#app/utils/vocabulary.ts'

type Client = SupabaseClient<Database>

export type SavedSearch = Pick<
  Tables<'saved_searches'>,
  'id' | 'name' | 'query' | 'frequency' | 'paused' | 'last_emailed_at' | 'created_at'
> & {
  frequency: AlertFrequency
}

/** A /search URL's query as a search to save: its canonical query, search_animals()'s arguments and a name. */
export type SearchToSave = {
  /** The query without '?' and without the page: what /account/searches opens. */
  query: string
  filters: SearchFilterArguments
  defaultName: string
  /** A location was typed that names no place we know (or several): the search covers every location. */
  ignoredLocation: string | null
}

/** Reads a /search query string the way /search does, resolving its location once. */
export async function searchToSave(params: URLSearchParams): Promise<SearchToSave> {
  const parsed = parseSearchParams(params)
  const location = await lookupLocation(parsed.location)
  const place = location.kind === 'place' ? location.place : null
  // A saved search is its filters: the list or map view it was saved from is not part of it.
  const filters: SearchFilters = { ...parsed, location: place ? parsed.location : undefined, page: 1, view: 'list' }
  if (!place && parsed.sort === 'distance') filters.sort = 'recent'
  return {
    query: searchQuery(filters).replace(/^\?/, ''),
    filters: withoutUndefined(searchFilterArguments(filters, place)),
    defaultName: describeSearch(filters, place?.label ?? null),
    ignoredLocation: parsed.location && !place ? parsed.location : null,
  }
}

/**
 * 'Dogs near Austin, TX', 'Senior small cats good with dogs', 'House-trained long-coated black
 * dogs with special needs, new this week', 'Pets matching “gentle”'.
 */
export function describeSearch(filters: SearchFilters, placeLabel: string | null): string {
  const adjectives = [
    filters.age ? AGE_GROUP_LABELS[filters.age] : null,
    filters.size ? SIZE_LABELS[filters.size] : null,
    filters.sex ?? null,
    filters.houseTrained ? 'house-trained' : null,
    filters.coat ? `${COAT_LABELS[filters.coat]}-coated` : null,
    filters.color ?? null,
  ]
    .filter((word): word is string => Boolean(word) && word !== 'unknown')
    .map((word) => word.toLowerCase())
  const noun = (filters.type ? ANIMAL_TYPE_PLURAL_LABELS[filters.type] : 'Pets').toLowerCase()
  let name = [...adjectives, filters.breed ? `${filters.breed}` : null, noun].filter(Boolean).join(' ')
  if (filters.specialNeeds) name += ' with special needs'
  if (filters.goodWith.length) name += ` good with ${filters.goodWith.map((value) => GOOD_WITH_LABELS[value].toLowerCase()).join(' and ')}`
  if (filters.q) name += ` matching “${filters.q}”`
  if (placeLabel) name += ` near ${placeLabel}`
  if (filters.newThisWeek) name += ', new this week'
  name = name.charAt(0).toUpperCase() + name.slice(1)
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…` : name
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  // Cast: Object.fromEntries loses the keys' types; the entries kept are the value's own.
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null)) as T
}

export async function listSavedSearches(supabase: Client): Promise<SavedSearch[]> {
  const { data, error } = await supabase
    .from('saved_searches')
    .select('id, name, query, frequency, paused, last_emailed_at, created_at')
    .order('created_at', { ascending: false })
    .order('id')
  if (error) throw new BackendError('reading saved searches', error)
  // The check constraint holds frequency to the vocabulary.
  return data as SavedSearch[]
}

export async function countSavedSearches(supabase: Client): Promise<number> {
  const { count, error } = await supabase.from('saved_searches').select('id', { count: 'exact', head: true })
  if (error) throw new BackendError('reading saved searches', error)
  return count ?? 0
}

/** Saves a search for the signed-in person; 'limit' when they already keep SAVED_SEARCH_LIMIT. */
export async function createSavedSearch(
  supabase: Client,
  search: { name: string; query: string; filters: SearchFilterArguments; frequency: AlertFrequency },
): Promise<'saved' | 'limit'> {
  const { error } = await supabase
    .from('saved_searches')
    // Cast: the filters are a JSON object of the search arguments (the column is jsonb).
    .insert({ ...search, filters: search.filters as Record<string, string | number | string[]> })
  // The database's own check (a trigger, one save at a time per person): errcode PT409 (PostgREST's 409).
  if (error?.code === 'PT409') return 'limit'
  if (error) throw new BackendError('saving a search', error)
  return 'saved'
}

/** Changes a saved search of the signed-in person; null when they have none with this id. */
export async function updateSavedSearch(
  supabase: Client,
  id: string,
  changes: Partial<{ name: string; frequency: AlertFrequency; paused: boolean }>,
): Promise<SavedSearch | null> {
  // Two calls: a mutation that returns its row would need every column readable, the token too.
  const { error } = await supabase.from('saved_searches').update(changes).eq('id', id)
  if (error) throw new BackendError('changing a saved search', error)
  const { data, error: readError } = await supabase
    .from('saved_searches')
    .select('id, name, query, frequency, paused, last_emailed_at, created_at')
    .eq('id', id)
    .maybeSingle()
  if (readError) throw new BackendError('reading saved searches', readError)
  // Cast: the check constraint holds frequency to the vocabulary.
  return data as SavedSearch | null
}

/** Deletes a saved search of the signed-in person; its name, or null when they have none with this id. */
export async function deleteSavedSearch(supabase: Client, id: string): Promise<string | null> {
  const { data, error: readError } = await supabase.from('saved_searches').select('name').eq('id', id).maybeSingle()
  if (readError) throw new BackendError('reading saved searches', readError)
  if (!data) return null
  const { error } = await supabase.from('saved_searches').delete().eq('id', id)
  if (error) throw new BackendError('deleting a saved search', error)
  return data.name
}

/** The search an unsubscribe link names, or null (an unknown or malformed token). */
export async function searchForUnsubscribe(supabase: Client, token: string): Promise<{ name: string; paused: boolean } | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null
  const { data, error } = await supabase.rpc('saved_search_for_unsubscribe', { token })
  if (error) throw new BackendError('reading a saved search', error)
  return data?.[0] ?? null
}

/** Stops the emails of the search an unsubscribe link names; its name, or null for an unknown token. */
export async function unsubscribeSavedSearch(supabase: Client, token: string): Promise<string | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null
  const { data, error } = await supabase.rpc('unsubscribe_saved_search', { token })
  if (error) throw new BackendError('unsubscribing from a saved search', error)
  return data ?? null
}

// Saving and changing searches, per person: far more than anyone clicks, far less than a script.
const changes = createRateLimiter({ bucket: 'saved_search_change', limit: 30, windowMs: 60_000 })
// The unsubscribe page, per visitor address: its tokens are unguessable, this keeps it quiet.
const unsubscribes = createRateLimiter({ bucket: 'saved_search_unsubscribe', limit: 30, windowMs: 60_000 })

export const savedSearchChangeAllowed = (userId: string) => changes.attempt(userId)
export const unsubscribeAllowed = (visitor: string) => unsubscribes.attempt(visitor)
