// The JavaScript budget (docs/performance.md, "JavaScript per page"): a first visit to the home
// page, the search page and an animal page downloads at most 120 KB of scripts, counted with
// each response's headers. Measured as `node bench/bundle.ts` measures it (the same code), on
// the build this run serves: a script that grows, or one more chunk on one of these pages,
// fails here rather than in the next bench. Sizes do not depend on the machine's speed, so the
// check is exact on a busy machine too. JavaScript on only: without it, no script loads.
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { BUNDLE_GOAL_KB, measurePageScripts, type PageScripts } from '#bench/bundle.ts'
import { expect } from '#tests/e2e/fixtures.ts'
import { test } from '#tests/e2e/listings/world.ts'

test('home, search and an animal page each load at most 120 KB of JavaScript on a first visit', async ({ baseURL, browser, world }) => {
  const pages = await measurePageScripts(baseURL!, { browser, animalPath: `/animals/${world.animals.Alpha}` })
  expect(pages.map((page) => page.name)).toEqual(['home', 'search', 'animal'])
  for (const page of pages) {
    expect.soft(page.scripts.length, `${page.path} loaded no script: the measurement saw nothing`).toBeGreaterThan(0)
    expect.soft(page.transferKB, report(page)).toBeLessThanOrEqual(BUNDLE_GOAL_KB)
  }
})

test('what these pages need not load stays out of their scripts', async ({ request, world }) => {
  // The classic compiler's record of which modules went into which built file: the build this
  // run serves (scripts/e2e.ts builds first).
  const metafile = JSON.parse(readFileSync('build/metafile.js.json', 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>
  }
  for (const path of ['/', '/search', `/animals/${world.animals.Alpha}`]) {
    const html = await (await request.get(path)).text()
    const scripts = Array.from(html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g), (match) => match[1]!)
    expect(scripts.length, path).toBeGreaterThan(5)
    const modules = scripts.flatMap((script) =>
      Object.keys(metafile.outputs[`public${script}`]?.inputs ?? {}).map((input) => ({ script, input })),
    )
    const unwanted = modules.filter(
      ({ script, input }) =>
        // The time zone hint's package: its script is written into the page by the server.
        input.includes('@epic-web/client-hints') ||
        // Dates on these pages are formatted by their loaders, in the reader's zone.
        input === 'app/utils/date-time.ts' ||
        // The animal form's photo resizing is the dashboard's.
        input === 'app/utils/photo-resize.ts' ||
        // The empty stub of a server module shared by several routes: a request of its own for
        // nothing. Each route imports its server code through one module of its own, whose stub
        // travels inside the route's script.
        (input.startsWith('empty-module:') && script.startsWith('/build/_shared/')),
    )
    expect(unwanted, path).toEqual([])
  }
})

test('the built scripts go out smaller than gzip would send them', async ({ baseURL, request }) => {
  // The home page's scripts, as a browser that takes brotli (every current one) gets them.
  const html = await (await request.get('/')).text()
  const scripts = Array.from(html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g), (match) => match[1]!)
  expect(scripts.length).toBeGreaterThan(5)
  let sent = 0
  let gzipped = 0
  for (const script of scripts) {
    const response = await rawGet(`${baseURL}${script}`, 'gzip, deflate, br, zstd')
    // Bodies under 1 KB go as they are: compressing them saves less than the header costs.
    if (!response.encoding) continue
    expect(response.encoding, script).toBe('br')
    sent += response.body.length
    gzipped += gzipSync(brotliDecompressSync(response.body), { level: 6 }).length
  }
  expect(sent, `${sent} bytes sent against ${gzipped} gzipped at level 6`).toBeLessThan(gzipped)
})

/** What the server sends, undecoded: the body as it crosses the wire and its Content-Encoding. */
function rawGet(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** What the page loaded, largest first, for the failure message. */
function report(page: PageScripts): string {
  const lines = page.scripts.map((script) => `${(script.transferBytes / 1000).toFixed(2).padStart(7)} KB  ${new URL(script.url).pathname}`)
  return `${page.path}: ${page.scripts.length} scripts, ${page.transferKB} KB with headers (goal ${BUNDLE_GOAL_KB})\n${lines.join('\n')}`
}
