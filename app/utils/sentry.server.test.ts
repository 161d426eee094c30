// Errors reach Sentry when SENTRY_DSN is set: a small HTTP server here stands in for Sentry's
// ingest, and the SDKs send their envelopes to it. An error a route's loader throws (through the
// app's handleError) and a worker job that fails both arrive, named, without secrets.
import { createServer, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { takeLogged } from '#tests/setup/logged.ts'
import type { Database } from '#app/types/database.ts'
import { flushSentry, startSentry } from '#app/utils/sentry.server.ts'

let ingest: Server
let envelopes: string[] = []
let dsn = ''

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'))
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve))
  const { port } = ingest.address() as { port: number }
  dsn = `http://publickey@127.0.0.1:${port}/42`
  vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:9')
  vi.stubEnv('SUPABASE_ANON_KEY', 'anon')
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service')
  vi.stubEnv('SESSION_SECRET', 'a-test-secret-of-enough-length')
  expect(await startSentry('web', { SENTRY_DSN: dsn, NODE_ENV: 'test' })).toBe(true)
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await new Promise((resolve) => ingest.close(resolve))
})

/** The envelopes that arrived since the last call, once what was reported has been sent. */
async function received(): Promise<string> {
  await flushSentry(5_000)
  const all = envelopes.join('\n')
  envelopes = []
  return all
}

/** A build of one route whose loader throws, served with the app's own entry (its handleError). */
async function buildWithBrokenLoader(): Promise<ServerBuild> {
  const entry = await import('#app/entry.server.tsx')
  return {
    mode: 'production',
    entry: { module: entry },
    routes: {
      root: {
        id: 'root',
        path: '',
        module: {
          loader: () => {
            throw new Error('The loader broke for jane.doe@example.com')
          },
          default: () => null,
        },
      },
    },
    assets: { entry: { imports: [], module: '/build/entry.js' }, routes: {}, url: '/build/manifest.js', version: '1' },
    publicPath: '/build/',
    assetsBuildDirectory: 'build/client',
    future: {},
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild
}

describe('with SENTRY_DSN', () => {
  it("sends an error a route's loader throws, named, without cookies, tokens or addresses", async () => {
    const handle = createRequestHandler(await buildWithBrokenLoader(), 'production')
    const response = await handle(
      new Request('http://localhost/?_data=root', {
        headers: { Cookie: 'pawhaven_session=cookie-value-123', Authorization: 'Bearer secret-token-456' },
      }),
    )
    expect(response.status).toBe(500)
    expect(takeLogged('error')).toEqual([expect.objectContaining({ msg: 'unexpected error in a route' })])

    const sent = await received()
    expect(sent).toContain('The loader broke for j***@example.com')
    expect(sent).toContain('"type":"event"')
    for (const secret of ['jane.doe@example.com', 'cookie-value-123', 'secret-token-456']) expect(sent).not.toContain(secret)
  })

  it('sends a job that failed in the worker, with its kind', async () => {
    const { createWorker } = await import('#worker/runner.ts')
    const job = { id: 7, kind: 'pull_source', attempts: 10, max_attempts: 10, payload: {}, run_at: new Date().toISOString() }
    let claims = 0
    const rpc = async (fn: string) => {
      if (fn === 'claim_jobs') return { data: claims++ ? [] : [job], error: null }
      if (fn === 'fail_job') return { data: { ...job, failed_at: new Date().toISOString() }, error: null }
      return { data: true, error: null }
    }
    const worker = createWorker({
      supabase: { rpc } as unknown as SupabaseClient<Database>,
      tasks: {
        pull_source: async () => {
          throw new Error('The feed of source 12 answered 500')
        },
      },
    })
    await worker.drain()
    await worker.stop()

    const sent = await received()
    expect(sent).toContain('The feed of source 12 answered 500')
    expect(sent).toContain('"job_kind":"pull_source"')
  })
})
