// Who gets to log in to the FTP drop, and how fast (decision 034).
// - A socket that has not logged in has a short time to do so and its own small cap per
//   address, so idle connections that never log in cannot take the places of shelters that do.
// - With a certificate on an address other people can reach, USER and PASS are refused until
//   AUTH TLS (a setting allows plain FTP for software without TLS).
// - Failed logins slow down: an address that keeps failing waits longer before each try, and a
//   user name that keeps failing gets its refusals later; the right password from another
//   address is never held up, so the real owner is not locked out.
import type { CommandConnection } from '#ftp/server.ts'

/** Addresses that only this machine can reach. */
export function isLoopback(host: string) {
  return host === 'localhost' || host === '::1' || /^(::ffff:)?127\./.test(host)
}

/** Thrown by startFtpDrop when it would take passwords in clear text from the network. */
export class PlainFtpRefused extends Error {
  constructor(host: string) {
    super(
      `not starting the FTP drop on ${host} without TLS: passwords would travel in clear text. ` +
        'Set FTP_TLS_KEY_FILE and FTP_TLS_CERT_FILE (or FTP_TLS=self-signed), or FTP_ALLOW_PLAIN=true to allow plain FTP.',
    )
  }
}

/** Refuses USER and PASS before AUTH TLS on this connection. */
export function requireTlsLogin(connection: CommandConnection) {
  const { commands } = connection
  const handle = commands.handle.bind(commands)
  commands.handle = (message) => {
    const command = typeof message === 'string' ? commands.parse(message) : message
    if ((command.directive === 'USER' || command.directive === 'PASS') && !connection.secure) {
      return connection.commandSocket.writable
        ? new Promise<void>((resolve) =>
            connection.commandSocket.write('530 Log in over TLS: send AUTH TLS first (plain FTP is off on this server)\r\n', () =>
              resolve(),
            ),
          )
        : Promise.resolve()
    }
    return handle(message)
  }
}

/** Failed tries counted per key, forgotten a while after the last one. */
class Failures {
  #counts = new Map<string, { count: number; last: number }>()
  #forgetAfterMs: number
  #maxKeys: number
  constructor(forgetAfterMs: number, maxKeys: number) {
    this.#forgetAfterMs = forgetAfterMs
    this.#maxKeys = maxKeys
  }

  count(key: string, now: number) {
    const entry = this.#counts.get(key)
    if (!entry) return 0
    if (now - entry.last > this.#forgetAfterMs) {
      this.#counts.delete(key)
      return 0
    }
    return entry.count
  }

  add(key: string, now: number) {
    const count = this.count(key, now) + 1
    this.#counts.delete(key)
    this.#counts.set(key, { count, last: now })
    // Memory stays bounded under a flood of names: the longest-quiet keys go first.
    while (this.#counts.size > this.#maxKeys) this.#counts.delete(this.#counts.keys().next().value!)
  }

  clear(key: string) {
    this.#counts.delete(key)
  }
}

export type LoginThrottleOptions = {
  /** Failures allowed before any waiting. */
  freeFailures?: number
  /** The first wait; each further failure doubles it, up to maxDelayMs. */
  firstDelayMs?: number
  maxDelayMs?: number
  forgetAfterMs?: number
  now?: () => number
}

export class LoginThrottle {
  #addresses: Failures
  #users: Failures
  #free: number
  #first: number
  #max: number
  #now: () => number

  constructor({
    freeFailures = 3,
    firstDelayMs = 1000,
    maxDelayMs = 30_000,
    forgetAfterMs = 15 * 60_000,
    now = Date.now,
  }: LoginThrottleOptions = {}) {
    this.#addresses = new Failures(forgetAfterMs, 10_000)
    this.#users = new Failures(forgetAfterMs, 10_000)
    this.#free = freeFailures
    this.#first = firstDelayMs
    this.#max = maxDelayMs
    this.#now = now
  }

  #delay(failures: number) {
    if (failures < this.#free) return 0
    return Math.min(this.#max, this.#first * 2 ** (failures - this.#free))
  }

  /** How long a try from this address waits before its password is checked. */
  beforeTry(address: string) {
    return this.#delay(this.#addresses.count(address, this.#now()))
  }

  /** Counts a failed try; how long its refusal waits (by the user name's failures). */
  failed(address: string, username: string) {
    const now = this.#now()
    this.#addresses.add(address, now)
    this.#users.add(username.toLowerCase(), now)
    return this.#delay(this.#users.count(username.toLowerCase(), now) - 1)
  }

  succeeded(address: string, username: string) {
    this.#addresses.clear(address)
    this.#users.clear(username.toLowerCase())
  }
}
