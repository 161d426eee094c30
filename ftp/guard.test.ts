// The FTP process outlives an error nobody caught (ftp/guard.ts), and says so with the stack.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

describe('the FTP process guard', () => {
  it('logs an uncaught error event and an unhandled rejection with their stacks, and keeps running', () => {
    const guard = path.join(import.meta.dirname, 'guard.ts')
    const script = `
      import { EventEmitter } from 'node:events'
      import { guardProcess } from ${JSON.stringify(guard)}
      guardProcess()
      setImmediate(() => new EventEmitter().emit('error', new Error('a socket error nobody heard')))
      setImmediate(() => void Promise.reject(new Error('a promise nobody awaited')))
      setImmediate(() => setImmediate(() => console.log('still serving')))
    `
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('still serving')
    expect(run.stderr).toMatch(/\[ftp\] BUG: uncaught exception, kept running: Error: a socket error nobody heard\n\s+at /)
    expect(run.stderr).toMatch(/\[ftp\] BUG: unhandled rejection, kept running: Error: a promise nobody awaited\n\s+at /)
  })
})
