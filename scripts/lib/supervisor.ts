// What `npm start` (the container's PID 1) and `npm run dev` do with their processes (decision
// 045). The web server and the embedded backend are the site: when either exits, everything
// stops and the container exits with it. The worker and the FTP drop are helpers: one that
// crashes is restarted after a back-off (1 s, doubling to 30 s, back to 1 s once it has run a
// minute) and each restart is logged; one that exits 0 meant to stop (the FTP drop says
// `ftp off`), and stays stopped. SIGTERM or SIGINT stops everything within 10 s, as
// `docker stop` allows: the helpers and the web server first (the worker hands its unfinished
// jobs back to the database, which needs the backend), the backend after them, and SIGKILL
// for whatever is still running at the deadline.
import type { ChildProcess } from 'node:child_process'

export type Backoff = { initialMs: number; maxMs: number; resetAfterMs: number }
export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 }

/**
 * How long to wait before restarting a process that has just exited after running `uptimeMs`,
 * when the wait before its previous restart was `previousMs` (undefined: it never crashed).
 */
export function restartDelay(previousMs: number | undefined, uptimeMs: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  if (previousMs === undefined || uptimeMs >= backoff.resetAfterMs) return backoff.initialMs
  return Math.min(previousMs * 2, backoff.maxMs)
}

export type SupervisedProcess = {
  /** For the log: `web`, `backend`, `worker`, `ftp`. */
  name: string
  /** Starts (or restarts) it. */
  start: () => ChildProcess
  /** The first run when the caller started it already (and waited until it was ready). */
  child?: ChildProcess
  /** `restart`: a helper, restarted when it fails; `essential`: its exit stops everything. */
  role: 'restart' | 'essential'
  /** Stopped once the others have stopped (the backend they talk to until then). */
  stopLast?: boolean
}

export type SupervisorOptions = {
  backoff?: Backoff
  /** From SIGTERM to the last SIGKILL; docker stop waits 10 s before it kills everything. */
  stopTimeoutMs?: number
  /** How much of stopTimeoutMs the processes stopped first may use before the last ones start. */
  firstStopMs?: number
  log?: (line: string) => void
  /** Called once everything has stopped (process.exit; a test passes its own). */
  exit?: (code: number) => void
  /** Whether SIGTERM and SIGINT stop everything (a test leaves the test runner's signals alone). */
  handleSignals?: boolean
}

type Entry = SupervisedProcess & {
  current?: ChildProcess
  startedAt: number
  lastDelayMs?: number
  restarts: number
  timer?: ReturnType<typeof setTimeout>
}

export type Supervisor = {
  /** The process running now under each name (undefined while one waits for its restart). */
  current: (name: string) => ChildProcess | undefined
  /** Stops everything in order, then calls exit(code). */
  stop: (code: number) => Promise<void>
}

export function supervise(processes: SupervisedProcess[], options: SupervisorOptions = {}): Supervisor {
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const stopTimeoutMs = options.stopTimeoutMs ?? 9_000
  const firstStopMs = options.firstStopMs ?? 7_000
  const log = options.log ?? ((line: string) => console.log(`[start] ${line}`))
  const exit = options.exit ?? ((code: number) => process.exit(code))
  const entries: Entry[] = processes.map((spec) => ({ ...spec, startedAt: Date.now(), restarts: 0 }))
  let stopping: Promise<void> | undefined

  const watch = (entry: Entry, child: ChildProcess) => {
    entry.current = child
    entry.startedAt = Date.now()
    // A failed kill or spawn is reported here; unheard, it would end the supervisor itself.
    child.on('error', (error) => log(`${entry.name}: ${error.message}`))
    // One started before the supervisor may have ended already (between ready and here).
    if (child.exitCode !== null || child.signalCode !== null) onExit(entry, child, child.exitCode, child.signalCode)
    else child.once('exit', (code, signal) => onExit(entry, child, code, signal))
  }

  const onExit = (entry: Entry, child: ChildProcess | undefined, code: number | null, signal: NodeJS.Signals | null) => {
    if (entry.current === child) entry.current = undefined
    if (stopping) return
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`
    const uptimeMs = Date.now() - entry.startedAt
    if (entry.role === 'essential') {
      log(`${entry.name} ${how}: stopping everything`)
      void stop(code ?? 1)
      return
    }
    if (code === 0) {
      log(`${entry.name} exited with code 0 (it stopped on purpose): not restarted`)
      return
    }
    const delayMs = restartDelay(entry.lastDelayMs, uptimeMs, backoff)
    entry.lastDelayMs = delayMs
    entry.restarts += 1
    log(`${entry.name} ${how} after ${formatMs(uptimeMs)}: restart ${entry.restarts} in ${formatMs(delayMs)}`)
    entry.timer = setTimeout(() => {
      entry.timer = undefined
      if (stopping) return
      try {
        watch(entry, entry.start())
      } catch (error) {
        log(`${entry.name} could not be restarted: ${error instanceof Error ? error.message : String(error)}`)
        onExit(entry, undefined, 1, null)
      }
    }, delayMs)
  }

  const stop = (code: number): Promise<void> => {
    stopping ??= (async () => {
      const deadline = Date.now() + stopTimeoutMs
      for (const entry of entries) clearTimeout(entry.timer)
      const first = entries.filter((entry) => !entry.stopLast)
      const last = entries.filter((entry) => entry.stopLast)
      signal(first, 'SIGTERM')
      await exited(first, Math.min(firstStopMs, stopTimeoutMs))
      signal(first, 'SIGKILL')
      await exited(first, 500)
      signal(last, 'SIGTERM')
      await exited(last, Math.max(0, deadline - Date.now()))
      const stuck = entries.filter((entry) => entry.current)
      if (stuck.length) log(`still running at the deadline, killed: ${stuck.map((entry) => entry.name).join(', ')}`)
      signal(entries, 'SIGKILL')
      await exited(entries, 1_000)
      exit(code)
    })()
    return stopping
  }

  for (const entry of entries) watch(entry, entry.child ?? entry.start())
  if (options.handleSignals !== false) {
    process.on('SIGTERM', () => void stop(0))
    process.on('SIGINT', () => void stop(0))
  }
  return { current: (name) => entries.find((entry) => entry.name === name)?.current, stop }
}

function signal(entries: Entry[], name: NodeJS.Signals) {
  for (const entry of entries) if (entry.current && entry.current.exitCode === null) entry.current.kill(name)
}

/** Waits until none of `entries` has a running process, at most `ms`. */
function exited(entries: Entry[], ms: number): Promise<void> {
  const running = entries.map((entry) => entry.current).filter((child) => child !== undefined)
  if (!running.length) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    Promise.all(
      running.map(
        (child) => new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(null) : child.once('exit', done))),
      ),
    ).then(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}

function formatMs(ms: number): string {
  if (ms < 1_000) return `${ms} ms`
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`
}
