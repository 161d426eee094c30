// GET and HEAD on a table or view: one statement returns the page as JSON built by
// Postgres, its row count and, with `Prefer: count=…`, the total.
import { nodeOf, parseQuery, ROOT } from '#localbase/src/rest/query-params.ts'
import { effectiveRange, parseRangeHeader, preferenceApplied } from '#localbase/src/rest/request-options.ts'
import { readResponse } from '#localbase/src/rest/response.ts'
import { queryResult, runAs, type RestContext } from '#localbase/src/rest/rest-context.ts'
import { qualified, type Relation } from '#localbase/src/rest/schema-cache.ts'
import { planSelect, readStatement, relationSource } from '#localbase/src/rest/select-plan.ts'
import { Aliases, orderSql, Params, whereSql, type Scope } from '#localbase/src/rest/sql.ts'

export async function readRelation(ctx: RestContext, relation: Relation): Promise<Response> {
  const query = parseQuery(ctx.url.searchParams)
  const params = new Params()
  const aliases = new Aliases()
  const alias = aliases.take()
  const plan = planSelect(
    { schema: ctx.schema, params, aliases, query, maxRows: ctx.lb.config.maxRows, maxDepth: ctx.lb.config.maxEmbedDepth },
    relationSource(relation),
    alias,
    query.select,
    [ROOT],
  )

  const root = nodeOf(query, ROOT)
  const scope: Scope = { alias, label: relation.name, columns: relation.columns, embeds: plan.embeds, usedEmbeds: new Set() }
  const where = whereSql(scope, root.filters, params)
  const order = root.order ? orderSql(scope, root.order, params) : ''
  const range = effectiveRange(parseRangeHeader(ctx.request), root.offset, root.limit, ctx.lb.config.maxRows)
  const sql = readStatement({
    from: `${qualified(relation.name)} AS ${alias}`,
    plan,
    where,
    usedEmbeds: scope.usedEmbeds!,
    order,
    range,
    count: ctx.prefer.count !== null,
    shape: ctx.method === 'HEAD' ? 'none' : ctx.media.kind === 'object' ? 'object' : 'array',
    stripNulls: ctx.media.stripNulls,
    params,
    rowsAlias: aliases.take(),
  })

  const result = await runAs(ctx, (tx) => queryResult(ctx, tx, sql, params.values))
  const headers = new Headers()
  const applied = preferenceApplied(ctx.prefer, ['count'])
  if (applied) headers.set('preference-applied', applied)
  return readResponse(ctx.media, result, range.offset, headers)
}
