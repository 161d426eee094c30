import { describe, expect, it, vi } from 'vitest'
import { BackendError, logUnexpected } from './backend.server'

describe('BackendError', () => {
  it('is a 503 the error boundary explains, and logs what went wrong once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = new BackendError('reading the listings', { message: 'connection refused', code: 'ECONNREFUSED' })
    expect(error).toBeInstanceOf(Response)
    expect(error.status).toBe(503)
    expect(error.headers.get('Cache-Control')).toBe('no-store')
    expect(await error.text()).not.toContain('connection refused')
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]!.join(' ')).toContain('reading the listings failed: ECONNREFUSED connection refused')

    logUnexpected(error)
    expect(logged).toHaveBeenCalledTimes(1)
    logUnexpected(new TypeError('a bug'))
    expect(logged).toHaveBeenCalledTimes(2)
  })
})
