// A bucket's allowed_mime_types as Supabase Storage reads them (src/storage/validators/mime-type.ts
// in supabase/storage): the declared Content-Type is parsed as an RFC 9110 media type (type "/"
// subtype, then parameters), lower-cased and compared without its parameters against each
// entry, exact or `type/*`. Nothing looks at the bytes: Storage trusts the declared type, so
// neither do we. `*`, `*/*` and anything that does not parse are never wildcards; a declared
// type that does not parse is refused whatever the list says.
import { errors } from '#localbase/src/storage/errors.ts'

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
const QUOTED = String.raw`"(?:[\t\x20\x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t\x20-\x7e\x80-\xff])*"`
const TYPE_AND_SUBTYPE = new RegExp(String.raw`^[\t ]*(${TOKEN})/(${TOKEN})[\t ]*`)
const PARAMETER = new RegExp(String.raw`;[\t ]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED})[\t ]*)?`, 'y')

/** `type/subtype` lower-cased, or undefined when the text is not a media type (`*` only as `type/*` in a list). */
export function parseMediaType(text: string, subtypeWildcard = false): string | undefined {
  const match = TYPE_AND_SUBTYPE.exec(text)
  if (!match) return undefined
  const type = match[1]!.toLowerCase()
  const subtype = match[2]!.toLowerCase()
  if (type.includes('*')) return undefined
  if (subtype.includes('*') && !(subtypeWildcard && subtype === '*')) return undefined
  let offset = match[0].length
  while (offset < text.length) {
    PARAMETER.lastIndex = offset
    if (!PARAMETER.test(text)) return undefined
    offset = PARAMETER.lastIndex
  }
  return `${type}/${subtype}`
}

/** A bucket's list as Storage keeps it on create and update: parsed, de-duplicated; 415 for an entry that is not a type. */
export function normalizeAllowedMimeTypes(entries: string[]): string[] {
  const kept = new Set<string>()
  for (const entry of entries) {
    const parsed = entry.length <= 1000 ? parseMediaType(entry, true) : undefined
    if (!parsed) throw errors.invalidMimeType(entry)
    kept.add(parsed)
  }
  return [...kept]
}

/** Throws InvalidMimeType (415) unless the list is empty or admits the declared type. */
export function checkMimeType(allowed: string[] | null, contentType: string): void {
  if (!allowed || allowed.length === 0) return
  const declared = parseMediaType(contentType)
  if (!declared) throw errors.invalidMimeType(contentType)
  const family = `${declared.slice(0, declared.indexOf('/'))}/*`
  for (const entry of allowed) {
    if (entry === declared || entry === family) return
    const parsed = parseMediaType(entry, true)
    if (parsed === declared || parsed === family) return
  }
  throw errors.invalidMimeType(contentType)
}
