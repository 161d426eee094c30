// `POST /object/list/<bucket>`: one level of a bucket, as Supabase's storage.search()
// answers it. The prefix names a folder ("a/b" lists "a/b/…"); `search` narrows the
// names at that level to those starting with it (case-insensitively, like Supabase's
// ILIKE, but with LIKE wildcards taken literally). Sub-folders come first, as entries
// whose id, timestamps and metadata are null, then the files. Runs as the caller, so
// the SELECT policies decide which objects (and hence which folders) exist.
import type { Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { errors } from '#localbase/src/storage/errors.ts'
import { escapeLike } from '#localbase/src/storage/paths.ts'
import { readJsonBody } from '#localbase/src/storage/request.ts'
import { runAs, type Caller } from '#localbase/src/storage/session.ts'

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at']

type ListEntry = {
  name: string
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: unknown
}

export async function listObjects(lb: Localbase, caller: Caller, request: Request, bucket: string) {
  const body = await readJsonBody(request)
  const rawPrefix = body.prefix ?? ''
  if (typeof rawPrefix !== 'string') throw errors.invalidRequest('body/prefix must be string')
  const search = typeof body.search === 'string' ? body.search : ''
  const limit = integerOr(body.limit, 100)
  const offset = integerOr(body.offset, 0)
  const sortBy = (typeof body.sortBy === 'object' && body.sortBy !== null ? body.sortBy : {}) as Record<string, unknown>
  const column = SORT_COLUMNS.includes(String(sortBy.column)) ? String(sortBy.column) : 'name'
  const order = String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc'

  // A prefix always names a folder; the level is the segment right below it.
  const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix.normalize('NFC') : `${rawPrefix.normalize('NFC')}/`
  const level = prefix === '' ? 1 : prefix.split('/').length

  const entries = await runAs(lb, caller, request, 'storage.object.list', async (tx) => {
    const { rows } = await tx.query<ListEntry>(
      `with matching as (
         select name, id, updated_at, created_at, last_accessed_at, metadata, path_tokens
           from storage.objects
          where bucket_id = $1 and name ilike $2 || '%'
       ), entries as (
         select distinct path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
                true as is_folder
           from matching where array_length(path_tokens, 1) > $3
         union all
         select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata, false
           from matching where array_length(path_tokens, 1) = $3
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata from entries
        order by is_folder desc, case when is_folder then name end ${order}, ${column} ${order}, name ${order}
        limit $4 offset $5`,
      [bucket, escapeLike(prefix) + escapeLike(search), level, limit, offset],
    )
    return rows
  })
  return json(entries)
}

function integerOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback
}
