import fs from 'node:fs'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { mayBeUnder, publicFiles } from '#server/public-files.ts'

describe('public files', () => {
  let root: string
  let server: ReturnType<express.Express['listen']>
  let base: string

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'public-files-'))
    await writeFile(path.join(root, 'favicon.svg'), '<svg/>')
    await mkdir(path.join(root, 'images', 'blog'), { recursive: true })
    await writeFile(path.join(root, 'images', 'blog', 'senior pets.svg'), '<svg>senior</svg>')
    const app = express()
    app.use(publicFiles(root, { maxAge: '1h' }))
    app.use((request, response) => void response.status(404).send(`page ${request.path}`))
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await rm(root, { recursive: true, force: true })
  })

  afterEach(() => vi.restoreAllMocks())

  test('serve the files as the static handler does', async () => {
    const favicon = await fetch(`${base}/favicon.svg`)
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(await favicon.text()).toBe('<svg/>')
    expect(await (await fetch(`${base}/images/blog/senior%20pets.svg`)).text()).toBe('<svg>senior</svg>')
    expect(await (await fetch(`${base}/%69mages/blog/senior%20pets.svg`)).text()).toBe('<svg>senior</svg>')
    // A folder without its slash is redirected to it, as before.
    const folder = await fetch(`${base}/images`, { redirect: 'manual' })
    expect(folder.status).toBe(301)
    expect(folder.headers.get('location')).toBe('/images/')
    expect(await (await fetch(`${base}/images/missing.svg`)).text()).toBe('page /images/missing.svg')
  })

  test('send a page’s path on without looking on disk', async () => {
    const stat = vi.spyOn(fs, 'stat')
    const page = await fetch(`${base}/search?location=10001`)
    expect(page.status).toBe(404)
    expect(await page.text()).toBe('page /search')
    expect(await (await fetch(`${base}/animals/6f1c2b1e`)).text()).toBe('page /animals/6f1c2b1e')
    expect(stat).not.toHaveBeenCalled()
    await fetch(`${base}/favicon.svg`)
    expect(stat).toHaveBeenCalled()
  })

  test('leave paths that may resolve into the folder to the static handler', () => {
    const names = new Set(['favicon.svg', 'images'])
    expect(mayBeUnder('/search', names)).toBe(false)
    expect(mayBeUnder('/', names)).toBe(false)
    expect(mayBeUnder('/favicon.svg', names)).toBe(true)
    expect(mayBeUnder('/images', names)).toBe(true)
    expect(mayBeUnder('/search/../images/hero.svg', names)).toBe(true)
    expect(mayBeUnder('/search/%2e%2e/images/hero.svg', names)).toBe(true)
    expect(mayBeUnder('/%E0%A4%A', names)).toBe(true)
  })
})
