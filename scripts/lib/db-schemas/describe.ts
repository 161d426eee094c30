// A normalised description of our part of a database, read from its catalog, to compare two
// databases: one entry per object (its kind and name) holding what defines it. Tables with
// their columns, types, defaults, options and RLS; constraints, indexes, sequences; functions
// as pg_get_functiondef prints them; triggers, policies, views, enums, composite types,
// domains, extensions; grants (ACLs, column grants, default privileges) and comments.
// Internal numbers (oids) and the names PostgreSQL 18 gives NOT NULL constraints are left out.
import type { Queryable } from '#localbase/src/db.ts'

type Entry = { key: string; value: string }

/** The schemas whose tables may carry our triggers and policies; everything else is ours only in public. */
const SCHEMAS = `('public', 'auth', 'storage')`
const ACL = (acl: string, kind: string, owner: string) =>
  `array_to_string(array(select x::text from unnest(coalesce(${acl}, acldefault((${kind})::"char", ${owner}))) x order by 1), ' ')`

const QUERIES = [
  `select 'extension ' || e.extname as key, e.extnamespace::regnamespace::text as value
     from pg_extension e`,
  `select 'schema ' || n.nspname as key, n.nspowner::regrole::text || ' ' || ${ACL('n.nspacl', `'n'`, 'n.nspowner')} as value
     from pg_namespace n where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'`,
  `select 'default privileges ' || d.defaclrole::regrole::text || ' ' || coalesce(d.defaclnamespace::regnamespace::text, '') || ' ' || d.defaclobjtype::text as key,
          array_to_string(array(select x::text from unnest(d.defaclacl) x order by 1), ' ') as value
     from pg_default_acl d`,
  `select case c.relkind when 'v' then 'view ' when 'm' then 'materialized view ' when 'S' then 'sequence ' when 'c' then 'composite type ' else 'table ' end
            || c.oid::regclass::text as key,
          concat_ws(e'\\n',
            'kind ' || c.relkind::text || ' persistence ' || c.relpersistence::text || ' owner ' || c.relowner::regrole::text,
            'options ' || coalesce(array_to_string(c.reloptions, ', '), ''),
            'row level security ' || c.relrowsecurity || ' forced ' || c.relforcerowsecurity || ' replica identity ' || c.relreplident::text,
            'grants ' || ${ACL('c.relacl', `case c.relkind when 'S' then 's' else 'r' end`, 'c.relowner')},
            (select string_agg(concat_ws(' ', quote_ident(a.attname), format_type(a.atttypid, a.atttypmod),
                 case when a.attcollation <> 0 then 'collate ' || a.attcollation::regcollation::text end,
                 case when a.attnotnull then 'not null' end,
                 case when a.attidentity <> '' then 'identity ' || a.attidentity::text end,
                 case when a.attgenerated <> '' then 'generated ' || a.attgenerated::text end,
                 case when d.adbin is not null then 'default ' || pg_get_expr(d.adbin, d.adrelid) end,
                 case when a.attacl is not null then 'grants ' || array_to_string(array(select x::text from unnest(a.attacl) x order by 1), ' ') end),
               e'\\n' order by a.attnum)
               from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
            case when c.relkind = 'v' then pg_get_viewdef(c.oid, true) end,
            (select 'sequence ' || concat_ws(' ', s.seqtypid::regtype::text, s.seqstart, s.seqincrement, s.seqmax, s.seqmin, s.seqcache, s.seqcycle)
               from pg_sequence s where s.seqrelid = c.oid),
            (select 'owned by ' || d.refobjid::regclass::text || '.' || d.refobjsubid from pg_depend d
              where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i'))
          ) as value
     from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'c')`,
  `select 'constraint ' || k.conrelid::regclass::text || '.' || quote_ident(k.conname) as key,
          pg_get_constraintdef(k.oid) || ' valid ' || k.convalidated as value
     from pg_constraint k where k.connamespace = 'public'::regnamespace and k.contype <> 'n' and k.conrelid <> 0`,
  `select 'index ' || i.indexrelid::regclass::text as key, pg_get_indexdef(i.indexrelid) as value
     from pg_index i join pg_class c on c.oid = i.indexrelid where c.relnamespace = 'public'::regnamespace`,
  `select 'function ' || p.oid::regproc::text || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
          concat_ws(e'\\n', 'owner ' || p.proowner::regrole::text, 'grants ' || ${ACL('p.proacl', `'f'`, 'p.proowner')},
            case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) else p.prokind::text end) as value
     from pg_proc p where p.pronamespace = 'public'::regnamespace`,
  `select 'trigger ' || t.tgrelid::regclass::text || '.' || quote_ident(t.tgname) as key,
          pg_get_triggerdef(t.oid) || ' enabled ' || t.tgenabled::text as value
     from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace::regnamespace::text in ${SCHEMAS}`,
  `select 'policy ' || p.schemaname || '.' || p.tablename || '.' || quote_ident(p.policyname) as key,
          concat_ws(e'\\n', p.permissive, p.cmd, array_to_string(array(select r from unnest(p.roles) r order by 1), ' '),
            'using ' || p.qual, 'with check ' || p.with_check) as value
     from pg_policies p where p.schemaname in ${SCHEMAS}`,
  `select 'type ' || t.oid::regtype::text as key,
          concat_ws(e'\\n', 'kind ' || t.typtype::text, 'grants ' || ${ACL('t.typacl', `'T'`, 't.typowner')},
            (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
            case when t.typtype = 'd' then concat_ws(' ', format_type(t.typbasetype, t.typtypmod), t.typnotnull, t.typdefault,
              (select string_agg(quote_ident(k.conname) || ' ' || pg_get_constraintdef(k.oid), ', ' order by k.conname)
                 from pg_constraint k where k.contypid = t.oid)) end) as value
     from pg_type t
    where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'c', 'r', 'm')
      and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`,
  `select 'comment ' || d.classoid::regclass::text || ' ' || coalesce(
            case d.classoid
              when 'pg_class'::regclass then d.objoid::regclass::text
              when 'pg_proc'::regclass then d.objoid::regprocedure::text
              when 'pg_type'::regclass then d.objoid::regtype::text
              when 'pg_constraint'::regclass then (select k.conrelid::regclass::text || '.' || k.conname from pg_constraint k where k.oid = d.objoid)
              when 'pg_trigger'::regclass then (select g.tgrelid::regclass::text || '.' || g.tgname from pg_trigger g where g.oid = d.objoid)
              when 'pg_policy'::regclass then (select p.polrelid::regclass::text || '.' || p.polname from pg_policy p where p.oid = d.objoid)
            end, '?') || ' ' || case when d.classoid = 'pg_class'::regclass and d.objsubid > 0
              -- A column by name: a dropped column leaves a gap in the numbers a migration made.
              then (select a.attname::text from pg_attribute a where a.attrelid = d.objoid and a.attnum = d.objsubid)
              else d.objsubid::text end as key,
          d.description as value
     from pg_description d
    where (d.classoid = 'pg_class'::regclass and d.objoid in (select oid from pg_class where relnamespace = 'public'::regnamespace))
       or (d.classoid = 'pg_proc'::regclass and d.objoid in (select oid from pg_proc where pronamespace = 'public'::regnamespace))
       or (d.classoid = 'pg_type'::regclass and d.objoid in (select oid from pg_type where typnamespace = 'public'::regnamespace))
       or (d.classoid = 'pg_constraint'::regclass and d.objoid in (select oid from pg_constraint where connamespace = 'public'::regnamespace))
       or (d.classoid = 'pg_trigger'::regclass and d.objoid in (select oid from pg_trigger where tgrelid in (select oid from pg_class where relnamespace::regnamespace::text in ${SCHEMAS})))
       or (d.classoid = 'pg_policy'::regclass and d.objoid in (select oid from pg_policy where polrelid in (select oid from pg_class where relnamespace::regnamespace::text in ${SCHEMAS})))`,
]

/** The description: object → its definition, read with nothing on the search path (names qualified). */
export async function describeSchema(
  db: Queryable & { transaction?: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T> },
): Promise<Map<string, string>> {
  const read = async (tx: Queryable) => {
    await tx.exec(`set local search_path = ''`)
    const entries: Entry[] = []
    for (const sql of QUERIES) entries.push(...(await tx.query<Entry>(sql)).rows)
    return entries
  }
  const entries = db.transaction ? await db.transaction(read) : await read(db)
  const description = new Map<string, string>()
  for (const { key, value } of entries) {
    if (description.has(key)) throw new Error(`two objects described as ${key}`)
    description.set(key, value ?? '')
  }
  return description
}

/** The objects that differ between two descriptions, each with its first differing line. */
export function differences(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const found: string[] = []
  const keys = [...new Set([...expected.keys(), ...actual.keys()])].sort()
  for (const key of keys) {
    const want = expected.get(key)
    const got = actual.get(key)
    if (want === got) continue
    if (got === undefined) found.push(`${key}: missing from the schema files`)
    else if (want === undefined) found.push(`${key}: in the schema files, not made by the migrations`)
    else {
      const wantLines = want.split('\n')
      const gotLines = got.split('\n')
      const line = wantLines.findIndex((text, index) => text !== gotLines[index])
      const at = line < 0 ? wantLines.length : line
      found.push(
        `${key}: differs at line ${at + 1}\n    migrations:   ${wantLines[at] ?? '(end)'}\n    schema files: ${gotLines[at] ?? '(end)'}`,
      )
    }
  }
  return found
}

/**
 * A constraint's expression as PostgreSQL reads it back from its own printed text. Migrations
 * may have written it in a form the parser rewrites (`x between 1 and 9` is stored as
 * `x >= 1 and x <= 9`, nested in the enclosing `and`), which prints the same logic with other
 * parentheses than the schema file's text parses to. Parsing the printed text once more gives
 * both sides the one form; for the constraints that differ only, on the database they came from.
 */
export async function reparsedConstraints(
  db: Queryable & { transaction: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T> },
  description: Map<string, string>,
  keys: string[],
): Promise<Map<string, string>> {
  const result = new Map(description)
  for (const key of keys) {
    const match = /^constraint (.+)\.([^.]+)$/.exec(key)
    const value = description.get(key)
    if (!match || !value?.startsWith('CHECK ')) continue
    const [, table, name] = match as unknown as [string, string, string]
    const definition = value.replace(/ valid (true|false)$/, '')
    const rollback = new Error('rolled back')
    let reparsed: string | undefined
    try {
      await db.transaction(async (tx) => {
        await tx.exec(`set local search_path = ''`)
        await tx.exec(`create temporary table schema_files_probe (like ${table}) on commit drop`)
        await tx.exec(`alter table pg_temp.schema_files_probe add constraint ${name} ${definition}`)
        const { rows } = await tx.query<{ def: string }>(
          `select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'pg_temp.schema_files_probe'::regclass and conname = $1`,
          [name.replace(/^"|"$/g, '')],
        )
        reparsed = rows[0]?.def
        throw rollback
      })
    } catch (error) {
      if (error !== rollback) throw error
    }
    if (reparsed) result.set(key, value.replace(definition, reparsed))
  }
  return result
}
