// Request-body decoding with GoTrue's strictness: the body must be a JSON object, and a field
// of the wrong JSON type is a 400 bad_json, worded like Go's encoding/json, never a crash.
import { AuthError } from '#localbase/src/auth/errors.ts'

type FieldType = 'string' | 'boolean' | 'object'

const GO_TYPES: Record<FieldType, string> = { string: 'string', boolean: 'bool', object: 'map[string]interface {}' }

export type Params = {
  /** The string value, '' when absent or null (Go's zero value). */
  str: (name: string) => string
  /** The string value, undefined when absent or null (Go's *string). */
  optStr: (name: string) => string | undefined
  obj: (name: string) => Record<string, unknown> | undefined
  bool: (name: string) => boolean
}

const badJson = (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`)

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  return typeof value === 'object' ? 'object' : typeof value
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (Array.isArray(value)) return value.some(containsNul)
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item))
  }
  return false
}

/**
 * Reads the body as a JSON object whose listed fields must have the given types; unknown
 * fields are ignored, as Go does. `struct` names the GoTrue parameter struct for messages.
 */
export async function readParams(request: Request, struct: string, fields: Record<string, FieldType>): Promise<Params> {
  const text = await request.text()
  let body: unknown
  try {
    // Go's json.Unmarshal rejects an empty body the same way it rejects bad syntax.
    if (text.trim() === '') throw new SyntaxError('unexpected end of JSON input')
    body = JSON.parse(text)
  } catch (error) {
    throw badJson(error instanceof Error ? error.message : String(error))
  }
  if (jsonKind(body) !== 'object') throw badJson(`json: cannot unmarshal ${jsonKind(body)} into Go value of type api.${struct}`)
  // Postgres text cannot hold NUL, so a body carrying one is refused here rather than by the database.
  if (containsNul(body)) throw badJson('unsupported Unicode escape sequence \\u0000')
  const record = body as Record<string, unknown>
  for (const [name, type] of Object.entries(fields)) {
    const value = record[name]
    if (value === undefined || value === null) continue
    const kind = jsonKind(value)
    const expected = type === 'object' ? 'object' : type
    if (kind !== expected) {
      throw badJson(`json: cannot unmarshal ${kind} into Go struct field ${struct}.${name} of type ${GO_TYPES[type]}`)
    }
  }
  const present = (name: string) => record[name] !== undefined && record[name] !== null
  return {
    str: (name) => (present(name) ? String(record[name]) : ''),
    optStr: (name) => (present(name) ? String(record[name]) : undefined),
    obj: (name) => (present(name) ? (record[name] as Record<string, unknown>) : undefined),
    bool: (name) => record[name] === true,
  }
}

/** Reads an optional body: an empty body gives empty params (DELETE /admin/users/<id>). */
export async function readOptionalParams(request: Request, struct: string, fields: Record<string, FieldType>): Promise<Params> {
  const copy = request.clone()
  if ((await copy.text()).trim() === '') {
    return { str: () => '', optStr: () => undefined, obj: () => undefined, bool: () => false }
  }
  return readParams(request, struct, fields)
}
