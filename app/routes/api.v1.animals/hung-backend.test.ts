// The push API when its backend accepts connections and never answers: the caller gets a 503
// problem with Retry-After (as the pages do), never a 500 a client would treat as a bug. The
// globals are installed after the routes load, as server/index.ts does with the build, so a
// thrown BackendError is not an instance of the Response class the routes then see.
import { createServer, type Socket } from 'node:net'
import { installGlobals, type LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { takeLogged } from '#tests/setup/logged.ts'

const sockets = new Set<Socket>()
const hung = createServer((socket) => sockets.add(socket))
type Handler = (args: LoaderFunctionArgs) => Promise<Response>
type Route = { loader?: Handler; action?: Handler }
let routes: Record<string, Route>

beforeAll(async () => {
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve))
  const { port } = hung.address() as { port: number }
  vi.stubEnv('SUPABASE_URL', `http://127.0.0.1:${port}`)
  vi.stubEnv('SUPABASE_ANON_KEY', 'anon')
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service')
  vi.stubEnv('SESSION_SECRET', 'a-test-secret-of-enough-length')
  vi.stubEnv('BACKEND_TIMEOUT_MS', '300')
  routes = {
    animals: await import('#app/routes/api.v1.animals/route.ts'),
    animal: await import('#app/routes/api.v1.animals.$externalId/route.ts'),
    imports: await import('#app/routes/api.v1.imports/route.ts'),
    run: await import('#app/routes/api.v1.imports.$runId/route.ts'),
  }
  installGlobals({ nativeFetch: true })
})
afterAll(async () => {
  vi.unstubAllEnvs()
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => hung.close(resolve))
})

const calls: [string, string, keyof Route, string, string?][] = [
  ['GET', '/api/v1/animals', 'loader', 'animals'],
  ['GET', '/api/v1/animals/A1', 'loader', 'animal'],
  ['PUT', '/api/v1/animals/A1', 'action', 'animal', '{"name":"Rex"}'],
  ['PATCH', '/api/v1/animals/A1', 'action', 'animal', '{"status":"adopted"}'],
  ['DELETE', '/api/v1/animals/A1', 'action', 'animal'],
  ['POST', '/api/v1/imports', 'action', 'imports', '{"animals":[]}'],
  ['GET', '/api/v1/imports/00000000-0000-0000-0000-000000000000', 'loader', 'run'],
]

describe('the push API with its backend hung', () => {
  it.each(calls)('answers %s %s with 503 problem details and Retry-After', async (method, path, kind, route, body) => {
    const request = new Request(`http://localhost${path}`, {
      method,
      body,
      headers: { Authorization: 'Bearer phk_a-key', 'Content-Type': 'application/json' },
    })
    const response = await routes[route]![kind]!({
      request,
      params: { externalId: 'A1', runId: path.split('/').at(-1) },
      context: {},
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await response.json()).toMatchObject({ status: 503, title: 'Service unavailable' })
    expect(sockets.size).toBeGreaterThan(0)
    // What failed is logged once, on the server.
    expect(takeLogged('error')).toHaveLength(1)
  })
})
