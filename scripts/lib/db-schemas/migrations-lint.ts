// A migration states a function, view or index whole (docs/decisions/054-schema-files.md). It
// must not make one by editing the live definition's text: read with pg_get_functiondef (or
// prosrc, or another pg_get_*def), changed with replace/regexp_replace, and run with execute.
// The result exists in no file, and whether it applied depends on text nobody reads.

/** Migrations from before the rule, kept as history: the schema files restate what they made. */
export const GRANDFATHERED = new Map([
  ['20261127004000_search_filters.sql', 'search_animals_base made by replace() over prosrc of search_animals'],
  [
    '20261128000100_search_shows_bonded_groups_once.sql',
    'regexp_replace over pg_get_functiondef of 12 functions and pg_get_indexdef of their indexes',
  ],
  ['20261128000200_published_when_first_listed.sql', 'replace() over pg_get_functiondef of animals_before_write'],
])

const READS_DEFINITION = /\bpg_get_\w*def\b|\bprosrc\b|\bpg_get_expr\b/i
const EDITS_TEXT = /\b(regexp_replace|replace|overlay|translate|substr|substring|split_part)\s*\(/i
// `execute` of dynamic SQL, not `execute function`/`execute procedure` of a trigger or `grant execute on`.
const RUNS_TEXT = /\bexecute\b(?!\s+(function|procedure|on)\b)/i

/** SQL without its comments, so a comment that names these words is no finding. */
export function withoutComments(sql: string): string {
  return sql.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ')
}

/** Why a migration's text looks like it rewrites a live definition, or undefined. */
export function rewritesLiveDefinition(sql: string): string | undefined {
  const code = withoutComments(sql)
  const reads = READS_DEFINITION.exec(code)
  if (!reads) return undefined
  const edits = EDITS_TEXT.exec(code)
  const runs = RUNS_TEXT.exec(code)
  if (!edits && !runs) return undefined
  return `reads ${reads[0]} and ${[edits && `edits text with ${edits[1]}()`, runs && 'runs text with execute'].filter(Boolean).join(' and ')}`
}
