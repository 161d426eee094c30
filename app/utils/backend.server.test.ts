import { describe, expect, it } from 'vitest'
import { takeLogged } from '#tests/setup/logged.ts'
import { BackendError, logUnexpected } from '#app/utils/backend.server.ts'

describe('BackendError', () => {
  it('is a 503 the error boundary explains, and logs what went wrong once', async () => {
    const error = new BackendError('reading the listings', { message: 'connection refused', code: 'ECONNREFUSED' })
    expect(error).toBeInstanceOf(Response)
    expect(error.status).toBe(503)
    expect(error.headers.get('Cache-Control')).toBe('no-store')
    expect(await error.text()).not.toContain('connection refused')
    const logged = takeLogged('error')
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ code: 'ECONNREFUSED', msg: 'reading the listings failed: connection refused' })

    logUnexpected(error)
    expect(takeLogged('error')).toHaveLength(0)
    logUnexpected(new TypeError('a bug'))
    expect(takeLogged('error')).toMatchObject([{ err: { type: 'TypeError', message: 'a bug' } }])
  })
})
