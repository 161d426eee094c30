// The JavaScript budget (docs/performance.md, "JavaScript per page"): the built scripts go out
// compressed harder than compression's default.
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { expect, test } from '#tests/e2e/fixtures.ts'

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
