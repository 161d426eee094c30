// What /healthz says (decision 045): whether each part of the site is up. `web` is this server
// (it answers, so it is up); `backend`: the Supabase API answers a real query; `worker`: a
// worker wrote its heartbeat in the last 30 s (one on this machine when the start script runs
// one here, any worker otherwise); `ftp`: the FTP drop accepts a connection. The backend is
// always required; the worker and the FTP drop only where the start script runs them
// (HEALTHZ_REQUIRE), so a container whose own worker died answers 503, and an app container
// whose workers run elsewhere does not.
import { connect } from 'node:net'
import { hostname } from 'node:os'

export type ComponentState = 'up' | 'down' | 'off' | 'unknown'
export type Component = 'web' | 'backend' | 'worker' | 'ftp'

export type Health = {
  ok: boolean
  components: Record<Component, ComponentState>
  /** Why each required component that is down is down. */
  problems?: string[]
}

/** A worker beats every 10 s: two missed beats and a slow one still count as up. */
export const HEARTBEAT_FRESH_SECONDS = 30

export type HealthSettings = {
  /** The components besides web and backend that must be up for a 200. */
  require: Set<'worker' | 'ftp'>
  /** host:port of the FTP drop, when one runs beside this server. */
  ftpAddress?: string
  /** This machine's name, as the worker beside it records it. */
  host: string
}

export function healthSettings(env: Record<string, string | undefined> = process.env): HealthSettings {
  const names = (env.HEALTHZ_REQUIRE ?? '').split(',').map((name) => name.trim())
  return {
    require: new Set(names.filter((name): name is 'worker' | 'ftp' => name === 'worker' || name === 'ftp')),
    ftpAddress: env.FTP_LISTEN_ADDRESS || undefined,
    host: hostname(),
  }
}

export type HealthProbes = {
  /** null when the backend answers, else why not. */
  backend: () => Promise<string | null>
  /** Seconds since the last heartbeat (of `host`'s workers, or any's); null: none; undefined: cannot tell. */
  workerBeatAge: (host: string | null) => Promise<number | null | undefined>
  /** null when something accepts connections at the address, else why not. */
  ftp: (address: string) => Promise<string | null>
}

export async function checkHealth(settings: HealthSettings, probes: HealthProbes): Promise<Health> {
  const problems: string[] = []
  const workerRequired = settings.require.has('worker')
  const [backendProblem, beatAge, ftpProblem] = await Promise.all([
    probes.backend(),
    probes.workerBeatAge(workerRequired ? settings.host : null).catch(() => undefined),
    settings.ftpAddress
      ? probes.ftp(settings.ftpAddress)
      : Promise.resolve(settings.require.has('ftp') ? 'no address to check' : undefined),
  ])
  const backend: ComponentState = backendProblem ? 'down' : 'up'
  if (backendProblem) problems.push(`backend: ${backendProblem}`)

  let worker: ComponentState
  if (beatAge === undefined) worker = backendProblem ? 'down' : 'unknown'
  else if (beatAge === null) worker = workerRequired ? 'down' : 'off'
  else worker = beatAge <= HEARTBEAT_FRESH_SECONDS ? 'up' : 'down'
  if (workerRequired && worker !== 'up') {
    problems.push(`worker: ${beatAge == null ? 'no heartbeat' : `last heartbeat ${Math.round(beatAge)} s ago`}`)
  }

  const ftp: ComponentState = ftpProblem === undefined ? 'off' : ftpProblem ? 'down' : 'up'
  if (settings.require.has('ftp') && ftp !== 'up') problems.push(`ftp: ${ftpProblem}`)

  const health: Health = { ok: problems.length === 0, components: { web: 'up', backend, worker, ftp } }
  if (problems.length) health.problems = problems
  return health
}

/** Whether something accepts a TCP connection at host:port (a wildcard host means this machine). */
export function probeTcp(address: string, timeoutMs = 2_000): Promise<string | null> {
  const separator = address.lastIndexOf(':')
  let host = address.slice(0, separator).replace(/^\[(.*)\]$/, '$1')
  const port = Number(address.slice(separator + 1))
  if (host === '0.0.0.0' || host === '') host = '127.0.0.1'
  if (host === '::') host = '::1'
  // connect() throws rather than emits for an address it cannot use (no port, one out of range).
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return Promise.resolve(`${address}: not a host:port address`)
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: timeoutMs })
    socket.once('connect', () => {
      resolve(null)
      // A server that greets (FTP's 220) is left after its greeting, so it reads an orderly
      // close rather than a reset; one that says nothing, after a second.
      socket.once('data', () => socket.end())
      setTimeout(() => socket.destroy(), 1_000).unref()
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(`no answer on ${address} within ${timeoutMs} ms`)
    })
    socket.on('error', (error) => resolve(`${address}: ${error.message}`))
  })
}
