// The FTP drop's server (decision 034), on ftp-srv: a shelter's software logs
// in with its source's account and finds a folder of its own (a temporary directory per
// session, with /import and /import/photos made; ./folder.ts), where it may make folders,
// list, delete and rename, and store files of up to 50 MB. Each stored (or renamed) file is
// handed to the drop handler (./drop.ts) and the session's folder goes when it ends. Explicit
// TLS (AUTH TLS) when a certificate is given, with a data channel ftplib can use
// (./data-channel.ts); who may log in, and how fast, is ./gate.ts's.
import type { EventEmitter } from 'node:events'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import type { Server, Socket } from 'node:net'
import path from 'node:path'
import { createSecureContext, TLSSocket } from 'node:tls'
import bcrypt from 'bcryptjs'
import { FtpSrv } from 'ftp-srv'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#app/types/database.ts'
import type { SnapshotFormat } from '#app/sync/types.ts'
import { createDropHandler, type DropSource, type Landed } from '#ftp/drop.ts'
import { DropFolder } from '#ftp/folder.ts'
import { dataChannel, type DataConnection } from '#ftp/data-channel.ts'
import { isLoopback, LoginThrottle, PlainFtpRefused, requireTlsLogin } from '#ftp/gate.ts'
import { reportError } from '#app/utils/sentry.server.ts'
import { inSession, sessionLog } from '#ftp/log.ts'

/** The cap on a listings file, and on any file here. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024

export type FtpDropOptions = {
  supabase: SupabaseClient<Database>
  /** Where sessions' folders and waiting photos live. */
  workDir: string
  host?: string
  /** 0: any free port. */
  port?: number
  /** The address given to clients for passive transfers (the host when unset). */
  passiveHost?: string
  passivePorts?: { min: number; max: number }
  /** PEM key and certificate: explicit TLS (AUTH TLS) is offered. */
  tls?: { key: string; cert: string } | null
  maxFileBytes?: number
  maxSessions?: number
  /** Sessions one account may hold at once. */
  maxSessionsPerAccount?: number
  /** How long a connection has to log in. */
  loginTimeoutMs?: number
  /** Connections not logged in yet, from one address and in all. */
  maxWaitingPerAddress?: number
  maxWaiting?: number
  /** Plain FTP (passwords in clear text) on an address other machines reach: off unless set. */
  allowPlain?: boolean
  throttle?: LoginThrottle
  /** How the throttle's delays are waited out (tests record them). */
  wait?: (ms: number) => Promise<void>
  log?: (line: string) => void
  /** Told about each file once it is handled (tests). */
  onLanded?: (source: DropSource, fileName: string, result: Landed | Error) => void
}

/** How long a logged-in session may stay idle. */
const SESSION_TIMEOUT_MS = 10 * 60 * 1000

const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/i, '')

/** ftp-srv logs every command (bunyan's interface); ours says what matters. */
const quietLogger: Record<string, unknown> = {}
for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) quietLogger[level] = () => undefined
quietLogger.child = () => quietLogger

/** What of ftp-srv's connection secureAuthTls reaches (not in its types). */
export type CommandConnection = {
  commandSocket: Socket
  secure: boolean
  commands: {
    parse(message: string): { directive: string; arg: string | null }
    handle(command: string | { directive: string; arg: string | null }): Promise<unknown>
  }
}

/**
 * Takes over ftp-srv's AUTH TLS, whose upgrade races the client: it writes 234 and wraps the
 * command socket in TLS only some event-loop turns later, after the write's callback. A client
 * that answers the 234 quickly (basic-ftp on a busy machine, the e2e spec's "wrong version
 * number") has its TLS ClientHello read by the plain-text command parser, which answers it in
 * plain text ("502 Command not allowed"), and the handshake fails. Here the 234 is written and
 * the socket wrapped in the same turn, so nothing the client sends after the 234 is read
 * before TLS owns the socket. Other commands, and AUTH with another mechanism or when there
 * is no certificate or TLS is on already, are ftp-srv's.
 */
export function secureAuthTls(connection: CommandConnection, context: ReturnType<typeof createSecureContext>) {
  const { commands } = connection
  const handle = commands.handle.bind(commands)
  commands.handle = (message) => {
    const command = typeof message === 'string' ? commands.parse(message) : message
    if (command.directive !== 'AUTH' || (command.arg ?? '').trim().toUpperCase() !== 'TLS' || connection.secure) return handle(message)
    const plain = connection.commandSocket
    if (!plain.writable) return Promise.resolve()
    plain.write('234 Honored\r\n')
    const secure = new TLSSocket(plain, { isServer: true, secureContext: context })
    // As ftp-srv does: its listeners stay on the plain socket, which relays what TLS reads.
    for (const event of ['data', 'timeout', 'end', 'close', 'drain', 'error']) {
      secure.on(event, (...args: unknown[]) => plain.emit(event, ...args))
    }
    connection.commandSocket = secure
    connection.secure = true
    return Promise.resolve()
  }
}

/** Compared against for an unknown user name, so it costs what a wrong password costs. */
let decoyHash: string | undefined

export async function startFtpDrop(options: FtpDropOptions) {
  const {
    supabase,
    workDir,
    host = '127.0.0.1',
    port = 0,
    passiveHost,
    passivePorts = { min: 30000, max: 30100 },
    tls = null,
    maxFileBytes = MAX_FILE_BYTES,
    maxSessions = 50,
    maxSessionsPerAccount = 4,
    loginTimeoutMs = 30_000,
    maxWaitingPerAddress = 8,
    maxWaiting = maxSessions,
    allowPlain = false,
    throttle = new LoginThrottle(),
    wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
    log = (line: string) => console.log(`[ftp] ${line}`),
    onLanded,
  } = options
  const reachable = !isLoopback(host)
  if (reachable && !tls && !allowPlain) throw new PlainFtpRefused(host)
  const requireTls = reachable && Boolean(tls) && !allowPlain
  await mkdir(path.join(workDir, 'sessions'), { recursive: true, mode: 0o700 })
  const drop = createDropHandler({ supabase, log })
  // Photos waited on this disk before they waited in Storage.
  void drop.adoptDiskPhotos(path.join(workDir, 'pending'))
  /** Logged-in sessions by connection, and how many each source's account holds. */
  const sessions = new Map<string, { sourceId: string; root: string }>()
  const sessionsOf = new Map<string, number>()
  /** Files being read before the drop handler queues them (so idle() waits for them too). */
  const handovers = new Set<Promise<void>>()
  const idle = async () => {
    while (handovers.size) await Promise.all(handovers)
    await drop.idle()
  }

  const server = new FtpSrv({
    url: `ftp://${host}:${port}`,
    pasv_url: passiveHost ?? host,
    pasv_min: passivePorts.min,
    pasv_max: passivePorts.max,
    anonymous: false,
    greeting: ['Pawhaven listings drop'],
    tls: tls ?? false,
    log: quietLogger as never,
    timeout: SESSION_TIMEOUT_MS,
  })
  // ftp-srv keeps its net.Server as `server` (not in its types).
  const listener = (server as unknown as { server: Server }).server
  listener.maxConnections = maxSessions + maxWaiting
  /** Connections not logged in yet (their plain sockets and addresses), and how many per address. */
  const waiting = new Map<string, { socket: Socket; address: string }>()
  const waitingFrom = new Map<string, number>()
  const stopWaiting = (id: string, loggedIn: boolean) => {
    const entry = waiting.get(id)
    if (!entry) return
    waiting.delete(id)
    const left = (waitingFrom.get(entry.address) ?? 1) - 1
    if (left > 0) waitingFrom.set(entry.address, left)
    else waitingFrom.delete(entry.address)
    if (loggedIn) entry.socket.setTimeout(SESSION_TIMEOUT_MS)
  }

  const context = tls ? createSecureContext(tls) : null
  // ftp-srv emits 'connect' for each connection before its greeting (not in its types).
  ;(server as unknown as EventEmitter).on('connect', ({ connection, id }: { connection: DataConnection; id: string }) => {
    const socket = connection.commandSocket
    const address = plainAddress(socket.remoteAddress)
    if ((waitingFrom.get(address) ?? 0) >= maxWaitingPerAddress || waiting.size >= maxWaiting) {
      // Said before ftp-srv's greeting, which then finds the socket closed.
      socket.end('421 Too many connections waiting to log in; try again later\r\n')
      return
    }
    waiting.set(id, { socket, address })
    waitingFrom.set(address, (waitingFrom.get(address) ?? 0) + 1)
    socket.setTimeout(loginTimeoutMs)
    if (context) secureAuthTls(connection, context)
    if (requireTls) requireTlsLogin(connection)
    dataChannel(connection, { context, listenHost: host })
  })

  server.on('login', ({ connection, username, password }, resolve, reject) => {
    const address = plainAddress((connection as unknown as DataConnection).commandSocket.remoteAddress)
    const tryLogin = async () => {
      await wait(throttle.beforeTry(address))
      const source = await login(username, password)
      if (!source) {
        await wait(throttle.failed(address, username ?? ''))
        reject(new Error('Wrong user name or password'))
        return
      }
      throttle.succeeded(address, username)
      if (sessions.size >= maxSessions) {
        reject(new Error('Too many sessions; try again later'))
        return
      }
      if ((sessionsOf.get(source.id) ?? 0) >= maxSessionsPerAccount) {
        reject(new Error('Too many sessions for this account'))
        return
      }
      sessionsOf.set(source.id, (sessionsOf.get(source.id) ?? 0) + 1)
      const root = await mkdtemp(path.join(workDir, 'sessions', 'session-'))
      sessions.set(connection.id, { sourceId: source.id, root })
      await DropFolder.prepare(root)
      const landed = (error: Error | null | undefined, file: string) => {
        if (error || !file) return
        const handing = inSession(connection.id, () => handOver(source, root, file))
        handovers.add(handing)
        void handing.finally(() => handovers.delete(handing))
      }
      connection.on('STOR', landed)
      stopWaiting(connection.id, true)
      const fs = new DropFolder(connection, root, {
        cap: maxFileBytes,
        renamed: (fsPath) => landed(null, fsPath),
        log: sessionLog(connection.id, log),
      })
      resolve({ fs, root, cwd: '/' })
    }
    void inSession(connection.id, () =>
      tryLogin().catch((error: unknown) => {
        reportError(error, { tags: { ftp: 'login' } })
        log(`login of ${username} failed: ${error instanceof Error ? error.message : String(error)}`)
        reject(new Error('Login is not possible right now'))
      }),
    )
  })
  server.on('disconnect', ({ id }) => {
    stopWaiting(id, false)
    const session = sessions.get(id)
    if (!session) return
    sessions.delete(id)
    sessionsOf.set(session.sourceId, Math.max(0, (sessionsOf.get(session.sourceId) ?? 1) - 1))
    void rm(session.root, { recursive: true, force: true }).catch(() => undefined)
  })
  server.on('client-error', ({ connection, error }) =>
    inSession(connection.id, () => log(`client error: ${error instanceof Error ? error.message : String(error)}`)),
  )

  async function login(username: string, password: string): Promise<DropSource | null> {
    const { data, error } = await supabase.rpc('ftp_login', { username: username ?? '' })
    if (error) throw new Error(error.message)
    const account = data[0]
    // The same work for an unknown name as for a wrong password.
    decoyHash ??= await bcrypt.hash('no account has this password', 11)
    const hash = account?.password_hash ?? decoyHash
    const matches = await bcrypt.compare(password ?? '', hash)
    if (!account || !matches) return null
    return {
      id: account.source_id,
      shelterId: account.shelter_id,
      format: account.format as SnapshotFormat | null,
      name: account.source_name,
    }
  }

  async function handOver(source: DropSource, root: string, file: string) {
    const fsPath = path.resolve(root, path.relative(root, file))
    if (!fsPath.startsWith(root + path.sep)) return
    let bytes: Buffer
    try {
      bytes = await readFile(fsPath)
    } catch {
      return
    }
    try {
      const result = await drop.land(source, path.basename(fsPath), bytes)
      onLanded?.(source, fsPath, result)
    } catch (error) {
      log(`source ${source.id}: ${path.basename(fsPath)} failed: ${error instanceof Error ? error.message : String(error)}`)
      reportError(error, { tags: { ftp: 'file' } })
      onLanded?.(source, fsPath, error instanceof Error ? error : new Error(String(error)))
    }
  }

  await server.listen()
  const address = listener.address()
  const boundPort = typeof address === 'object' && address ? address.port : port
  return {
    host,
    port: boundPort,
    tls: Boolean(tls),
    /** Logged-in sessions now. */
    openSessions: () => sessions.size,
    /** Resolves when every file that landed so far is handled (tests). */
    idle,
    close: async () => {
      await server.close()
      await idle()
    },
  }
}
