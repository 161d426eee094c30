import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_BACKOFF, restartDelay, supervise, type Supervisor, type SupervisorOptions } from '#scripts/lib/supervisor.ts'

describe('restartDelay', () => {
  it('waits 1 s after the first crash, doubles up to 30 s, and starts over after a minute up', () => {
    const waits: number[] = []
    let previous: number | undefined
    for (let crash = 0; crash < 8; crash += 1) waits.push((previous = restartDelay(previous, 2_000)))
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000])
    expect(restartDelay(30_000, 59_999)).toBe(30_000)
    expect(restartDelay(30_000, 60_000)).toBe(1_000)
    expect(DEFAULT_BACKOFF).toEqual({ initialMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 })
  })
})

/** A node process running `script`. */
const node = (script: string): ChildProcess => spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
const forever = 'setInterval(() => {}, 1000)'
// Starting node takes a while on a busy machine.
const SLOW = { timeout: 15_000 }

describe('supervise', () => {
  let supervisor: Supervisor | undefined
  const started: ChildProcess[] = []
  const log: string[] = []
  let exitCode: number | undefined
  const options = (more: SupervisorOptions = {}): SupervisorOptions => ({
    backoff: { initialMs: 50, maxMs: 200, resetAfterMs: 10_000 },
    log: (line) => log.push(line),
    exit: (code) => void (exitCode = code),
    handleSignals: false,
    ...more,
  })
  const track = (child: ChildProcess) => (started.push(child), child)
  afterEach(async () => {
    await supervisor?.stop(0)
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    started.length = 0
    log.length = 0
    exitCode = undefined
    supervisor = undefined
  })

  it('restarts a crashing helper with growing waits, and logs each restart', async () => {
    const startTimes: number[] = []
    supervisor = supervise(
      [
        { name: 'web', role: 'essential', start: () => track(node(forever)) },
        { name: 'worker', role: 'restart', start: () => (startTimes.push(Date.now()), track(node('process.exit(3)'))) },
      ],
      options(),
    )
    await vi.waitFor(() => expect(startTimes.length).toBeGreaterThanOrEqual(5), SLOW)
    const gaps = startTimes.slice(1, 5).map((time, index) => time - startTimes[index]!)
    // Each gap is the process's own life plus the wait: 50, 100, 200, then 200 ms at most.
    expect(gaps[0]).toBeGreaterThanOrEqual(50)
    expect(gaps[1]).toBeGreaterThanOrEqual(100)
    expect(gaps[2]).toBeGreaterThanOrEqual(200)
    expect(gaps[3]).toBeGreaterThanOrEqual(200)
    expect(log.filter((line) => /^worker exited with code 3 after .*: restart \d+ in \d+ ms$/.test(line)).length).toBeGreaterThanOrEqual(4)
    expect(log.slice(0, 3).map((line) => line.replace(/after .*:/, 'after …:'))).toEqual([
      'worker exited with code 3 after …: restart 1 in 50 ms',
      'worker exited with code 3 after …: restart 2 in 100 ms',
      'worker exited with code 3 after …: restart 3 in 200 ms',
    ])
    expect(exitCode).toBeUndefined()
  })

  it('restarts a helper killed with SIGKILL, and leaves one that exited 0 stopped', async () => {
    supervisor = supervise(
      [
        { name: 'web', role: 'essential', start: () => track(node(forever)) },
        { name: 'worker', role: 'restart', start: () => track(node(forever)) },
        { name: 'ftp', role: 'restart', start: () => track(node("console.log('ftp off: no certificate')")) },
      ],
      options(),
    )
    const first = supervisor.current('worker')!
    first.kill('SIGKILL')
    await vi.waitFor(() => expect([undefined, first.pid]).not.toContain(supervisor!.current('worker')?.pid), SLOW)
    expect(supervisor.current('worker')!.exitCode).toBeNull()
    await vi.waitFor(() => expect(log).toContain('ftp exited with code 0 (it stopped on purpose): not restarted'), SLOW)
    expect(log).toContain('ftp exited with code 0 (it stopped on purpose): not restarted')
    expect(log.some((line) => /^worker was killed by SIGKILL after .*: restart 1 in 50 ms$/.test(line))).toBe(true)
    expect(supervisor.current('ftp')).toBeUndefined()
  })

  it('stops everything when the web server exits, with its exit code', async () => {
    let helper: ChildProcess | undefined
    supervisor = supervise(
      [
        { name: 'web', role: 'essential', start: () => track(node('setTimeout(() => process.exit(4), 200)')) },
        { name: 'worker', role: 'restart', start: () => (helper = track(node(forever))) },
      ],
      options(),
    )
    await vi.waitFor(() => expect(exitCode).toBe(4), SLOW)
    expect(helper!.signalCode).toBe('SIGTERM')
    expect(log).toContain('web exited with code 4: stopping everything')
  })

  it('stops the helpers before the backend, and kills what outlives the deadline', async () => {
    const events: string[] = []
    const named = (name: string, child: ChildProcess) => {
      child.stdout!.on('data', (chunk: Buffer) => events.push(`${name}: ${chunk.toString().trim()}`))
      child.once('exit', (_code, signal) => events.push(`${name} exited${signal ? ` (${signal})` : ''}`))
      return track(child)
    }
    // The worker takes 300 ms to stop; the FTP drop ignores SIGTERM.
    const worker = `process.on('SIGTERM', () => { console.log('stopping'); setTimeout(() => process.exit(0), 300) }); console.log('up'); ${forever}`
    const ftp = `process.on('SIGTERM', () => console.log('ignoring SIGTERM')); console.log('up'); ${forever}`
    const backend = `process.on('SIGTERM', () => { console.log('stopping'); process.exit(0) }); console.log('up'); ${forever}`
    supervisor = supervise(
      [
        { name: 'web', role: 'essential', start: () => named('web', node(forever)) },
        { name: 'backend', role: 'essential', stopLast: true, start: () => named('backend', node(backend)) },
        { name: 'worker', role: 'restart', start: () => named('worker', node(worker)) },
        { name: 'ftp', role: 'restart', start: () => named('ftp', node(ftp)) },
      ],
      options({ stopTimeoutMs: 2_000, firstStopMs: 1_000 }),
    )
    await vi.waitFor(() => expect(events.filter((event) => event.endsWith(': up'))).toHaveLength(3), SLOW)
    const stopping = Date.now()
    await supervisor.stop(0)
    const took = Date.now() - stopping
    expect(exitCode).toBe(0)
    expect(took).toBeGreaterThanOrEqual(1_000)
    expect(took).toBeLessThan(2_500)
    // The backend hears of it only once the others are gone (the FTP drop by SIGKILL).
    expect(events.indexOf('backend: stopping')).toBeGreaterThan(events.indexOf('worker exited'))
    expect(events.indexOf('backend: stopping')).toBeGreaterThan(events.indexOf('ftp exited (SIGKILL)'))
    expect(events).toContain('web exited (SIGTERM)')
    expect(events).toContain('ftp: ignoring SIGTERM')
    for (const child of started) expect(child.exitCode !== null || child.signalCode !== null).toBe(true)
  })
})
