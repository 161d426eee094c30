// Without SENTRY_DSN nothing of Sentry is started, and nothing is sent anywhere.
import { createServer } from 'node:http'
import { expect, it } from 'vitest'
import { flushSentry, reportError, reportRouteError, sentryConfigured, startSentry } from '#app/utils/sentry.server.ts'

it('starts no SDK and sends nothing without SENTRY_DSN', { timeout: 90_000 }, async () => {
  let requests = 0
  const ingest = createServer((_request, response) => {
    requests++
    response.end('{}')
  })
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve))
  try {
    expect(sentryConfigured({})).toBe(false)
    expect(sentryConfigured({ SENTRY_DSN: '  ' })).toBe(false)
    expect(await startSentry('web', {})).toBe(false)
    expect(await startSentry('worker', { SENTRY_DSN: '' })).toBe(false)
    reportError(new Error('nobody hears this'))
    reportRouteError(new Error('nor this'), new Request('http://localhost/'))
    await flushSentry(500)
    expect(requests).toBe(0)
    // Neither SDK was even set up: no client exists.
    const { getClient } = await import('@sentry/node')
    expect(getClient()).toBeUndefined()
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('pawhaven.sentry')]).toBeUndefined()
  } finally {
    await new Promise((resolve) => ingest.close(resolve))
  }
})
