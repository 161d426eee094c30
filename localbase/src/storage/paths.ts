// Object keys and bucket names: decoding them from the URL and deciding which are
// acceptable. The rules follow supabase/storage's validator (S3's "characters to avoid",
// no `.`/`..` segments, at most 1024 bytes, NFC) plus what a file system needs, since every
// segment becomes a directory: no empty segment, none longer than 200 bytes.
import { errors } from '#localbase/src/storage/errors.ts'

const MAX_KEY_BYTES = 1024
const MAX_SEGMENT_BYTES = 200

// ASCII characters S3 asks clients to avoid, which Supabase refuses in keys.
const AVOIDED_ASCII = new Set('"#%<>[\\]^`{|}~')

function isAcceptableCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0
  if (code < 0x20 || code === 0x7f) return false
  if (code >= 0x80 && code <= 0x9f) return false
  if (code >= 0xd800 && code <= 0xdfff) return false
  // Invisible characters that make two keys look alike in a listing.
  if (code === 0x200b || code === 0x200e || code === 0x200f || code === 0xfeff) return false
  if (code >= 0x202a && code <= 0x202e) return false
  return !AVOIDED_ASCII.has(char)
}

/** Whether a key may name an object: also what keeps bytes inside the storage directory. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false
  for (const char of key) if (!isAcceptableCharacter(char)) return false
  return key
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..' && Buffer.byteLength(segment) <= MAX_SEGMENT_BYTES)
}

/** Validates and canonicalises a key, throwing Storage's InvalidKey. */
export function mustBeValidKey(key: string | undefined): string {
  const normalized = (key ?? '').normalize('NFC')
  if (!isValidKey(normalized)) throw errors.invalidKey(key ?? '')
  return normalized
}

/** Bucket names follow the key rules, without `/`, and are at most 100 characters. */
export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && !name.includes('/') && isValidKey(name)
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw errors.invalidBucketName()
  return name
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/**
 * Splits `<bucket>/<key…>` (still percent-encoded, as it arrives in the URL) into a
 * decoded bucket name and key. The key is decoded as a whole, so `%2F` is a separator,
 * as it is for Supabase's wildcard route.
 */
export function splitBucketAndKey(rest: string): { bucket: string; key: string } {
  const slash = rest.indexOf('/')
  const rawBucket = slash === -1 ? rest : rest.slice(0, slash)
  const rawKey = slash === -1 ? '' : rest.slice(slash + 1)
  const bucket = decode(rawBucket)
  if (bucket === undefined || !isValidBucketName(bucket)) throw errors.invalidBucketName()
  const key = decode(rawKey)
  if (key === undefined) throw errors.invalidKey(rawKey)
  return { bucket, key: mustBeValidKey(key) }
}

/** A decoded bucket name from a single URL segment. */
export function bucketFromSegment(segment: string): string {
  const bucket = decode(segment)
  if (bucket === undefined || !isValidBucketName(bucket)) throw errors.invalidBucketName()
  return bucket
}

/** Escapes LIKE wildcards so a prefix matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => '\\' + char)
}
