// The catalog as TypeScript, in the shape and layout `supabase gen types typescript` prints
// (its generator's output after formatting: 2-space indent, no semicolons, 80 columns), so
// the file reads exactly like the CLI's and could be swapped for it at any time.
import type { Catalog, Column, DatabaseFunction, FunctionArg, Relation } from '#scripts/lib/db-types/catalog.ts'

const WIDTH = 80
const indent = (depth: number) => ' '.repeat(depth)

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'])
const STRING_TYPES = new Set([
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'interval',
])
/** PostgREST passes a lone unnamed argument of these types the whole request body. */
const UNNAMED_ARG_TYPES = new Set(['json', 'jsonb', 'text'])

/** A property name as the formatter leaves it: bare when it can be, quoted otherwise. */
function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name)
}

/** The parts of a union type at its top level (not inside brackets or strings). */
function unionMembers(type: string): string[] {
  const members: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let index = 0; index < type.length; index++) {
    const char = type[index]!
    if (char === '"' && type[index - 1] !== '\\') quoted = !quoted
    if (quoted) continue
    if ('([{<'.includes(char)) depth++
    else if (')]}>'.includes(char)) depth--
    else if (depth === 0 && type.startsWith(' | ', index)) {
      members.push(type.slice(start, index))
      start = index + 3
      index += 2
    }
  }
  members.push(type.slice(start))
  return members
}

/** `name: type` on one line, or a long union broken one member a line as the formatter does. */
function member(depth: number, name: string, type: string, optional = false): string[] {
  const head = `${indent(depth)}${propertyKey(name)}${optional ? '?' : ''}:`
  const line = `${head} ${type}`
  const members = unionMembers(type)
  if (line.length <= WIDTH || members.length < 2) return [line]
  return [head, ...members.map((part) => `${indent(depth + 2)}| ${part}`)]
}

/** An object type written out one member a line; `{}` when it has none. */
function block(depth: number, head: string, body: string[], tail = ''): string[] {
  if (!body.length) return [`${indent(depth)}${head}{}${tail}`]
  return [`${indent(depth)}${head}{`, ...body, `${indent(depth)}}${tail}`]
}

const NO_MEMBERS = (depth: number) => [`${indent(depth)}[_ in never]: never`]

class Printer {
  private readonly catalog: Catalog

  constructor(catalog: Catalog) {
    this.catalog = catalog
  }

  /** A PostgreSQL type (by name) as TypeScript, resolved from `schema` as the CLI does. */
  type(schema: string, name: string, typeSchema?: string): string {
    if (name === 'bool') return 'boolean'
    if (NUMBER_TYPES.has(name)) return 'number'
    if (STRING_TYPES.has(name)) return 'string'
    if (name === 'json' || name === 'jsonb') return 'Json'
    if (name === 'void') return 'undefined'
    if (name === 'record') return 'Record<string, unknown>'
    if (name.startsWith('_')) {
      const element = this.type(schema, name.slice(1), typeSchema)
      // The formatter drops the parentheses the generator puts around every element type.
      return unionMembers(element).length > 1 ? `(${element})[]` : `${element}[]`
    }
    const preferred = typeSchema ?? schema
    const pick = <T extends { schema: string }>(candidates: T[]) =>
      candidates.find((candidate) => candidate.schema === preferred) ?? candidates[0]
    const exposed = (candidateSchema: string) => this.catalog.schemas.includes(candidateSchema)

    const enumType = pick(this.catalog.enums.filter((candidate) => candidate.name === name))
    if (enumType) {
      if (exposed(enumType.schema)) return `Database[${JSON.stringify(enumType.schema)}]["Enums"][${JSON.stringify(enumType.name)}]`
      return enumType.labels.map((label) => JSON.stringify(label)).join(' | ')
    }
    const compositeType = pick(this.catalog.compositeTypes.filter((candidate) => candidate.name === name))
    if (compositeType) {
      return exposed(compositeType.schema)
        ? `Database[${JSON.stringify(compositeType.schema)}]["CompositeTypes"][${JSON.stringify(compositeType.name)}]`
        : 'unknown'
    }
    for (const kind of ['table', 'view'] as const) {
      const relation = pick(this.catalog.relations.filter((candidate) => candidate.kind === kind && candidate.name === name))
      if (relation) {
        const group = kind === 'table' ? 'Tables' : 'Views'
        return `Database[${JSON.stringify(relation.schema)}]["${group}"][${JSON.stringify(relation.name)}]["Row"]`
      }
    }
    return 'unknown'
  }

  private column(schema: string, column: Column): string {
    return this.type(schema, column.format, column.typeSchema)
  }

  /** JSON's own type includes null, so a NOT NULL json column says so; unknown takes no `| null`. */
  private nullable(type: string, nullable: boolean): string {
    if (type === 'Json' && !nullable) return 'NonNullable<Json>'
    if (type === 'unknown' || type === 'any' || !nullable) return type
    return `${type} | null`
  }

  private rowMembers(depth: number, schema: string, relation: Relation): string[] {
    return relation.columns.flatMap((column) => member(depth, column.name, this.nullable(this.column(schema, column), column.nullable)))
  }

  private table(depth: number, relation: Relation): string[] {
    const { schema } = relation
    const neverWritten = (column: Column) => column.identity === 'always' || column.generated
    const insert = relation.columns.flatMap((column) =>
      neverWritten(column)
        ? [`${indent(depth + 4)}${propertyKey(column.name)}?: never`]
        : member(
            depth + 4,
            column.name,
            this.nullable(this.column(schema, column), column.nullable),
            column.nullable || column.identity !== null || column.hasDefault,
          ),
    )
    const update = relation.columns.flatMap((column) =>
      neverWritten(column)
        ? [`${indent(depth + 4)}${propertyKey(column.name)}?: never`]
        : member(depth + 4, column.name, this.nullable(this.column(schema, column), column.nullable), true),
    )
    const relationships = relation.relationships
      .filter((relationship) => relationship.referencedSchema === schema)
      .flatMap((relationship) =>
        block(
          depth + 4,
          '',
          [
            `foreignKeyName: ${JSON.stringify(relationship.foreignKeyName)}`,
            `columns: ${stringArray(relationship.columns)}`,
            `isOneToOne: ${relationship.isOneToOne}`,
            `referencedRelation: ${JSON.stringify(relationship.referencedRelation)}`,
            `referencedColumns: ${stringArray(relationship.referencedColumns)}`,
          ].map((line) => indent(depth + 6) + line),
          ',',
        ),
      )
    return block(depth, `${propertyKey(relation.name)}: `, [
      ...block(depth + 2, 'Row: ', this.rowMembers(depth + 4, schema, relation)),
      ...block(depth + 2, 'Insert: ', insert),
      ...block(depth + 2, 'Update: ', update),
      ...(relationships.length
        ? [`${indent(depth + 2)}Relationships: [`, ...relationships, `${indent(depth + 2)}]`]
        : [`${indent(depth + 2)}Relationships: []`]),
    ])
  }

  /** The functions PostgREST can call: named arguments, or one unnamed body argument. */
  private callable(fn: DatabaseFunction): boolean {
    const inputs = inputArgs(fn)
    const unnamed = inputs.filter((arg) => arg.name === '')
    if (!unnamed.length) return true
    if (unnamed.every((arg) => arg.hasDefault && UNNAMED_ARG_TYPES.has(arg.typeName))) return true
    return inputs.length === 1 && (UNNAMED_ARG_TYPES.has(inputs[0]!.typeName) || inputs[0]!.isRowType)
  }

  private signature(depth: number, schema: string, fn: DatabaseFunction, head: string): string[] {
    if (inputArgs(fn).length === 1 && inputArgs(fn)[0]!.isRowType) {
      throw new Error(`${schema}.${fn.name}: computed fields (a function of a table's row) are not supported by db:types yet`)
    }
    const args = inputArgs(fn).map((arg) => ({ name: arg.name, type: this.type(schema, arg.typeName), optional: arg.hasDefault }))
    const argsInline = args.length
      ? `{ ${args.map((arg) => `${propertyKey(arg.name)}${arg.optional ? '?' : ''}: ${arg.type}`).join('; ')} }`
      : 'Record<PropertyKey, never>'

    const relation = fn.returnRelation
    const returnsRelation = relation ? (this.catalog.relations.find((candidate) => candidate.id === relation.id) ?? null) : null
    const returnName = returnsRelation?.name ?? relation?.typeName ?? null
    const manyRows = fn.rows !== null && fn.rows > 1
    const array = fn.setReturning && !(!manyRows && returnName !== null) ? '[]' : ''
    const setof = returnName
      ? block(depth + 2, 'SetofOptions: ', [
          `${indent(depth + 4)}from: "*"`,
          `${indent(depth + 4)}to: ${JSON.stringify(returnName)}`,
          `${indent(depth + 4)}isOneToOne: ${!manyRows}`,
          `${indent(depth + 4)}isSetofReturn: ${fn.setReturning}`,
        ])
      : []

    let returnMembers: string[] | null = null
    let returnInline = ''
    const tableColumns = fn.args.filter((arg) => arg.mode === 'table')
    if (tableColumns.length) {
      returnMembers = tableColumns.flatMap((arg) => member(depth + 4, arg.name, this.type(schema, arg.typeName)))
    } else if (returnsRelation && returnsRelation.schema === schema) {
      returnMembers = this.rowMembers(depth + 4, schema, returnsRelation)
    } else {
      returnInline = this.type(schema, fn.returnTypeName) + array
    }

    if (!returnMembers && !setof.length) {
      const flat = `${indent(depth)}${head}{ Args: ${argsInline}; Returns: ${returnInline} }`
      if (flat.length <= WIDTH) return [flat]
    }
    const argsLine = `${indent(depth + 2)}Args: ${argsInline}`
    return block(depth, head, [
      ...(argsLine.length <= WIDTH
        ? [argsLine]
        : block(
            depth + 2,
            'Args: ',
            args.flatMap((arg) => member(depth + 4, arg.name, arg.type, arg.optional)),
          )),
      ...(returnMembers ? block(depth + 2, 'Returns: ', returnMembers, array) : member(depth + 2, 'Returns', returnInline)),
      ...setof,
    ])
  }

  private functions(depth: number, schema: string): string[] {
    const byName = new Map<string, DatabaseFunction[]>()
    for (const fn of this.catalog.functions) {
      if (fn.schema !== schema || !this.callable(fn)) continue
      byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn])
    }
    return [...byName].flatMap(([name, overloads]) => {
      if (overloads.length === 1) return this.signature(depth, schema, overloads[0]!, `${propertyKey(name)}: `)
      if (ambiguous(overloads)) {
        // The CLI prints an error type for these; we would rather fix the schema.
        throw new Error(`${schema}.${name}: overloads that PostgREST cannot choose between; rename a parameter or the function`)
      }
      // Overloads: a union, one signature per member.
      return [
        `${indent(depth)}${propertyKey(name)}:`,
        ...overloads.flatMap((fn) => {
          const lines = this.signature(depth + 4, schema, fn, '')
          const first = `${indent(depth + 2)}| ${lines[0]!.trimStart()}`
          if (lines.length === 1) return [first]
          return [first, ...lines.slice(1, -1), `${indent(depth + 4)}}`]
        }),
      ]
    })
  }

  private schema(depth: number, schema: string): string[] {
    const relations = this.catalog.relations.filter((relation) => relation.schema === schema)
    const views = relations.filter((relation) => relation.kind === 'view')
    if (views.length) {
      throw new Error(`${schema}.${views[0]!.name}: views are not supported by db:types yet (see scripts/lib/db-types)`)
    }
    const tables = relations.flatMap((relation) => this.table(depth + 4, relation))
    const functions = this.functions(depth + 4, schema)
    const enums = this.catalog.enums
      .filter((enumType) => enumType.schema === schema)
      .flatMap((enumType) => member(depth + 4, enumType.name, enumType.labels.map((label) => JSON.stringify(label)).join(' | ')))
    const compositeTypes = this.catalog.compositeTypes
      .filter((compositeType) => compositeType.schema === schema)
      .flatMap((compositeType) =>
        block(
          depth + 4,
          `${propertyKey(compositeType.name)}: `,
          compositeType.attributes.flatMap((attribute) =>
            member(
              depth + 6,
              attribute.name,
              attribute.typeName ? this.nullable(this.type(schema, attribute.typeName), !attribute.notNull) : 'unknown',
            ),
          ),
        ),
      )
    const section = (name: string, body: string[]) => block(depth + 2, `${name}: `, body.length ? body : NO_MEMBERS(depth + 4))
    return block(depth, `${propertyKey(schema)}: `, [
      ...section('Tables', tables),
      ...section('Views', []),
      ...section('Functions', functions),
      ...section('Enums', enums),
      ...section('CompositeTypes', compositeTypes),
    ])
  }

  private constants(): string[] {
    return this.catalog.schemas.flatMap((schema) => {
      const enums = this.catalog.enums
        .filter((enumType) => enumType.schema === schema)
        .flatMap((enumType) => {
          const labels = enumType.labels.map((label) => JSON.stringify(label))
          const line = `${indent(6)}${propertyKey(enumType.name)}: [${labels.join(', ')}],`
          if (line.length <= WIDTH) return [line]
          return [`${indent(6)}${propertyKey(enumType.name)}: [`, ...labels.map((label) => `${indent(8)}${label},`), `${indent(6)}],`]
        })
      return block(2, `${propertyKey(schema)}: `, block(4, 'Enums: ', enums, ','), ',')
    })
  }

  print(): string {
    const database = block(
      0,
      'export type Database = ',
      this.catalog.schemas.flatMap((schema) => this.schema(2, schema)),
    )
    const defaultSchema = this.catalog.schemas.includes('public') ? 'public' : this.catalog.schemas[0]
    return [
      JSON_TYPE,
      '',
      ...database,
      '',
      helpers(defaultSchema ?? 'public'),
      '',
      ...block(0, 'export const Constants = ', this.constants(), ' as const'),
      '',
    ].join('\n')
  }
}

/** Overloads PostgREST cannot tell apart: none vs. one unnamed with a default, or one name with two types. */
function ambiguous(overloads: DatabaseFunction[]): boolean {
  const inputs = overloads.map(inputArgs)
  const withoutArgs = inputs.some((args) => args.length === 0)
  const unnamedDefault = inputs.some((args) => args.length === 1 && args[0]!.name === '' && args[0]!.hasDefault)
  const single = inputs.filter((args) => args.length === 1 && args[0]!.name !== '').map((args) => args[0]!)
  const retyped = single.some((arg) => single.some((other) => other.name === arg.name && other.typeName !== arg.typeName))
  return (withoutArgs && unnamedDefault) || retyped
}

function inputArgs(fn: DatabaseFunction): FunctionArg[] {
  return fn.args.filter((arg) => arg.mode === 'in' || arg.mode === 'inout' || arg.mode === 'variadic')
}

function stringArray(values: string[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(', ')}]`
}

/** The generated file for a catalog. */
export function printDatabaseTypes(catalog: Catalog): string {
  return new Printer(catalog).print()
}

const JSON_TYPE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]`

// The CLI's helper types, as its formatter lays them out.
const helpers = (defaultSchema: string) => `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${JSON.stringify(defaultSchema)}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never`
