// The `import.cfg` that comes with an Adopt-a-Pet `pets.csv` (the same grammar as Petfinder's
// pre-2019 `<SHELTERID>import.cfg`), per Adopt-a-Pet's AutoUpload documentation:
//
//   ; a comment                          lines starting with ';'
//   #1:YourColumn=AdoptAPetField         a column: its 1-based position (legacy files count
//   #2:Type=Animal\t\t; Required          from #0), your name, the field; a tab + '; …' after
//   Sugar Glider=Small Animal            a value remap for the column above, until the next
//   Affenpinscher = Dog                    column line (spaces around '=' allowed)
//   #HEADER:N  #SHELTERID:X  #ALLOWUPDATE:Y   legacy directives
//
// Kept as plain data (no Map), so the pipeline can store a source's last cfg and reuse it when an
// upload comes without one.
import { UnreadableSnapshot } from '#app/sync/types.ts'
import { decodeText, toBytes, type SnapshotBytes } from '#app/sync/formats/decode.ts'

export type ImportConfigColumn = {
  /** 0-based position in each CSV row. */
  position: number
  /** The sender's own name for the column (left of '='): what a header row would say. */
  sourceName: string
  /** The receiver's field (right of '='), e.g. 'Id', 'Animal', 'PhotoURL2'. */
  field: string
  /** Value remaps in file order: a value equal to `from` (exactly, else ignoring case) becomes `to`. */
  remaps: { from: string; to: string }[]
}

export type ImportConfig = {
  columns: ImportConfigColumn[]
  /** `#HEADER:Y|N`, when the file says; otherwise the reader looks at the first row. */
  header: boolean | null
  shelterId: string | null
  allowUpdate: boolean | null
}

function yesNoDirective(value: string): boolean | null {
  const key = value.trim().toLowerCase()
  return ['y', 'yes', '1', 'true'].includes(key) ? true : ['n', 'no', '0', 'false'].includes(key) ? false : null
}

/** Reads an import.cfg; throws UnreadableSnapshot when it maps no column at all. */
export function parseAdoptapetConfig(input: SnapshotBytes): ImportConfig {
  const text = typeof input === 'string' ? input : decodeText(toBytes(input)).text
  const raw: { number: number; sourceName: string; field: string; remaps: { from: string; to: string }[] }[] = []
  const config: ImportConfig = { columns: [], header: null, shelterId: null, allowUpdate: null }
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n?|\n/)) {
    // A comment after a tab or spaces ("#1:Id=Id\t\t; Required"), then the line itself.
    const line = rawLine.replace(/\s+;.*$/, '').trim()
    if (!line || line.startsWith(';')) continue
    const column = line.match(/^#\s*(\d+)\s*:\s*([^=]*?)\s*(?:=\s*(.*))?$/)
    if (column) {
      const sourceName = column[2] ?? ''
      raw.push({ number: Number(column[1]), sourceName, field: (column[3] ?? sourceName).trim(), remaps: [] })
      continue
    }
    const directive = line.match(/^#\s*([A-Za-z_]+)\s*:\s*(.*)$/)
    if (directive) {
      const name = directive[1]!.toUpperCase()
      const value = directive[2] ?? ''
      if (name === 'HEADER') config.header = yesNoDirective(value)
      else if (name === 'SHELTERID') config.shelterId = value.trim() || null
      else if (name === 'ALLOWUPDATE') config.allowUpdate = yesNoDirective(value)
      continue
    }
    const equals = line.indexOf('=')
    const current = raw.at(-1)
    if (equals > 0 && current) current.remaps.push({ from: line.slice(0, equals).trim(), to: line.slice(equals + 1).trim() })
  }
  if (raw.length === 0) {
    throw new UnreadableSnapshot(
      'This import.cfg maps no columns: it needs lines like "#1:Id=Id", one per column of pets.csv. Nothing was changed.',
    )
  }
  // Legacy files number the first column #0; Adopt-a-Pet's own start at #1.
  const offset = raw.some((column) => column.number === 0) ? 0 : 1
  const taken = new Set<number>()
  for (const column of raw) {
    const position = column.number - offset
    if (taken.has(position) || !column.field) continue
    taken.add(position)
    config.columns.push({ position, sourceName: column.sourceName, field: column.field, remaps: column.remaps })
  }
  return config
}

/** A column's remaps as a lookup: exact values first, then the same ignoring case and spaces. */
export function remapper(column: ImportConfigColumn | undefined): (value: string) => string {
  if (!column || column.remaps.length === 0) return (value) => value
  const exact = new Map<string, string>()
  const loose = new Map<string, string>()
  for (const { from, to } of column.remaps) {
    if (!exact.has(from)) exact.set(from, to)
    const key = from.toLowerCase().replace(/\s+/g, ' ')
    if (!loose.has(key)) loose.set(key, to)
  }
  return (value) => exact.get(value) ?? loose.get(value.toLowerCase().replace(/\s+/g, ' ')) ?? value
}
