// The API's docs page, read from the OpenAPI document (app/api/openapi.ts): each operation with
// its parameters, body and answers, and each schema's fields, so the page says what the code does.
import type { OpenApiDocument } from '#app/api/openapi.ts'

type SchemaObject = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  items?: SchemaObject
  properties?: Record<string, SchemaObject>
  required?: string[]
  description?: string
  anyOf?: SchemaObject[]
  oneOf?: SchemaObject[]
  allOf?: SchemaObject[]
  maxItems?: number
  default?: unknown
}

export type SchemaField = { name: string; type: string; required: boolean; description: string }
export type ReferenceSchema = { name: string; description: string; fields: SchemaField[] }
export type ReferenceOperation = {
  id: string
  method: string
  path: string
  summary: string
  description: string
  parameters: SchemaField[]
  body: string | null
  responses: Array<{ status: string; description: string; schema: string | null }>
}

/** A schema's type as a reader says it: "string", "Animal", "list of string", "one of: a, b". */
export function typeName(schema: SchemaObject | undefined): string {
  if (!schema) return 'any'
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object'
  if (schema.enum) return `one of: ${schema.enum.map(String).join(', ')}`
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) return variants.map(typeName).join(' or ')
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object']).filter((type) => type !== 'null')
  const nullable = Array.isArray(schema.type) && schema.type.includes('null')
  const base = types[0] === 'array' ? `list of ${typeName(schema.items)}` : (types[0] ?? 'object')
  return nullable ? `${base} or null` : base
}

function fieldsOf(schema: SchemaObject): SchemaField[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeName(property),
    required: schema.required?.includes(name) ?? false,
    description: property.description ?? '',
  }))
}

function contentSchema(content: Record<string, { schema?: SchemaObject }> | undefined): string | null {
  if (!content) return null
  return Object.entries(content)
    .map(([type, media]) => `${typeName(media.schema)} (${type})`)
    .join('; ')
}

export function apiReference(document: OpenApiDocument): { operations: ReferenceOperation[]; schemas: ReferenceSchema[] } {
  const operations: ReferenceOperation[] = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'patch', 'delete', 'post'] as const) {
      const operation = (item as Record<string, unknown>)[method] as
        | {
            summary?: string
            description?: string
            parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: SchemaObject }>
            requestBody?: { content?: Record<string, { schema?: SchemaObject }> }
            responses?: Record<string, { description?: string; content?: Record<string, { schema?: SchemaObject }> }>
          }
        | undefined
      if (!operation) continue
      operations.push({
        id: `${method}-${path}`
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/-+$/, '')
          .toLowerCase(),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: `${parameter.name} (${parameter.in})`,
          type: typeName(parameter.schema),
          required: parameter.required ?? false,
          description: parameter.description ?? parameter.schema?.description ?? '',
        })),
        body: contentSchema(operation.requestBody?.content),
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? '',
          schema: contentSchema(response.content),
        })),
      })
    }
  }
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    description: (schema as SchemaObject).description ?? '',
    fields: fieldsOf(schema as SchemaObject),
  }))
  return { operations, schemas }
}
