// What `npm run db:types` reads from the database: the tables, columns, foreign keys, functions,
// enums and composite types of the exposed schemas, straight from pg_catalog, in the terms the
// Supabase CLI's type generator uses (docs/decisions/016-generated-database-types.md).

/** The one call needed from a database: PGlite and node-postgres both fit. */
export type Queryable = { query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> }

export type Column = {
  name: string
  /** The type's name (a domain's base type), e.g. `text`, `int4`, `_uuid`, `my_enum`. */
  format: string
  typeSchema: string
  nullable: boolean
  hasDefault: boolean
  identity: 'always' | 'by default' | null
  /** `generated always as (…) stored`: never written by anyone. */
  generated: boolean
}

export type Relationship = {
  foreignKeyName: string
  columns: string[]
  isOneToOne: boolean
  referencedSchema: string
  referencedRelation: string
  referencedColumns: string[]
}

export type Relation = {
  id: string
  schema: string
  name: string
  kind: 'table' | 'view'
  columns: Column[]
  relationships: Relationship[]
}

export type FunctionArg = {
  name: string
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table'
  typeName: string
  /** Whether the type is a table's (or view's) row: a composite type is an ordinary argument. */
  isRowType: boolean
  hasDefault: boolean
}

export type DatabaseFunction = {
  schema: string
  name: string
  identityArguments: string
  /** Sorted by name: RPC arguments are passed by name. */
  args: FunctionArg[]
  returnTypeName: string
  /** The relation whose row type the function returns, if any. */
  returnRelation: { id: string; typeName: string } | null
  setReturning: boolean
  /** The planner's row estimate of a set-returning function. */
  rows: number | null
}

export type EnumType = { schema: string; name: string; labels: string[] }
/**
 * A composite type's attribute. Postgres cannot declare one not null: `notNull` is what its
 * comment says (one beginning "Not null"), a promise the functions that build it keep.
 */
export type CompositeAttribute = { name: string; typeName: string | null; notNull: boolean }
export type CompositeType = { schema: string; name: string; attributes: CompositeAttribute[] }

export type Catalog = {
  schemas: string[]
  relations: Relation[]
  functions: DatabaseFunction[]
  /** Enums and composite types of every schema: a column may use one from anywhere. */
  enums: EnumType[]
  compositeTypes: CompositeType[]
}

const collator = new Intl.Collator('en')
/** The order the CLI sorts names in, made total. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)
}

const RELATIONS_SQL = `
select c.oid::text as id, n.nspname::text as schema, c.relname::text as name,
       case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm') and not c.relispartition`

// A vocabulary domain: a domain over text whose one check is `value in (…)`. Its values are
// written as a union, as an enum's are (listed with the enums), and its columns are typed by it.
const vocabularyDomain = (type: string) => `(${type}.typtype = 'd' and ${type}.typbasetype = 'text'::regtype
  and (select count(*) = 1 and bool_and(pg_get_constraintdef(k.oid) ~ '^CHECK \\(\\(VALUE = ANY \\(ARRAY\\[.*\\]\\)\\)\\)$')
         from pg_constraint k where k.contypid = ${type}.oid))`

const COLUMNS_SQL = `
select a.attrelid::text as relation_id, a.attname::text as name,
       case when ${vocabularyDomain('t')} then t.typname else coalesce(bt.typname, t.typname) end::text as format,
       case when ${vocabularyDomain('t')} then nt.nspname else coalesce(nbt.nspname, nt.nspname) end::text as type_schema,
       not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
       a.atthasdef as has_default,
       a.attidentity::text as identity,
       a.attgenerated::text as generated
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  join pg_namespace nt on nt.oid = t.typnamespace
  left join (pg_type bt join pg_namespace nbt on nbt.oid = bt.typnamespace)
    on t.typtype = 'd' and bt.oid = t.typbasetype
 where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped`

// A foreign key is one-to-one when its columns, in the key's order, are exactly a primary key
// or unique constraint of the table (columns in table order), as PostgREST decides it.
const RELATIONSHIPS_SQL = `
with key_columns as (
  select con.oid,
         array(select a.attname::text
                 from unnest(con.conkey) with ordinality as k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                order by k.ord) as columns,
         array(select a.attname::text
                 from unnest(con.confkey) with ordinality as k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
                order by k.ord) as referenced_columns
    from pg_constraint con
   where con.contype = 'f'
)
select con.conrelid::text as relation_id, con.conname::text as foreign_key_name,
       kc.columns, kc.referenced_columns,
       rn.nspname::text as referenced_schema, r.relname::text as referenced_relation,
       exists (
         select 1 from pg_constraint u
          where u.conrelid = con.conrelid and u.contype in ('p', 'u')
            and array(select a.attname::text from unnest(u.conkey) as k(attnum)
                        join pg_attribute a on a.attrelid = u.conrelid and a.attnum = k.attnum
                       order by a.attnum) = kc.columns
       ) as is_one_to_one
  from pg_constraint con
  join key_columns kc on kc.oid = con.oid
  join pg_namespace n on n.oid = con.connamespace
  join pg_class r on r.oid = con.confrelid
  join pg_namespace rn on rn.oid = r.relnamespace
 where con.contype = 'f' and con.conparentid = 0 and n.nspname = any($1)`

// Trigger functions are not callable over RPC, so they are left out, as the CLI does.
const FUNCTIONS_SQL = `
select n.nspname::text as schema, p.proname::text as name,
       pg_get_function_identity_arguments(p.oid) as identity_arguments,
       coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_modes,
       coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_names,
       array(select t.typname::text
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(type_id, ord)
               join pg_type t on t.oid = a.type_id
              order by a.ord) as arg_types,
       array(select t.typrelid <> 0 and (select c.relkind from pg_class c where c.oid = t.typrelid) <> 'c'
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(type_id, ord)
               join pg_type t on t.oid = a.type_id
              order by a.ord) as arg_row_types,
       p.pronargdefaults as default_count,
       rt.typname::text as return_type_name,
       nullif(rt.typrelid, 0)::text as return_relation_id,
       p.proretset as set_returning,
       case when p.proretset then nullif(p.prorows, 0)::float8 end as rows
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
 where n.nspname = any($1) and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`

const ENUMS_SQL = `
select n.nspname::text as schema, t.typname::text as name,
       array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as labels
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
 where t.typtype = 'e'
union all
select n.nspname::text, t.typname::text,
       array(select replace(m.label[1], '''''', '''')
               from pg_constraint k
               cross join lateral regexp_matches(pg_get_constraintdef(k.oid), '''((?:[^'']|'''')*)''::text', 'g') as m (label)
              where k.contypid = t.oid)
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
 where ${vocabularyDomain('t')}`

const COMPOSITE_TYPES_SQL = `
select n.nspname::text as schema, t.typname::text as name,
       coalesce(json_agg(json_build_object('name', a.attname::text, 'typeName', at.typname::text,
                                    'notNull', coalesce(col_description(c.oid, a.attnum) ~* '^not null', false))
                  order by a.attnum)
                  filter (where a.attnum is not null), '[]') as attributes
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
  join pg_class c on c.oid = t.typrelid and c.relkind = 'c'
  left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_type at on at.oid = a.atttypid
 group by n.nspname, t.typname`

const ARG_MODES: Record<string, FunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' }

/** Reads the catalog of `schemas` (and the enums and composite types of every schema). */
export async function readCatalog(db: Queryable, schemas: string[]): Promise<Catalog> {
  const relations = (
    await db.query<{ id: string; schema: string; name: string; kind: 'table' | 'view' }>(RELATIONS_SQL, [schemas])
  ).rows.map((row): Relation => ({ ...row, columns: [], relationships: [] }))
  const byId = new Map(relations.map((relation) => [relation.id, relation]))

  const columns = await db.query<{
    relation_id: string
    name: string
    format: string
    type_schema: string
    nullable: boolean
    has_default: boolean
    identity: string
    generated: string
  }>(COLUMNS_SQL, [schemas])
  for (const row of columns.rows) {
    byId.get(row.relation_id)?.columns.push({
      name: row.name,
      format: row.format,
      typeSchema: row.type_schema,
      nullable: row.nullable,
      hasDefault: row.has_default,
      identity: row.identity === 'a' ? 'always' : row.identity === 'd' ? 'by default' : null,
      generated: row.generated !== '',
    })
  }

  const relationships = await db.query<{
    relation_id: string
    foreign_key_name: string
    columns: string[]
    referenced_columns: string[]
    referenced_schema: string
    referenced_relation: string
    is_one_to_one: boolean
  }>(RELATIONSHIPS_SQL, [schemas])
  for (const row of relationships.rows) {
    byId.get(row.relation_id)?.relationships.push({
      foreignKeyName: row.foreign_key_name,
      columns: row.columns,
      isOneToOne: row.is_one_to_one,
      referencedSchema: row.referenced_schema,
      referencedRelation: row.referenced_relation,
      referencedColumns: row.referenced_columns,
    })
  }

  const functions = (
    await db.query<{
      schema: string
      name: string
      identity_arguments: string
      arg_modes: string[]
      arg_names: string[]
      arg_types: string[]
      arg_row_types: boolean[]
      default_count: number
      return_type_name: string
      return_relation_id: string | null
      set_returning: boolean
      rows: number | null
    }>(FUNCTIONS_SQL, [schemas])
  ).rows.map((row): DatabaseFunction => {
    const args = row.arg_modes.map((mode, index) => ({
      name: row.arg_names[index] ?? '',
      mode: ARG_MODES[mode] ?? 'in',
      typeName: row.arg_types[index] ?? 'unknown',
      isRowType: row.arg_row_types[index] ?? false,
      hasDefault: false,
    }))
    // Defaults belong to the last input arguments.
    const inputs = args.filter((arg) => arg.mode === 'in' || arg.mode === 'inout' || arg.mode === 'variadic')
    inputs.forEach((arg, index) => (arg.hasDefault = index >= inputs.length - row.default_count))
    return {
      schema: row.schema,
      name: row.name,
      identityArguments: row.identity_arguments,
      args: args.sort((a, b) => compareNames(a.name, b.name)),
      returnTypeName: row.return_type_name,
      returnRelation: row.return_relation_id ? { id: row.return_relation_id, typeName: row.return_type_name } : null,
      setReturning: row.set_returning,
      rows: row.rows,
    }
  })

  const enums = (await db.query<EnumType>(ENUMS_SQL)).rows
  const compositeTypes = (await db.query<CompositeType>(COMPOSITE_TYPES_SQL)).rows

  // Every collection in one order (by name), so the output never depends on oids.
  for (const relation of relations) {
    relation.columns.sort((a, b) => compareNames(a.name, b.name))
    relation.relationships.sort(
      (a, b) =>
        compareNames(a.foreignKeyName, b.foreignKeyName) ||
        compareNames(a.referencedRelation, b.referencedRelation) ||
        compareNames(JSON.stringify(a.referencedColumns), JSON.stringify(b.referencedColumns)),
    )
  }
  const bySchemaAndName = (a: { schema: string; name: string }, b: { schema: string; name: string }) =>
    compareNames(a.schema, b.schema) || compareNames(a.name, b.name)
  return {
    schemas: [...schemas].sort(compareNames),
    relations: relations.sort(bySchemaAndName),
    functions: functions.sort((a, b) => bySchemaAndName(a, b) || compareNames(a.identityArguments, b.identityArguments)),
    enums: enums.sort(bySchemaAndName),
    compositeTypes: compositeTypes.sort(bySchemaAndName),
  }
}
