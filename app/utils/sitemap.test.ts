import { describe, expect, it } from 'vitest'
import {
  PUBLIC_PAGES,
  SITEMAP_FILE_URLS,
  pagesSitemapXml,
  parseSitemapFileName,
  robotsTxt,
  sitemapFileChunks,
  sitemapIndexXml,
  sitemapRows,
  lastmodOf,
  xmlEscape,
  type SitemapRow,
} from '#app/utils/sitemap.ts'

const SITE = 'https://pawhaven.example'
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = ''
  for await (const chunk of chunks) text += chunk
  return text
}

describe('the sitemap index', () => {
  it('names the pages file, then each shelters and animals file by its first id, with its newest change', () => {
    const xml = sitemapIndexXml(SITE, {
      shelters: [{ first_id: id(1), urls: 3, last_modified: '2026-11-28T10:00:00+00:00' }],
      animals: [
        { first_id: id(2), urls: 50_000, last_modified: '2026-11-28T11:00:00+00:00' },
        { first_id: id(9), urls: 10, last_modified: null },
      ],
    })
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    expect(xml).toContain(`<sitemap><loc>${SITE}/sitemaps/pages.xml</loc></sitemap>`)
    expect(xml).toContain(
      `<sitemap><loc>${SITE}/sitemaps/shelters-${id(1)}.xml</loc><lastmod>2026-11-28T10:00:00+00:00</lastmod></sitemap>`,
    )
    expect(xml).toContain(`<sitemap><loc>${SITE}/sitemaps/animals-${id(2)}.xml</loc><lastmod>2026-11-28T11:00:00+00:00</lastmod></sitemap>`)
    expect(xml).toContain(`<sitemap><loc>${SITE}/sitemaps/animals-${id(9)}.xml</loc></sitemap>`)
  })

  it('reads back only the names it makes', () => {
    expect(parseSitemapFileName(`animals-${id(2)}.xml`)).toEqual({ kind: 'animals', firstId: id(2) })
    expect(parseSitemapFileName(`shelters-${id(2)}.xml`)).toEqual({ kind: 'shelters', firstId: id(2) })
    expect(parseSitemapFileName('pages.xml')).toEqual({ kind: 'pages', firstId: null })
    for (const bad of [
      'animals-1.xml',
      `staff-${id(1)}.xml`,
      `animals-${id(1)}`,
      '../etc/passwd',
      `animals-${id(1).replace('0', 'G')}.xml`,
    ]) {
      expect(parseSitemapFileName(bad)).toBeNull()
    }
  })
})

describe('a sitemap file', () => {
  it('lists every public page once', () => {
    const xml = pagesSitemapXml(SITE)
    for (const path of PUBLIC_PAGES) expect(xml).toContain(`<loc>${SITE}${path}</loc>`)
    expect(xml).not.toContain('/dashboard')
  })

  it('streams a file in keyset pages from its first id and stops at 50,000 URLs', async () => {
    const all: SitemapRow[] = Array.from({ length: 120_000 }, (_, n) => ({ id: id(n), updated_at: '2026-11-01T00:00:00Z' }))
    const calls: Array<[string, number, boolean]> = []
    const reader = async (after: string, size: number, inclusive: boolean) => {
      calls.push([after, size, inclusive])
      const start = all.findIndex((row) => (inclusive ? row.id >= after : row.id > after))
      return start < 0 ? [] : all.slice(start, start + size)
    }
    const xml = await collect(sitemapFileChunks(SITE, 'animals', id(1000), reader, 20_000))
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs).toHaveLength(SITEMAP_FILE_URLS)
    expect(locs[0]).toBe(`${SITE}/animals/${id(1000)}`)
    expect(locs.at(-1)).toBe(`${SITE}/animals/${id(1000 + SITEMAP_FILE_URLS - 1)}`)
    expect(new Set(locs).size).toBe(SITEMAP_FILE_URLS)
    expect(calls[0]).toEqual([id(1000), 20_000, true])
    expect(calls[1]).toEqual([id(20_999), 20_000, false])
    expect(calls[2]).toEqual([id(40_999), 10_000, false])
    expect(calls).toHaveLength(3)
    expect(xml).toContain('<lastmod>2026-11-01T00:00:00Z</lastmod>')
    expect(xml.endsWith('</urlset>\n')).toBe(true)
  })

  it('ends early at the last row, and names shelters by slug', async () => {
    const reader = async () => sitemapRows('shelters', [[id(1), 'paws-&-claws', '2026-11-02T00:00:00+00:00']])
    const xml = await collect(sitemapFileChunks(SITE, 'shelters', id(1), reader))
    expect(xml).toContain(`<url><loc>${SITE}/shelters/paws-%26-claws</loc><lastmod>2026-11-02T00:00:00+00:00</lastmod></url>`)
  })

  it('escapes text for XML, and keeps a timestamp as a W3C datetime', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;')
    expect(lastmodOf('2026-11-28T10:00:00.123456+00:00')).toBe('2026-11-28T10:00:00.123456+00:00')
    expect(lastmodOf('2026-11-28 10:00:00+00')).toBe('2026-11-28T10:00:00.000Z')
    expect(lastmodOf('not a time')).toBeNull()
  })
})

describe('robots.txt', () => {
  it('lets crawlers into public pages, keeps them out of private areas, and names the sitemap', () => {
    const text = robotsTxt(SITE)
    expect(text).toContain('User-agent: *\nAllow: /\n')
    for (const path of ['/dashboard', '/account', '/staff', '/api/', '/resources/']) expect(text).toContain(`Disallow: ${path}\n`)
    expect(text).not.toMatch(/Disallow: \/developers/)
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })
})
