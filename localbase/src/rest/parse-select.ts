// The `select=` grammar PostgREST accepts, minus aggregates:
//   item   := '*' | ['...'] embed | [alias ':'] field ['::' type]
//   embed  := [alias ':'] name ('!' hint | '!inner' | '!left')* '(' [item (',' item)*] ')'
//   field  := name ('->' key | '->>' key)*
import { Cursor, readField, readName, type Field } from '#localbase/src/rest/syntax.ts'

export type SelectField = { kind: 'field'; alias: string | null; field: Field; cast: string | null }
export type SelectEmbed = {
  kind: 'embed'
  alias: string | null
  name: string
  hint: string | null
  inner: boolean
  spread: boolean
  items: SelectItem[]
}
export type SelectItem = { kind: 'star' } | SelectField | SelectEmbed

export function parseSelect(input: string): SelectItem[] {
  if (input.trim() === '') return [{ kind: 'star' }]
  const cursor = new Cursor(input, 'select parameter')
  const items = readItems(cursor)
  if (!cursor.done) cursor.fail('"," or end of input')
  return items
}

function readItems(cursor: Cursor): SelectItem[] {
  const items: SelectItem[] = []
  do {
    cursor.skipSpaces()
    items.push(readItem(cursor))
    cursor.skipSpaces()
  } while (cursor.eat(','))
  return items
}

function readItem(cursor: Cursor): SelectItem {
  if (cursor.eat('*')) return { kind: 'star' }
  const spread = cursor.eat('...')
  let alias: string | null = null
  let field = readField(cursor)
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    if (field.json.length) cursor.fail('"::", "," or ")"')
    cursor.pos++
    alias = field.name
    field = readField(cursor)
  }

  const hints: string[] = []
  while (cursor.eat('!')) hints.push(readName(cursor, 'hint'))
  if (cursor.peek() === '(') {
    if (field.json.length) cursor.fail('"," or ")"')
    cursor.pos++
    cursor.skipSpaces()
    const items = cursor.peek() === ')' ? [] : readItems(cursor)
    cursor.expect(')')
    let inner = false
    let hint: string | null = null
    for (const value of hints) {
      if (value === 'inner') inner = true
      else if (value === 'left') inner = false
      else if (hint === null) hint = value
      else cursor.fail('"(" after at most one hint')
    }
    return { kind: 'embed', alias, name: field.name, hint, inner, spread, items }
  }
  if (spread || hints.length) cursor.fail('"("')

  let cast: string | null = null
  if (cursor.eat('::')) {
    cast = readName(cursor, 'type name')
    if (cursor.eat('[]')) cast += '[]'
  }
  return { kind: 'field', alias, field, cast }
}
