// The sitemap (sitemaps.org): an index at /sitemap.xml naming one file of the fixed public
// pages and files of shelters and animals, each at most 50,000 URLs, each named by the first
// id it holds so that reading one is a keyset range scan (supabase/migrations/…_sitemap_reads.sql).
// Free of server imports: the bench drives the same code against the database directly.

/** sitemaps.org's limit per file. */
export const SITEMAP_FILE_URLS = 50_000
/** Rows per database read while a file streams out. */
export const SITEMAP_PAGE_ROWS = 10_000

export type SitemapKind = 'animals' | 'shelters'
export type SitemapEntry = { loc: string; lastmod?: string | null }
export type SitemapFile = { first_id: string; urls: number; last_modified: string | null }
export type SitemapRow = { id: string; slug?: string; updated_at: string | null }
/** One keyset page: the rows from `after` on (inclusive for a file's first page), in id order. */
export type SitemapPageReader = (after: string, pageSize: number, inclusive: boolean) => Promise<SitemapRow[]>

/** The public pages every visitor can reach without signing in (robots.txt lets crawlers in). */
export const PUBLIC_PAGES = [
  '/',
  '/search',
  '/animal-types',
  '/shelters',
  '/about',
  '/how-it-works',
  '/success-stories',
  '/blog',
  '/support',
  '/contact',
  '/developers/api',
  '/privacy',
  '/terms',
] as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Escapes text for an XML element's content. */
export function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`)
}

// PostgreSQL's JSON form of a timestamptz ('2026-11-28T10:00:00.123456+00:00') is already one.
const W3C_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/

/** A W3C datetime (what <lastmod> takes), or nothing for a missing or unreadable time. */
export function lastmodOf(value: string | null | undefined): string | null {
  if (!value) return null
  if (W3C_DATETIME.test(value)) return value
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? null : time.toISOString()
}

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry): string {
  const lastmod = lastmodOf(entry.lastmod)
  return `<${tag}><loc>${xmlEscape(entry.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>\n`
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'

/** The file names of the index, e.g. `animals-<first id>.xml`, and what they hold. */
export function sitemapFileName(kind: SitemapKind, firstId: string): string {
  return `${kind}-${firstId}.xml`
}

/** `animals-<uuid>.xml` → its kind and first id; anything else → null (a 404). */
export function parseSitemapFileName(name: string): { kind: SitemapKind | 'pages'; firstId: string | null } | null {
  if (name === 'pages.xml') return { kind: 'pages', firstId: null }
  const match = /^(animals|shelters)-([0-9a-f-]{36})\.xml$/.exec(name)
  if (!match || !UUID.test(match[2]!)) return null
  return { kind: match[1] as SitemapKind, firstId: match[2]! }
}

/** The index: the pages file, then the shelters' and the animals' files, each with its newest change. */
export function sitemapIndexXml(siteUrl: string, files: { shelters: SitemapFile[]; animals: SitemapFile[] }): string {
  const entries: SitemapEntry[] = [
    { loc: `${siteUrl}/sitemaps/pages.xml` },
    ...files.shelters.map((file) => ({
      loc: `${siteUrl}/sitemaps/${sitemapFileName('shelters', file.first_id)}`,
      lastmod: file.last_modified,
    })),
    ...files.animals.map((file) => ({
      loc: `${siteUrl}/sitemaps/${sitemapFileName('animals', file.first_id)}`,
      lastmod: file.last_modified,
    })),
  ]
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.map((entry) => entryXml('sitemap', entry)).join('')}</sitemapindex>\n`
}

/** The fixed public pages' file (no lastmod: their text changes with a release, not a row). */
export function pagesSitemapXml(siteUrl: string): string {
  const entries = PUBLIC_PAGES.map((path) => ({ loc: `${siteUrl}${path === '/' ? '/' : path}` }))
  return `${XML_HEAD}<urlset ${NS}>\n${entries.map((entry) => entryXml('url', entry)).join('')}</urlset>\n`
}

/**
 * A page as the database sends it (sitemap_animals(): [id, updated_at] pairs; sitemap_shelters():
 * [id, slug, updated_at] triples) → rows.
 */
export function sitemapRows(kind: SitemapKind, data: unknown): SitemapRow[] {
  if (!Array.isArray(data)) return []
  return data.map((tuple: unknown[]) =>
    kind === 'animals'
      ? { id: String(tuple[0]), updated_at: (tuple[1] as string | null) ?? null }
      : { id: String(tuple[0]), slug: String(tuple[1]), updated_at: (tuple[2] as string | null) ?? null },
  )
}

/** The page a row stands for. */
export function rowLocation(siteUrl: string, kind: SitemapKind, row: SitemapRow): string {
  return kind === 'animals' ? `${siteUrl}/animals/${row.id}` : `${siteUrl}/shelters/${encodeURIComponent(row.slug ?? '')}`
}

/**
 * One file's URLs, read page by page from its first id: at most SITEMAP_FILE_URLS, so a file
 * never outgrows the limit even when listings were added since the index was read.
 */
export async function* sitemapFileChunks(
  siteUrl: string,
  kind: SitemapKind,
  firstId: string,
  readPage: SitemapPageReader,
  pageRows = SITEMAP_PAGE_ROWS,
): AsyncGenerator<string> {
  yield `${XML_HEAD}<urlset ${NS}>\n`
  const base = xmlEscape(`${siteUrl}/${kind}/`)
  let after = firstId
  let inclusive = true
  let written = 0
  while (written < SITEMAP_FILE_URLS) {
    const requested = Math.min(pageRows, SITEMAP_FILE_URLS - written)
    const rows = await readPage(after, requested, inclusive)
    if (!rows.length) break
    written += rows.length
    // Written directly (this is the hot loop: 50,000 rows a file): ids and slugs need no escaping.
    let xml = ''
    for (const row of rows) {
      const lastmod = lastmodOf(row.updated_at)
      xml += `<url><loc>${base}${kind === 'animals' ? row.id : encodeURIComponent(row.slug ?? '')}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`
    }
    yield xml
    if (rows.length < requested) break
    after = rows[rows.length - 1]!.id
    inclusive = false
  }
  yield '</urlset>\n'
}

/** An async iterable of strings as a byte stream for a Response. */
export function streamOf(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = chunks[Symbol.asyncIterator]()
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await iterator.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await iterator.return?.(undefined)
    },
  })
}

/** robots.txt: everything public is open; the signed-in areas, the API and resources are not. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /account',
    'Disallow: /staff',
    'Disallow: /api/',
    'Disallow: /resources/',
    'Disallow: /invitations/',
    'Disallow: /unsubscribe/',
    'Disallow: /auth/',
    'Disallow: /animals/*/apply',
    'Disallow: /animals/*/ask',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
