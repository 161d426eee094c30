// The one catalog query behind the schema cache. It returns a single JSON document, so a
// reload is one round trip and PGlite's type parsers never see catalog-only types.

export type CatalogSnapshot = {
  relations: {
    name: string
    kind: string
    columns: { name: string; type: string; not_null: boolean; default_expr: string | null; generated: string }[]
    primary_key: string[] | null
    uniques: string[][] | null
  }[]
  foreign_keys: { name: string; table: string; columns: string[]; ref_table: string; ref_columns: string[] }[]
  functions: {
    name: string
    volatility: 'i' | 's' | 'v'
    returns_set: boolean
    n_defaults: number
    arg_names: string[] | null
    arg_modes: string[] | null
    arg_types: string[]
    return_type: string
    return_columns: { name: string; type: string }[] | null
    return_relation: string | null
  }[]
  types: { schema: string; name: string }[]
}

// $1 is the exposed schema. Identity columns have no pg_attrdef row; their default is
// spelled out as the nextval() of their sequence so `Prefer: missing=default` can use it.
export const CATALOG_SQL = /* sql */ `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
),
cols as (
  select a.attrelid, json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'not_null', a.attnotnull,
      'default_expr', case
        when a.attidentity <> '' then
          'nextval(' || quote_literal(pg_get_serial_sequence(quote_ident($1) || '.' || quote_ident(r.relname), a.attname)) || '::regclass)'
        when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid)
      end,
      'generated', a.attgenerated::text
    ) order by a.attnum) as columns
  from rels r
  join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  group by a.attrelid
),
idx as (
  select i.indrelid, i.indisprimary,
    array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num order by k.ord) as columns
  from pg_index i join rels r on r.oid = i.indrelid
  where i.indisunique and i.indpred is null and i.indexprs is null
),
fks as (
  select con.conname::text as name, cl.relname::text as table, fcl.relname::text as ref_table,
    array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
    array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as ref_columns
  from pg_constraint con
  join pg_class cl on cl.oid = con.conrelid join pg_namespace n on n.oid = cl.relnamespace
  join pg_class fcl on fcl.oid = con.confrelid join pg_namespace fn on fn.oid = fcl.relnamespace
  where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1
),
funcs as (
  select p.proname::text as name, p.provolatile::text as volatility, p.proretset as returns_set,
    p.pronargdefaults::int as n_defaults, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
    array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) order by ord) as arg_types,
    format_type(p.prorettype, null) as return_type,
    case when rt.typrelid <> 0 then (
      select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
      from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped
    ) end as return_columns,
    (select rc.relname::text from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
      where rc.oid = rt.typrelid and rn.nspname = $1) as return_relation
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname = $1 and p.prokind = 'f'
    and rt.typname not in ('trigger', 'event_trigger', 'internal', 'fdw_handler', 'index_am_handler', 'table_am_handler', 'tsm_handler', 'language_handler')
)
select json_build_object(
  'relations', coalesce((select json_agg(json_build_object(
      'name', r.relname, 'kind', r.relkind::text, 'columns', coalesce(c.columns, '[]'::json),
      'primary_key', (select to_json(i.columns) from idx i where i.indrelid = r.oid and i.indisprimary limit 1),
      'uniques', (select json_agg(i.columns) from idx i where i.indrelid = r.oid)))
    from rels r left join cols c on c.attrelid = r.oid), '[]'::json),
  'foreign_keys', coalesce((select json_agg(fks) from fks), '[]'::json),
  'functions', coalesce((select json_agg(funcs) from funcs), '[]'::json),
  'types', coalesce((select json_agg(json_build_object('schema', n.nspname, 'name', t.typname))
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ('pg_catalog', $1, 'extensions') and t.typtype in ('b', 'd', 'e', 'r', 'm')
      and t.typname !~ '^pg_' and t.typisdefined), '[]'::json)
)::text as snapshot
`
