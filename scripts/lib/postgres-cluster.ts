// A throwaway PostgreSQL cluster for the tests: initdb in a temporary dir, one server on a
// free loopback port (no Unix socket, trust auth: nothing but this machine can reach it),
// durability off because nothing in it outlives the run. stop() shuts it down and removes
// the dir; a cluster left behind by a killed run is only a temp dir and a stopped process.
// Its bootstrap superuser is `supabase_admin`, as in the supabase/postgres image: localbase
// gives a database there a hosted project's roles and applies the migrations as the
// non-superuser `postgres` (localbase/src/db.ts, decision 048).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '#scripts/lib/local-servers.ts'

export type Cluster = { url: string; version: string; stop: () => Promise<void> }

/** The directory holding `initdb` and `postgres`: on PATH, else Debian's newest /usr/lib/postgresql/<n>/bin. */
export function findPostgresBin(): string | undefined {
  const candidates = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')))
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres')))
}

/** Creates and starts a cluster; the caller must call stop(), also on failure. */
export async function startCluster(binDir: string, log: (line: string) => void = () => {}): Promise<Cluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-postgres-'))
  const dataDir = path.join(dir, 'data')
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
  const owner = process.getuid?.() === 0 ? systemUser('postgres') : undefined
  if (process.getuid?.() === 0 && !owner) throw new Error('Running as root, and there is no `postgres` user to run PostgreSQL as.')
  if (owner) await chown(dir, owner.uid, owner.gid)
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {}

  let server: ChildProcess | undefined
  let output = ''
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve))
      // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, nothing is written to keep.
      server.kill('SIGINT')
      await Promise.race([exited, sleep(10_000)])
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
    }
    await rm(dir, { recursive: true, force: true })
  }

  try {
    const initdb = spawnSync(
      path.join(binDir, 'initdb'),
      ['-D', dataDir, '-U', 'supabase_admin', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'],
      { ...as, encoding: 'utf8', cwd: dir },
    )
    if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stdout}${initdb.stderr}${initdb.error ?? ''}`)

    for (let attempt = 1; ; attempt++) {
      const port = await freePort()
      server = spawn(
        path.join(binDir, 'postgres'),
        // One flag and its value per pair.
        // prettier-ignore
        [
          '-D', dataDir, '-p', String(port),
          '-c', 'listen_addresses=127.0.0.1',
          '-c', 'unix_socket_directories=',
          '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
          '-c', 'timezone=UTC',
          '-c', 'max_connections=200',
        ],
        { ...as, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      output = ''
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk))
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk))
      const url = `postgres://supabase_admin@127.0.0.1:${port}/postgres`
      const version = await waitUntilReady(url, server)
      if (version) {
        log(`PostgreSQL ${version} on 127.0.0.1:${port} (data in ${dataDir})`)
        return { url, version, stop }
      }
      // Another process took the port between our check and the server's bind: try another.
      if (attempt >= 3 || !/could not bind|Address already in use/i.test(output)) throw new Error(`PostgreSQL did not start:\n${output}`)
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The server's version once it accepts connections; undefined if it exited first. */
async function waitUntilReady(url: string, server: ChildProcess): Promise<string | undefined> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) return undefined
    const client = new pg.Client({ connectionString: url })
    client.on('error', () => {})
    try {
      await client.connect()
      const { rows } = await client.query<{ server_version: string }>('show server_version')
      return rows[0]!.server_version
    } catch {
      await sleep(200)
    } finally {
      await client.end().catch(() => {})
    }
  }
  throw new Error('PostgreSQL did not accept connections within 60 s')
}

function systemUser(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`))
  if (!line) return undefined
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
