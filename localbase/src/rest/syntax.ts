// Lexical pieces shared by the select, filter and order parsers: a cursor over one
// query-string value, identifiers (bare or double-quoted) and JSON paths (`a->b->>c`).
import { parseError } from '#localbase/src/rest/errors.ts'

export type JsonStep = { arrow: '->' | '->>'; key: string }
/** A column reference, optionally followed by a JSON path. */
export type Field = { name: string; json: JsonStep[] }

export class Cursor {
  readonly input: string
  /** What is being parsed, for the error message: "select parameter", "filter", … */
  readonly what: string
  pos = 0

  constructor(input: string, what: string) {
    this.input = input
    this.what = what
  }

  get done() {
    return this.pos >= this.input.length
  }
  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? ''
  }
  startsWith(text: string) {
    return this.input.startsWith(text, this.pos)
  }
  eat(text: string): boolean {
    if (!this.startsWith(text)) return false
    this.pos += text.length
    return true
  }
  expect(text: string) {
    if (!this.eat(text)) this.fail(`"${text}"`)
  }
  skipSpaces() {
    while (this.peek() === ' ') this.pos++
  }
  rest(): string {
    const rest = this.input.slice(this.pos)
    this.pos = this.input.length
    return rest
  }
  fail(expected: string): never {
    throw parseError(this.what, this.input, this.pos, expected)
  }
}

const NAME_CHAR = /[\p{L}\p{N}_$]/u

/** A bare identifier (letters, digits, `_`, `$`, inner dashes) or a double-quoted one. */
export function readName(cursor: Cursor, expected = 'field name'): string {
  if (cursor.peek() === '"') return readQuoted(cursor)
  const start = cursor.pos
  while (!cursor.done) {
    const char = cursor.peek()
    if (NAME_CHAR.test(char)) cursor.pos++
    else if (char === '-' && cursor.peek(1) !== '>' && cursor.pos > start && NAME_CHAR.test(cursor.peek(1))) cursor.pos++
    else break
  }
  if (cursor.pos === start) cursor.fail(expected)
  return cursor.input.slice(start, cursor.pos)
}

/** `"..."` with `\"` and `\\` escapes, as PostgREST's pQuotedValue. */
export function readQuoted(cursor: Cursor): string {
  cursor.expect('"')
  let value = ''
  while (!cursor.done && cursor.peek() !== '"') {
    if (cursor.peek() === '\\' && cursor.pos + 1 < cursor.input.length) cursor.pos++
    value += cursor.peek()
    cursor.pos++
  }
  cursor.expect('"')
  return value
}

const JSON_KEY_CHAR = /[^.,:()!"\s>-]/u

/** A column name with its optional JSON path. */
export function readField(cursor: Cursor): Field {
  const name = readName(cursor)
  const json: JsonStep[] = []
  while (cursor.startsWith('->')) {
    const arrow = cursor.eat('->>') ? '->>' : (cursor.eat('->'), '->')
    let key: string
    if (cursor.peek() === '"') key = readQuoted(cursor)
    else {
      const start = cursor.pos
      if (cursor.peek() === '-') cursor.pos++ // a negative array index
      while (!cursor.done && (JSON_KEY_CHAR.test(cursor.peek()) || (cursor.peek() === '-' && cursor.peek(1) !== '>'))) cursor.pos++
      key = cursor.input.slice(start, cursor.pos)
      if (key === '' || key === '-') cursor.fail('json key')
    }
    json.push({ arrow, key })
  }
  return { name, json }
}

/** The key a field's value appears under in the JSON output: the last JSON key, else the column. */
export function fieldOutputName(field: Field): string {
  return field.json.length ? field.json[field.json.length - 1]!.key : field.name
}

/**
 * Splits a comma-separated list at top level: commas inside (), {} or "quotes" stay.
 * Used for logic trees, order lists and `columns=` / `on_conflict=`.
 */
export function splitTopLevel(input: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < input.length; i++) {
    const char = input[i]
    if (quoted) {
      if (char === '\\') i++
      else if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === '(' || char === '{') depth++
    else if (char === ')' || char === '}') depth--
    else if (char === ',' && depth === 0) {
      parts.push(input.slice(start, i))
      start = i + 1
    }
  }
  parts.push(input.slice(start))
  return parts
}

/** Column names from `columns=` / `on_conflict=`: comma-separated, optionally quoted. */
export function parseNameList(input: string, what: string): string[] {
  return splitTopLevel(input).map((part) => {
    const cursor = new Cursor(part.trim(), what)
    const name = readName(cursor)
    if (!cursor.done) cursor.fail('"," or end of input')
    return name
  })
}
