// Resolves an embed (`select=author:authors!fk(*)`) to a foreign key, as PostgREST does:
// many-to-one when the parent holds the key, one-to-many when the target does (one-to-one
// when the target's key columns are unique). A hint narrows by constraint name or by a
// single key column; more than one match is ambiguous (300 PGRST201).
import { ApiError, closestName } from '#localbase/src/rest/errors.ts'
import type { ForeignKey, Relation, SchemaCache } from '#localbase/src/rest/schema-cache.ts'

export type Relationship = {
  fk: ForeignKey
  target: Relation
  kind: 'many-to-one' | 'one-to-many' | 'one-to-one'
  /** [parent column, target column] pairs to join on. */
  pairs: [string, string][]
}

export function findRelationship(schema: SchemaCache, parent: string | null, name: string, hint: string | null): Relationship {
  const candidates: Relationship[] = []
  if (parent !== null) {
    const target = schema.relations.get(name)
    for (const fk of schema.foreignKeys) {
      if (target) {
        if (fk.table === parent && fk.refTable === name) candidates.push(manyToOne(fk, target))
        if (fk.refTable === parent && fk.table === name) candidates.push(oneToMany(fk, target))
      } else if (fk.table === parent && (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name))) {
        // Embedding through the key itself: `books?select=author_id(*)`.
        const referenced = schema.relations.get(fk.refTable)
        if (referenced) candidates.push(manyToOne(fk, referenced))
      }
    }
  }

  let matches = candidates
  if (hint !== null) {
    matches = candidates.filter(
      (rel) => rel.fk.name === hint || (rel.pairs.length === 1 && (rel.pairs[0]![0] === hint || rel.pairs[0]![1] === hint)),
    )
  }
  // A self-referencing key matches in both directions; like a column hint, it means the parent's key.
  if (matches.length === 2 && matches[0]!.fk === matches[1]!.fk) matches = matches.filter((rel) => rel.kind === 'many-to-one')

  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) throw notFound(schema, parent ?? '', name, hint)
  throw ambiguous(parent ?? '', name, matches)
}

function manyToOne(fk: ForeignKey, target: Relation): Relationship {
  return { fk, target, kind: 'many-to-one', pairs: fk.columns.map((col, i) => [col, fk.refColumns[i]!]) }
}

function oneToMany(fk: ForeignKey, target: Relation): Relationship {
  const unique = target.uniques.some((cols) => cols.length === fk.columns.length && cols.every((col) => fk.columns.includes(col)))
  return { fk, target, kind: unique ? 'one-to-one' : 'one-to-many', pairs: fk.refColumns.map((col, i) => [col, fk.columns[i]!]) }
}

export function isToOne(rel: Relationship): boolean {
  return rel.kind !== 'one-to-many'
}

function notFound(schema: SchemaCache, parent: string, name: string, hint: string | null): ApiError {
  const related = new Set<string>()
  for (const fk of schema.foreignKeys) {
    if (fk.table === parent) related.add(fk.refTable)
    if (fk.refTable === parent) related.add(fk.table)
  }
  const suggestion = closestName(name, related)
  return new ApiError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
    suggestion ? `Perhaps you meant '${suggestion}' instead of '${name}'.` : null,
  )
}

function ambiguous(parent: string, name: string, matches: Relationship[]): ApiError {
  const details = matches.map((rel) => ({
    cardinality: rel.kind,
    embedding: `${parent} with ${rel.target.name}`,
    relationship: `${rel.fk.name} using ${rel.fk.table}(${rel.fk.columns.join(', ')}) and ${rel.fk.refTable}(${rel.fk.refColumns.join(', ')})`,
  }))
  const options = matches.map((rel) => `'${name}!${rel.fk.name}'`).join(', ')
  return new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
    details,
    `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  )
}
