// Small readers for request bodies, answering malformed input with a 400, never a 500.
import { errors } from '#localbase/src/storage/errors.ts'

/** A JSON object body; an empty body is `{}`. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text()
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw errors.invalidRequest('Body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.invalidRequest('body must be object')
  }
  return value as Record<string, unknown>
}

/** A required string field of a JSON body. */
export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  if (typeof value !== 'string' || value === '') throw errors.missingParameter(name)
  return value
}
