// The server's log: JSON lines on stdout (pino), one logger per process, named for it (`web`,
// `worker`, `ftp`). What a line is about rides along with it: the web server runs each request
// in a context holding its request id, the worker each job (its id and kind), the FTP drop each
// session, so a line logged anywhere below (a loader, a model, a task, a util) carries them
// without being handed a logger. LOG_LEVEL sets the level (info); LOG_FORMAT `pretty` prints one
// readable line per entry instead of JSON (the default when stdout is a terminal).
//
// The logger and its context live on globalThis: the web server and the Remix build it loads
// each hold a copy of this module, and both must log into the one context.
//
// Nothing secret or personal is written: fields named for passwords, tokens, keys, cookies or
// authorization are replaced, email addresses (in fields, messages and errors) are masked,
// a password in a URL and a JWT are cut out of any text.
import { AsyncLocalStorage } from 'node:async_hooks'
import { pino, stdSerializers, type Bindings, type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import pretty from 'pino-pretty'

export type Log = Pick<Logger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'isLevelEnabled'>

type LogState = {
  root: Logger
  context: AsyncLocalStorage<Logger>
}

const STATE = Symbol.for('pawhaven.log')
const holder = globalThis as typeof globalThis & { [STATE]?: LogState }

/** Fields whose values never reach the log. */
const SECRET_KEYS = [
  'password',
  'pass',
  'token',
  'secret',
  'cookie',
  'authorization',
  'apikey',
  'apiKey',
  'api_key',
  'access_token',
  'refresh_token',
  'serviceRoleKey',
  'service_role_key',
  'password_hash',
  'smtpUrl',
]
/** Fields that hold an email address: kept masked (`j***@example.com`). */
const EMAIL_KEYS = ['email', 'to', 'to_address', 'recipient', 'username']

/** `jane.doe@example.com` → `j***@example.com`: enough to tell two apart, not to write to. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  return `${address[0]}***${address.slice(at)}`
}

const EMAIL =
  /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+/g
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]*:)[^@/?#\s]+@/gi
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi

/** A text with email addresses masked and passwords in URLs, JWTs and bearer tokens cut out. */
export function scrubText(text: string): string {
  return text
    .replace(URL_PASSWORD, '$1[redacted]@')
    .replace(JWT, '[jwt]')
    .replace(BEARER, '$1[redacted]')
    .replace(EMAIL, (address) => maskEmail(address))
}

function censor(value: unknown, path: string[]): unknown {
  const key = path.at(-1) ?? ''
  if (EMAIL_KEYS.includes(key) && typeof value === 'string') return value.includes('@') ? maskEmail(value) : value
  return '[redacted]'
}

function scrubbedError(error: unknown) {
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>
  if (!serialized || typeof serialized !== 'object') return serialized
  for (const key of ['message', 'stack']) {
    if (typeof serialized[key] === 'string') serialized[key] = scrubText(serialized[key] as string)
  }
  return serialized
}

export type LogSettings = {
  /** The process's name on every line. */
  name?: string
  level?: string
  format?: 'json' | 'pretty'
  /** Where lines go (stdout); tests collect them. */
  destination?: DestinationStream
}

function readSettings(env: NodeJS.ProcessEnv): Required<Pick<LogSettings, 'level' | 'format'>> {
  const level = (env.LOG_LEVEL || 'info').trim().toLowerCase()
  const format = env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT !== 'json' && process.stdout.isTTY) ? 'pretty' : 'json'
  return { level: level in pino.levels.values || level === 'silent' ? level : 'info', format }
}

/** A root logger with the site's settings (exported for the tests of those settings). */
export function createRootLogger(settings: LogSettings = {}): Logger {
  const { level, format } = { ...readSettings(process.env), ...settings }
  const keys = [...SECRET_KEYS, ...EMAIL_KEYS]
  const options: LoggerOptions = {
    name: settings.name,
    level,
    redact: { paths: [...keys, ...keys.map((key) => `*.${key}`)], censor },
    serializers: { err: scrubbedError, error: scrubbedError },
    timestamp: pino.stdTimeFunctions.isoTime,
    hooks: {
      // Messages are written by people, and sometimes carry an address from an error.
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>)
      },
    },
    // pino-pretty reads the numbered levels; JSON readers get the names.
    ...(format === 'json' || settings.destination ? { formatters: { level: (label: string) => ({ level: label }) } } : {}),
  }
  if (settings.destination) return pino(options, settings.destination)
  if (format === 'pretty') {
    const colorize = Boolean(process.stdout.isTTY)
    return pino(options, pretty({ sync: true, singleLine: true, colorize, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' }))
  }
  // Synchronous writes: a line logged just before the process exits is not lost.
  return pino(options, pino.destination({ dest: 1, sync: true }))
}

function state(): LogState {
  return (holder[STATE] ??= { root: createRootLogger(), context: new AsyncLocalStorage<Logger>() })
}

/**
 * Sets up this process's logger: its name, and where its lines go (tests). Called first by each
 * entry point (server/index.ts, worker/main.ts, ftp/main.ts).
 */
export function startLog(settings: LogSettings): Logger {
  const current = state()
  current.root = createRootLogger(settings)
  return current.root
}

/** The logger for what runs now: the request's, the job's or the session's, else the process's. */
export function currentLogger(): Logger {
  const current = state()
  return current.context.getStore() ?? current.root
}

/** Runs `fn` with `bindings` (a request id, a job, a session) on every line logged inside it. */
export function withLogContext<T>(bindings: Bindings, fn: () => T): T {
  return state().context.run(currentLogger().child(bindings), fn)
}

const forward =
  (level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace') =>
  (...args: unknown[]) =>
    (currentLogger()[level] as (...rest: unknown[]) => void)(...args)

/**
 * The log, for any server code: `log.info('what happened')`, `log.error({ err }, 'what failed')`.
 * Each call goes to the logger of the context it runs in.
 */
export const log: Log = {
  fatal: forward('fatal') as Logger['fatal'],
  error: forward('error') as Logger['error'],
  warn: forward('warn') as Logger['warn'],
  info: forward('info') as Logger['info'],
  debug: forward('debug') as Logger['debug'],
  trace: forward('trace') as Logger['trace'],
  isLevelEnabled: (level) => currentLogger().isLevelEnabled(level),
}

/** An error's message, for a line that names it (the stack goes in `err` when it matters). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
