// From a file's bytes to text: shelter software writes UTF-8 (with or without a
// byte-order mark), and older Windows programs Latin-1 / Windows-1252; Excel's "Unicode text"
// is UTF-16. Anything that is not text at all (a photo sent by mistake, a spreadsheet, a zip)
// is refused as a whole with a message a shelter can act on. No server-only imports.
import { UnreadableSnapshot } from '#app/sync/types.ts'

/** How a file's bytes were read: said in the run's report when it is not plain UTF-8. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

export type DecodedText = { text: string; encoding: TextEncoding }

/** Files that are not text, by their first bytes: what the shelter probably sent instead. */
const BINARY_SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0x52, 0x49, 0x46, 0x46], what: 'an image or media file (RIFF/WebP)' },
  { bytes: [0x42, 0x4d], what: 'a BMP image' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive or an Excel workbook (.xlsx); export it as CSV' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an old Excel workbook (.xls); export it as CSV' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
]

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, index) => bytes[index] === byte)
}

/** True when nothing but whitespace (and a byte-order mark) is in the file: the "remove all" file. */
export function isBlankFile(bytes: Uint8Array): boolean {
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes
  return body.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d)
}

/**
 * The file's text, and the encoding it was read in: UTF-8 (a BOM is dropped), UTF-16 when it
 * has a UTF-16 BOM, otherwise Windows-1252 (a superset of Latin-1) when the bytes are not valid
 * UTF-8. Throws UnreadableSnapshot for binary files.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const binary = BINARY_SIGNATURES.find((signature) => startsWith(bytes, signature.bytes))
  if (binary) throw new UnreadableSnapshot(`This file is ${binary.what}, not a listing file. Nothing was changed.`)
  if (startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' }
  if (startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' }
  // Text files have no NUL bytes; binary files nearly always do within their first few kilobytes.
  if (bytes.subarray(0, 8192).includes(0)) {
    throw new UnreadableSnapshot('This file is not text (it holds binary data): send the CSV or JSON file itself. Nothing was changed.')
  }
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' }
  }
}

/** Bytes from what callers have: a Buffer, a Uint8Array, an ArrayBuffer, or text already decoded. */
export type SnapshotBytes = Uint8Array | ArrayBuffer | string

export function toBytes(input: SnapshotBytes): Uint8Array {
  if (typeof input === 'string') return new TextEncoder().encode(input)
  return input instanceof Uint8Array ? input : new Uint8Array(input)
}
