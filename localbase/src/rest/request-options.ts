// Headers that shape a REST response: Prefer, Accept and Range.
import { ApiError, restErrors } from '#localbase/src/rest/errors.ts'

export type Prefer = {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  tx: 'commit' | 'rollback' | null
  handling: 'strict' | 'lenient' | null
  maxAffected: number | null
  singleObject: boolean
}

const PREFERENCES: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
  params: ['single-object'],
}

/**
 * Parses Prefer as PostgREST does: one or more headers of comma-separated `key=value`
 * items; unknown items are ignored unless `handling=strict`, which rejects them.
 */
export function parsePrefer(header: string | null): Prefer {
  const prefer: Prefer = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    handling: null,
    maxAffected: null,
    singleObject: false,
  }
  if (!header) return prefer
  const invalid: string[] = []
  for (const raw of header.split(',')) {
    const item = raw.trim()
    if (!item) continue
    const [key = '', value = ''] = item.split('=').map((part) => part.trim())
    if (key === 'max-affected' && /^\d+$/.test(value)) prefer.maxAffected = Number(value)
    else if (key === 'timezone') continue
    else if (PREFERENCES[key]?.includes(value)) {
      if (key === 'params') prefer.singleObject = true
      else (prefer as Record<string, unknown>)[key] = value
    } else invalid.push(item)
  }
  if (prefer.handling === 'strict' && invalid.length) {
    throw new ApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`)
  }
  return prefer
}

/** The Preference-Applied header value for the preferences a response honoured. */
export function preferenceApplied(prefer: Prefer, honoured: (keyof Prefer)[]): string | null {
  const items: string[] = []
  for (const key of honoured) {
    const value = prefer[key]
    if (value === null || value === false) continue
    if (key === 'maxAffected') items.push(`max-affected=${value}`)
    else if (key === 'singleObject') items.push('params=single-object')
    else items.push(`${key}=${value}`)
  }
  return items.length ? items.join(', ') : null
}

export type MediaType = { kind: 'array' | 'object' | 'csv'; stripNulls: boolean }

/** Picks the first acceptable media type; 406 PGRST107 when none is. */
export function negotiate(accept: string | null): MediaType {
  if (!accept || !accept.trim()) return { kind: 'array', stripNulls: false }
  for (const entry of accept.split(',')) {
    const [type = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase())
    const stripNulls = parameters.includes('nulls=stripped')
    switch (type) {
      case '*/*':
      case 'application/*':
      case 'application/json':
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'array', stripNulls }
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls }
      case 'text/csv':
      case 'text/*':
        return { kind: 'csv', stripNulls: false }
    }
  }
  throw restErrors.mediaType(accept)
}

export type Range = { offset: number; limit: number | null }

/** `Range: 0-9` (Range-Unit: items) as an offset and limit; null when absent or unusable. */
export function parseRangeHeader(request: Request): Range | null {
  const header = request.headers.get('range')
  const unit = request.headers.get('range-unit')
  if (!header || (unit && unit.toLowerCase() !== 'items')) return null
  const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header)
  if (!match) return null
  const from = Number(match[1])
  const to = match[2] ? Number(match[2]) : null
  if (to !== null && to < from)
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    )
  return { offset: from, limit: to === null ? null : to - from + 1 }
}

/** The root range: the Range header intersected with offset/limit, capped at maxRows. */
export function effectiveRange(header: Range | null, offset: number | null, limit: number | null, maxRows: number | null): Range {
  let start = offset ?? 0
  let end = limit === null ? Infinity : start + limit // exclusive
  if (header) {
    start = Math.max(start, header.offset)
    end = Math.min(end, header.limit === null ? Infinity : header.offset + header.limit)
  }
  if (maxRows !== null) end = Math.min(end, start + maxRows)
  return { offset: start, limit: end === Infinity ? null : Math.max(0, end - start) }
}
