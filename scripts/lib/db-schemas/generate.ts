// Writes the database's current definition as SQL, one file per area (areas.ts), from the
// catalog of a database the migrations made: tables with their columns, constraints, RLS,
// grants and comments; functions as pg_get_functiondef prints them; indexes, triggers,
// policies, views, types and extensions. Loading the files in name order into a fresh
// database gives the same catalog (tests/db/schema-files.test.ts checks that).
import type { Queryable } from '#localbase/src/db.ts'
import { AREAS, OTHER_AREA, areaOfFunction, areaOfTable, areaOfType, type Area } from '#scripts/lib/db-schemas/areas.ts'

type Section =
  | 'extension'
  | 'type'
  | 'function a table needs'
  | 'table'
  | 'type of table rows'
  | 'foreign key'
  | 'function'
  | 'view'
  | 'index'
  | 'trigger'
  | 'policy'
const SECTIONS: Section[] = [
  'extension',
  'type',
  'function a table needs',
  'table',
  'type of table rows',
  'foreign key',
  'function',
  'view',
  'index',
  'trigger',
  'policy',
]

type Item = {
  key: string
  name: string
  area: number
  section: Section
  /** Sorts items of one section within a file. */
  order: string
  sql: string
  needs: Set<string>
}

export type SchemaFiles = { files: Map<string, string>; unmapped: string[] }

/** Our schemas: everything in public, and our triggers and policies on Supabase's tables. */
const OWN_TABLE_SCHEMAS = `('public', 'auth', 'storage')`

export async function generateSchemaFiles(db: Queryable): Promise<SchemaFiles> {
  // Names print schema-qualified when nothing is on the search path.
  await db.exec(`set search_path = ''`)
  const areas = [...AREAS, OTHER_AREA]
  const otherArea = areas.length - 1
  const items = new Map<string, Item>()
  const unmapped: string[] = []
  const add = (item: Item) => items.set(item.key, item)
  const q = async <T>(sql: string) => (await db.query<T>(sql)).rows

  // Extensions (plpgsql is always there).
  for (const row of await q<{ name: string; schema: string }>(
    `select quote_ident(e.extname) as name, quote_ident(n.nspname) as schema from pg_extension e
       join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by e.extname`,
  )) {
    add({
      key: `ext:${row.name}`,
      name: row.name,
      area: 0,
      section: 'extension',
      order: row.name,
      sql: `create extension if not exists ${row.name} with schema ${row.schema};`,
      needs: new Set(),
    })
  }

  const comments = await q<{ objid: number; classid: string; subid: number; target: string; text: string }>(`
    select d.objoid as objid, d.classoid::regclass::text as classid, d.objsubid as subid,
      case d.classoid
        when 'pg_class'::regclass then case when d.objsubid = 0
          then (case c.relkind when 'v' then 'view ' when 'i' then 'index ' when 'S' then 'sequence ' else 'table ' end) || d.objoid::regclass::text
          else 'column ' || d.objoid::regclass::text || '.' || quote_ident(a.attname) end
        when 'pg_proc'::regclass then 'function ' || d.objoid::regproc::text || '(' || pg_get_function_identity_arguments(d.objoid) || ')'
        when 'pg_type'::regclass then 'type ' || d.objoid::regtype::text
        when 'pg_constraint'::regclass then (select 'constraint ' || quote_ident(k.conname) || ' on ' || k.conrelid::regclass::text from pg_constraint k where k.oid = d.objoid)
        when 'pg_trigger'::regclass then (select 'trigger ' || quote_ident(g.tgname) || ' on ' || g.tgrelid::regclass::text from pg_trigger g where g.oid = d.objoid)
        when 'pg_policy'::regclass then (select 'policy ' || quote_ident(p.polname) || ' on ' || p.polrelid::regclass::text from pg_policy p where p.oid = d.objoid)
      end as target,
      quote_literal(d.description) as text
    from pg_description d
    left join pg_class c on d.classoid = 'pg_class'::regclass and c.oid = d.objoid
    left join pg_attribute a on a.attrelid = c.oid and a.attnum = d.objsubid
    where d.classoid in ('pg_class'::regclass, 'pg_proc'::regclass, 'pg_type'::regclass, 'pg_constraint'::regclass, 'pg_trigger'::regclass, 'pg_policy'::regclass)
    order by d.objsubid`)
  const commentsOn = (classid: string, objid: number) =>
    comments.filter((c) => c.classid === classid && c.objid === objid).map((c) => `comment on ${c.target} is ${c.text};`)

  // Types: enums, composite types, domains.
  const types = await q<{ oid: number; name: string; qname: string; typtype: string; relid: number; sql: string; acl: string }>(`
    select t.oid, t.typname as name, t.oid::regtype::text as qname, t.typtype, t.typrelid as relid,
      case t.typtype
        when 'e' then format('create type %s as enum (%s);', t.oid::regtype,
          (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid))
        when 'c' then format(e'create type %s as (\\n%s\\n);', t.oid::regtype,
          (select string_agg('  ' || quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), e',\\n' order by a.attnum)
             from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped))
        when 'd' then format('create domain %s as %s%s%s%s;', t.oid::regtype, format_type(t.typbasetype, t.typtypmod),
          case when t.typdefault is not null then ' default ' || t.typdefault else '' end,
          case when t.typnotnull then ' not null' else '' end,
          coalesce((select string_agg(e' constraint ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid), '' order by c.conname)
             from pg_constraint c where c.contypid = t.oid and c.contype = 'c'), ''))
      end as sql,
      ${grantsSql(`t.typacl`, `'T'`, `t.typowner`, `t.typnamespace`, `'T'`, `'type ' || t.oid::regtype::text`)} as acl
    from pg_type t
    where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'c', 'd')
      and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
      and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
    order by t.oid`)
  for (const type of types) {
    const area = areaOfType(type.name) ?? areaOfTable('public', type.name) ?? areaOfFunction(type.name)
    if (area === undefined) unmapped.push(`type ${type.qname}`)
    add({
      // A composite type's dependencies are its relation's (pg_depend names the relation).
      key: type.relid ? `rel:${type.relid}` : `type:${type.oid}`,
      name: type.qname,
      area: area ?? otherArea,
      section: 'type',
      order: String(type.oid).padStart(10, '0'),
      sql: [type.sql, type.acl, ...commentsOn('pg_type', type.oid), ...(type.relid ? commentsOn('pg_class', type.relid) : [])]
        .filter(Boolean)
        .join('\n'),
      needs: new Set(),
    })
  }

  // Tables: columns, their own constraints, options, RLS, grants and comments.
  const tables = await q<{
    oid: number
    schema: string
    name: string
    qname: string
    persistence: string
    options: string | null
    rls: boolean
    forced: boolean
  }>(`
    select c.oid, n.nspname as schema, c.relname as name, c.oid::regclass::text as qname, c.relpersistence as persistence,
      array_to_string(c.reloptions, ', ') as options, c.relrowsecurity as rls, c.relforcerowsecurity as forced
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ${OWN_TABLE_SCHEMAS}
    order by c.oid`)
  const columns = await q<{ relid: number; name: string; def: string }>(`
    select a.attrelid as relid, quote_ident(a.attname) as name,
      quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
      || case when a.attcollation <> t.typcollation then ' collate ' || a.attcollation::regcollation::text else '' end
      || case a.attidentity when 'a' then ' generated always as identity' when 'd' then ' generated by default as identity' else '' end
      || case when a.attgenerated = 's' then ' generated always as (' || pg_get_expr(d.adbin, d.adrelid) || ') stored'
              when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) else '' end
      || case when a.attnotnull and a.attidentity = '' then ' not null' else '' end as def
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p'))
      and a.attnum > 0 and not a.attisdropped
    order by a.attrelid, a.attnum`)
  const constraints = await q<{ oid: number; relid: number; name: string; type: string; def: string; valid: boolean; refid: number }>(`
    select c.oid, c.conrelid as relid, quote_ident(c.conname) as name, c.contype as type, pg_get_constraintdef(c.oid) as def,
      c.convalidated as valid, c.confrelid as refid
    from pg_constraint c
    where c.conrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
      and c.contype in ('p', 'u', 'c', 'f', 'x') and c.conislocal
    order by c.conrelid, array_position(array['p', 'u', 'x', 'c', 'f']::"char"[], c.contype), c.conname`)
  const tableAcls = await q<{ oid: number; acl: string }>(`
    select c.oid, ${grantsSql(`c.relacl`, `'r'`, `c.relowner`, `c.relnamespace`, `'r'`, `'table ' || c.oid::regclass::text`)} as acl
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`)
  const columnAcls = await q<{ relid: number; sql: string }>(`
    select relid, string_agg(format('grant %s (%s) on table %s to %s%s;', privilege, columns, relid::regclass, grantee, grantable), e'\\n'
      order by grantee, privilege) as sql
    from (
      select a.attrelid as relid, lower(x.privilege_type) as privilege,
        case when x.grantee = 0 then 'public' else quote_ident(x.grantee::regrole::text) end as grantee,
        case when x.is_grantable then ' with grant option' else '' end as grantable,
        string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
      from pg_attribute a, aclexplode(a.attacl) x
      where a.attrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace) and a.attacl is not null and not a.attisdropped
      group by 1, 2, 3, 4
    ) g group by relid`)
  const sequences = await q<{ relid: number; sql: string }>(`
    select d.refobjid as relid,
      ${grantsSql(`s.relacl`, `'s'`, `s.relowner`, `s.relnamespace`, `'S'`, `'sequence ' || s.oid::regclass::text`)} as sql
    from pg_class s join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype = 'i'
    where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`)

  const tablePosition = new Map<number, number>()
  for (const table of tables) {
    const area = areaOfTable(table.schema, table.name)
    if (table.schema !== 'public') {
      // Supabase's own table: only what we put on it (triggers, policies) is ours.
      tablePosition.set(table.oid, area ?? -1)
      continue
    }
    if (area === undefined) unmapped.push(`table ${table.qname}`)
    tablePosition.set(table.oid, area ?? otherArea)
  }
  const tablesByOid = new Map(tables.map((table) => [table.oid, table]))
  const created = new Set<number>()
  const publicTables = tables.filter((table) => table.schema === 'public')
  // Tables in file order, then creation order: a foreign key is written inline when the table
  // it references is already made, else as its own statement once both are.
  const tableOrder = [...publicTables].sort((a, b) => tablePosition.get(a.oid)! - tablePosition.get(b.oid)! || a.oid - b.oid)
  for (const table of tableOrder) {
    const lines = columns.filter((column) => column.relid === table.oid).map((column) => column.def)
    for (const constraint of constraints.filter((c) => c.relid === table.oid)) {
      const inline =
        constraint.valid &&
        (constraint.type !== 'f' ||
          constraint.refid === table.oid ||
          created.has(constraint.refid) ||
          !tablesByOid.has(constraint.refid) ||
          tablesByOid.get(constraint.refid)!.schema !== 'public')
      if (inline) {
        lines.push(`constraint ${constraint.name} ${constraint.def}`)
        continue
      }
      add({
        key: `con:${constraint.oid}`,
        name: `${table.qname}.${constraint.name}`,
        area: tablePosition.get(table.oid)!,
        section: 'foreign key',
        order: `${table.name} ${constraint.name}`,
        sql: [
          `alter table ${table.qname} add constraint ${constraint.name} ${constraint.def};`,
          ...commentsOn('pg_constraint', constraint.oid),
        ].join('\n'),
        needs: new Set([`rel:${table.oid}`, ...(constraint.refid ? [`rel:${constraint.refid}`] : [])]),
      })
    }
    created.add(table.oid)
    const statements = [
      `create ${table.persistence === 'u' ? 'unlogged ' : ''}table ${table.qname} (\n${lines.map((line) => `  ${line}`).join(',\n')}\n)${table.options ? ` with (${table.options})` : ''};`,
    ]
    if (table.rls) statements.push(`alter table ${table.qname} enable row level security;`)
    if (table.forced) statements.push(`alter table ${table.qname} force row level security;`)
    const acl = tableAcls.find((row) => row.oid === table.oid)?.acl
    if (acl) statements.push(acl)
    const columnAcl = columnAcls.find((row) => row.relid === table.oid)?.sql
    if (columnAcl) statements.push(columnAcl)
    const sequenceAcl = sequences.filter((row) => row.relid === table.oid && row.sql).map((row) => row.sql)
    statements.push(...sequenceAcl)
    statements.push(...commentsOn('pg_class', table.oid))
    statements.push(
      ...constraints.filter((c) => c.relid === table.oid && !items.has(`con:${c.oid}`)).flatMap((c) => commentsOn('pg_constraint', c.oid)),
    )
    add({
      key: `rel:${table.oid}`,
      name: table.qname,
      area: tablePosition.get(table.oid)!,
      section: 'table',
      order: String(tableOrder.indexOf(table)).padStart(6, '0'),
      sql: statements.join('\n'),
      needs: new Set(),
    })
  }

  // Sequences of their own (an identity column's comes with its table): before the tables,
  // whose defaults call nextval(); a serial column's is tied to it once the table exists.
  for (const sequence of await q<{
    oid: number
    name: string
    qname: string
    sql: string
    ownedBy: string | null
    relid: number | null
    acl: string
  }>(`
    select c.oid, c.relname as name, c.oid::regclass::text as qname,
      format('create sequence %s as %s start with %s increment by %s minvalue %s maxvalue %s cache %s%s;', c.oid::regclass,
        format_type(s.seqtypid, null), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, case when s.seqcycle then ' cycle' else '' end) as sql,
      (select format('alter sequence %s owned by %s.%s;', c.oid::regclass, d.refobjid::regclass, quote_ident(a.attname))
         from pg_depend d join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.refclassid = 'pg_class'::regclass and d.deptype = 'a') as "ownedBy",
      (select d.refobjid from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
          and d.refclassid = 'pg_class'::regclass and d.deptype = 'a') as relid,
      ${grantsSql(`c.relacl`, `'s'`, `c.relowner`, `c.relnamespace`, `'S'`, `'sequence ' || c.oid::regclass::text`)} as acl
    from pg_class c join pg_sequence s on s.seqrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'i')
    order by c.oid`)) {
    const tableArea = sequence.relid ? tablePosition.get(sequence.relid) : undefined
    if (tableArea === undefined) unmapped.push(`sequence ${sequence.qname}`)
    add({
      key: `rel:${sequence.oid}`,
      name: sequence.qname,
      area: tableArea ?? otherArea,
      section: 'type',
      order: String(sequence.oid).padStart(10, '0'),
      sql: [sequence.sql, sequence.acl, ...commentsOn('pg_class', sequence.oid)].filter(Boolean).join('\n'),
      needs: new Set(),
    })
    if (sequence.ownedBy && sequence.relid) {
      add({
        key: `owned:${sequence.oid}`,
        name: `${sequence.qname} owned by`,
        area: tableArea ?? otherArea,
        section: 'foreign key',
        order: sequence.qname,
        sql: sequence.ownedBy,
        needs: new Set([`rel:${sequence.relid}`, `rel:${sequence.oid}`]),
      })
    }
  }

  // Functions, as they are now, with their grants and comments.
  const functions = await q<{ oid: number; name: string; signature: string; def: string; acl: string }>(`
    select p.oid, p.proname as name, p.oid::regproc::text || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature,
      pg_get_functiondef(p.oid) as def,
      ${grantsSql(`p.proacl`, `'f'`, `p.proowner`, `p.pronamespace`, `'f'`, `'function ' || p.oid::regproc::text || '(' || pg_get_function_identity_arguments(p.oid) || ')'`)} as acl
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by p.proname, pg_get_function_identity_arguments(p.oid)`)
  for (const fn of functions) {
    const area = areaOfFunction(fn.name)
    if (area === undefined) unmapped.push(`function ${fn.signature}`)
    add({
      key: `fn:${fn.oid}`,
      name: fn.signature,
      area: area ?? otherArea,
      section: 'function',
      order: fn.signature,
      sql: [`${fn.def.trimEnd()};`, fn.acl, ...commentsOn('pg_proc', fn.oid)].filter(Boolean).join('\n'),
      needs: new Set(),
    })
  }

  // Views, in the order they were made (a view may read an earlier one).
  const views = await q<{ oid: number; name: string; qname: string; options: string | null; def: string; acl: string }>(`
    select c.oid, c.relname as name, c.oid::regclass::text as qname, array_to_string(c.reloptions, ', ') as options,
      pg_get_viewdef(c.oid, true) as def,
      ${grantsSql(`c.relacl`, `'r'`, `c.relowner`, `c.relnamespace`, `'r'`, `'table ' || c.oid::regclass::text`)} as acl
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'v' order by c.oid`)
  for (const view of views) {
    const area = areaOfTable('public', view.name)
    if (area === undefined) unmapped.push(`view ${view.qname}`)
    add({
      key: `rel:${view.oid}`,
      name: view.qname,
      area: area ?? otherArea,
      section: 'view',
      order: String(view.oid).padStart(10, '0'),
      sql: [
        `create view ${view.qname}${view.options ? ` with (${view.options})` : ''} as\n${view.def.trim().replace(/;$/, '')};`,
        view.acl,
        ...commentsOn('pg_class', view.oid),
      ]
        .filter(Boolean)
        .join('\n'),
      needs: new Set(),
    })
  }

  // Indexes not made by a constraint.
  for (const index of await q<{ oid: number; relid: number; name: string; def: string }>(`
    select i.indexrelid as oid, i.indrelid as relid, c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
    order by c.relname`)) {
    const table = tablesByOid.get(index.relid)
    add({
      key: `index:${index.oid}`,
      name: index.name,
      area: tablePosition.get(index.relid) ?? otherArea,
      section: 'index',
      order: `${table?.name} ${index.name}`,
      sql: [`${index.def};`, ...commentsOn('pg_class', index.oid)].join('\n'),
      needs: new Set([`rel:${index.relid}`]),
    })
  }

  // Triggers, also ours on Supabase's tables: with their table, or with their function when
  // that is in a later area (the search tallies' triggers on animals are search's).
  for (const trigger of await q<{
    oid: number
    relid: number
    qtable: string
    name: string
    def: string
    enabled: string
    function: string
  }>(`
    select t.oid, t.tgrelid as relid, t.tgrelid::regclass::text as qtable, quote_ident(t.tgname) as name,
      pg_get_triggerdef(t.oid) as def, t.tgenabled as enabled, p.proname as function
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and n.nspname in ${OWN_TABLE_SCHEMAS}
    order by t.tgrelid::regclass::text, t.tgname`)) {
    const enabled = { O: '', D: 'disable', R: 'enable replica', A: 'enable always' }[trigger.enabled] ?? ''
    add({
      key: `trg:${trigger.oid}`,
      name: `${trigger.name} on ${trigger.qtable}`,
      area: Math.max(
        positionOf(tablePosition.get(trigger.relid), trigger.qtable, unmapped, otherArea),
        areaOfFunction(trigger.function) ?? -1,
      ),
      section: 'trigger',
      order: `${trigger.qtable} ${trigger.name}`,
      sql: [
        `${trigger.def};`,
        enabled ? `alter table ${trigger.qtable} ${enabled} trigger ${trigger.name};` : '',
        ...commentsOn('pg_trigger', trigger.oid),
      ]
        .filter(Boolean)
        .join('\n'),
      needs: new Set([`rel:${trigger.relid}`]),
    })
  }

  // Row-level security policies, also ours on Supabase's tables.
  for (const policy of await q<{ oid: number; relid: number; qtable: string; name: string; sql: string }>(`
    select p.oid, p.polrelid as relid, p.polrelid::regclass::text as qtable, quote_ident(p.polname) as name,
      format('create policy %s on %s%s for %s to %s%s%s;', quote_ident(p.polname), p.polrelid::regclass,
        case when p.polpermissive then '' else ' as restrictive' end,
        case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
        (select string_agg(case when r = 0 then 'public' else quote_ident(r::regrole::text) end, ', ' order by r::regrole::text)
           from unnest(p.polroles) r),
        case when p.polqual is not null then e'\\n  using (' || pg_get_expr(p.polqual, p.polrelid) || ')' else '' end,
        case when p.polwithcheck is not null then e'\\n  with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')' else '' end) as sql
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${OWN_TABLE_SCHEMAS}
    order by p.polrelid::regclass::text, p.polname`)) {
    add({
      key: `pol:${policy.oid}`,
      name: `${policy.name} on ${policy.qtable}`,
      area: positionOf(tablePosition.get(policy.relid), policy.qtable, unmapped, otherArea),
      section: 'policy',
      order: `${policy.qtable} ${policy.name}`,
      sql: [policy.sql, ...commentsOn('pg_policy', policy.oid)].join('\n'),
      needs: new Set([`rel:${policy.relid}`]),
    })
  }

  // What each object needs made first, from pg_depend, as item keys.
  for (const dep of await q<{ key: string; ref: string }>(`
    select case d.classid
        when 'pg_class'::regclass then case (select relkind from pg_class where oid = d.objid) when 'i' then 'index:' || d.objid else 'rel:' || d.objid end
        when 'pg_attrdef'::regclass then (select 'rel:' || adrelid from pg_attrdef where oid = d.objid)
        when 'pg_constraint'::regclass then (select case when contype = 'f' then 'con:' || oid else 'rel:' || conrelid end from pg_constraint where oid = d.objid)
        when 'pg_policy'::regclass then 'pol:' || d.objid
        when 'pg_trigger'::regclass then 'trg:' || d.objid
        when 'pg_proc'::regclass then 'fn:' || d.objid
        when 'pg_type'::regclass then 'type:' || d.objid
        when 'pg_rewrite'::regclass then (select 'rel:' || ev_class from pg_rewrite where oid = d.objid)
      end as key,
      case d.refclassid
        when 'pg_class'::regclass then 'rel:' || d.refobjid
        when 'pg_proc'::regclass then 'fn:' || d.refobjid
        when 'pg_type'::regclass then (select case when typrelid <> 0 then 'rel:' || typrelid else 'type:' || oid end from pg_type where oid = d.refobjid)
      end as ref
    from pg_depend d
    where d.deptype = 'n' and d.refclassid in ('pg_class'::regclass, 'pg_proc'::regclass, 'pg_type'::regclass)`)) {
    const item = items.get(dep.key)
    if (item && dep.ref !== dep.key && items.has(dep.ref)) item.needs.add(dep.ref)
  }

  // A composite type with a table's row among its attributes comes after the tables.
  for (const item of items.values()) {
    if (item.section === 'type' && [...item.needs].some((need) => items.get(need)?.section === 'table')) item.section = 'type of table rows'
  }

  // A type a table's column has, or a function a table needs (a generated column's, a
  // default's, a check's) is written before the table, in the table's file when that comes first.
  const pulled = new Map<string, string>()
  for (const table of items.values()) {
    if (table.section !== 'table') continue
    for (const need of table.needs) {
      const fn = items.get(need)
      if (fn?.section === 'type' && fn.area > table.area) {
        pulled.set(fn.key, `-- In ${areas[fn.area]!.file} by area; here, before ${table.name}, which needs it.\n`)
        fn.area = table.area
      }
      if (fn?.section !== 'function' || fn.area < table.area) continue
      if (fn.area > table.area) pulled.set(fn.key, `-- In ${areas[fn.area]!.file} by area; here, before ${table.name}, which needs it.\n`)
      fn.area = table.area
      fn.section = 'function a table needs'
    }
  }

  // Each object goes in its area's file, or in a later one when it needs something made there.
  const placed = new Map<string, { file: number; because?: string }>()
  const place = (key: string, visiting = new Set<string>()): number => {
    const known = placed.get(key)
    if (known) return known.file
    const item = items.get(key)!
    visiting.add(key)
    let file = Math.max(item.area, 0)
    let because: string | undefined
    for (const need of item.needs) {
      if (visiting.has(need) || !items.has(need)) continue
      const at = place(need, visiting)
      if (at > file) {
        file = at
        because = items.get(need)!.name
      }
    }
    visiting.delete(key)
    placed.set(key, { file, because })
    return file
  }
  for (const key of items.keys()) place(key)

  const files = new Map<string, string>()
  areas.forEach((area, index) => {
    const mine = [...items.values()].filter((item) => placed.get(item.key)!.file === index)
    if (mine.length === 0) return
    mine.sort((a, b) => SECTIONS.indexOf(a.section) - SECTIONS.indexOf(b.section) || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    const blocks = mine.map((item) => {
      const { because } = placed.get(item.key)!
      const note = pulled.has(item.key)
        ? pulled.get(item.key)!
        : because && item.area !== index
          ? `-- In ${areas[item.area]!.file} by area; here because it needs ${because}.\n`
          : ''
      return note + item.sql
    })
    files.set(area.file, header(area) + blocks.join('\n\n') + '\n')
  })
  return { files, unmapped }
}

function positionOf(position: number | undefined, table: string, unmapped: string[], other: number): number {
  if (position !== undefined && position >= 0) return position
  if (!unmapped.includes(`table ${table}`)) unmapped.push(`table ${table}`)
  return other
}

function header(area: Area): string {
  return [
    `-- ${area.title}.`,
    '--',
    '-- The current definition, generated by `npm run db:schemas` from a database migrated from',
    '-- supabase/migrations/ (docs/decisions/054-schema-files.md). Change the schema with a new',
    '-- migration and the same change here; the schema-files test keeps the two equal.',
    '',
    '-- Function bodies are checked when called, not here: files may refer to later ones.',
    'set check_function_bodies = off;',
    '',
    '',
  ].join('\n')
}

/**
 * SQL for the GRANT and REVOKE statements that turn what a new object gets (the built-in
 * default, then the schema's default privileges) into the object's ACL. A revoke that would
 * name MAINTAIN (PostgreSQL 17+) is written as `revoke all` and a grant of what remains, so the
 * files load on PostgreSQL 15 too.
 */
function grantsSql(acl: string, kind: string, owner: string, namespace: string, defaultKind: string, target: string): string {
  return `(
    with actual as (
      select x.grantee, x.privilege_type as privilege, x.is_grantable as grantable from aclexplode(coalesce(${acl}, acldefault(${kind}, ${owner}))) x
    ), initial as (
      select x.grantee, x.privilege_type as privilege, x.is_grantable as grantable
      from aclexplode(coalesce(
        (select d.defaclacl from pg_default_acl d where d.defaclrole = ${owner} and d.defaclnamespace = 0 and d.defaclobjtype = ${defaultKind}),
        acldefault(${kind}, ${owner}))) x
      union
      select x.grantee, x.privilege_type, x.is_grantable
      from pg_default_acl d, aclexplode(d.defaclacl) x
      where d.defaclrole = ${owner} and d.defaclnamespace = ${namespace} and d.defaclobjtype = ${defaultKind}
    ), grantees as (
      select grantee,
        array(select privilege from actual a where a.grantee = g.grantee except select privilege from initial i where i.grantee = g.grantee order by 1) as added,
        array(select privilege from initial i where i.grantee = g.grantee except select privilege from actual a where a.grantee = g.grantee order by 1) as removed,
        array(select privilege from actual a where a.grantee = g.grantee order by 1) as kept,
        case when g.grantee = 0 then 'public' else quote_ident(g.grantee::regrole::text) end as name
      from (select grantee from actual union select grantee from initial) g
      where g.grantee <> ${owner}
    )
    -- One statement per change, naming every grantee it applies to: revokes first.
    select string_agg(format('%s %s on %s %s %s;', verb, privileges, ${target}, case when n = 1 then 'from' else 'to' end, names),
                      e'\\n' order by n, names) from (
      select n, verb, privileges, string_agg(name, ', ' order by name = 'public' desc, name) as names from (
        select name, 1 as n, 'revoke' as verb,
          case when 'MAINTAIN' = any(removed) then 'all' else lower(array_to_string(removed, ', ')) end as privileges
        from grantees where cardinality(removed) > 0
        union all
        select name, 2, 'grant', lower(array_to_string(case when 'MAINTAIN' = any(removed) then kept else added end, ', '))
        from grantees where cardinality(case when 'MAINTAIN' = any(removed) then kept else added end) > 0
      ) changes group by n, verb, privileges
    ) grouped
  )`
}
