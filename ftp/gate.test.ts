// Who gets to log in to the FTP drop: sockets that do not log in have
// a short time and a small cap per address, so they cannot lock shelters out; on an address
// other machines reach, a certificate means AUTH TLS before USER/PASS (FTP_ALLOW_PLAIN allows
// plain FTP) and no certificate means no start; failed logins slow down per address and per
// user, never holding up the right password from another address. Clients: ftplib and raw
// sockets (127.0.0.2 is another address on the loopback network).
import { mkdtempSync, rmSync } from 'node:fs'
import { connect as connectTcp, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCertificate } from '#tests/setup/test-certificate.ts'
import { LoginThrottle, PlainFtpRefused } from '#ftp/gate.ts'
import { startFtpDrop, type FtpDropOptions } from '#ftp/server.ts'
import { FTP_PASSWORD, runFtplib, startTestDrop, type TestDrop } from '#ftp/test-clients.ts'

let t: TestDrop
const drops: Array<Awaited<ReturnType<typeof startFtpDrop>>> = []
const sockets: Socket[] = []
const tls = testCertificate()

beforeAll(async () => {
  t = await startTestDrop()
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  for (const drop of drops) await drop.close()
  await t?.stop()
})

async function anotherDrop(options: Partial<FtpDropOptions>) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'pawhaven-ftp-'))
  const base = 47000 + Math.floor(Math.random() * 4000)
  const drop = await startFtpDrop({
    supabase: t.service,
    workDir,
    port: 0,
    passivePorts: { min: base, max: base + 20 },
    log: () => undefined,
    ...options,
  })
  drops.push(drop)
  const close = drop.close
  drop.close = async () => {
    await close()
    rmSync(workDir, { recursive: true, force: true })
  }
  return drop
}

/** A connection that reads the greeting (or refusal) and then sits idle. */
function idleSocket(port: number, localAddress = '127.0.0.1') {
  const socket = connectTcp({ host: '127.0.0.1', port, localAddress })
  sockets.push(socket)
  let text = ''
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)))
  socket.on('error', () => undefined)
  const greeted = new Promise<string>((resolve) => {
    const check = () => (text.includes('\r\n') ? resolve(text) : undefined)
    socket.on('data', check)
    socket.once('close', () => resolve(text))
  })
  return { socket, greeted, closed }
}

/** ftplib logins, each on a new connection from `source`; the replies. */
async function logins(port: number, attempts: Array<{ password: string; source: string }>, secure = false) {
  const out = await runFtplib(
    [
      'replies = []',
      `for password, source in json.loads(os.environ['FTP_ATTEMPTS']):`,
      secure
        ? '    context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE; ftp = ftplib.FTP_TLS(context=context)'
        : '    ftp = ftplib.FTP()',
      '    ftp.connect(HOST, PORT, timeout=10, source_address=(source, 0))',
      '    replies.append(attempt(lambda: ftp.login(USER, password)))',
      '    ftp.close()',
      "out['replies'] = replies",
    ].join('\n'),
    { HOST: '127.0.0.1', PORT: port, USER: t.username, ATTEMPTS: JSON.stringify(attempts.map((a) => [a.password, a.source])) },
  )
  return out.replies as string[]
}

describe('connections that do not log in', () => {
  it('are closed after the login timeout', async () => {
    const drop = await anotherDrop({ loginTimeoutMs: 300 })
    const idle = idleSocket(drop.port)
    expect(await idle.greeted).toMatch(/^220/)
    expect(await idle.closed).toMatch(/421 /)
  })

  it('have a cap per address, so they cannot lock out a shelter logging in from elsewhere', async () => {
    const drop = await anotherDrop({ maxSessions: 6, maxWaitingPerAddress: 4 })
    const idle = Array.from({ length: 6 }, () => idleSocket(drop.port))
    const greetings = await Promise.all(idle.map((socket) => socket.greeted))
    expect(greetings.filter((greeting) => greeting.startsWith('220'))).toHaveLength(4)
    expect(greetings.filter((greeting) => greeting.startsWith('421 Too many connections waiting to log in'))).toHaveLength(2)
    expect(await logins(drop.port, [{ password: FTP_PASSWORD, source: '127.0.0.2' }])).toEqual([expect.stringMatching(/^230/)])
  })
})

describe('logging in on an address other machines reach', () => {
  it('requires AUTH TLS before USER and PASS when there is a certificate', async () => {
    const drop = await anotherDrop({ host: '0.0.0.0', tls })
    expect(await logins(drop.port, [{ password: FTP_PASSWORD, source: '127.0.0.1' }])).toEqual([
      '530 Log in over TLS: send AUTH TLS first (plain FTP is off on this server)',
    ])
    expect(await logins(drop.port, [{ password: FTP_PASSWORD, source: '127.0.0.1' }], true)).toEqual([expect.stringMatching(/^230/)])
  })

  it('takes plain FTP only when allowed', async () => {
    await expect(anotherDrop({ host: '0.0.0.0' })).rejects.toThrow(PlainFtpRefused)
    await expect(anotherDrop({ host: '0.0.0.0' })).rejects.toThrow(/FTP_ALLOW_PLAIN=true/)
    const plain = await anotherDrop({ host: '0.0.0.0', allowPlain: true })
    expect(await logins(plain.port, [{ password: FTP_PASSWORD, source: '127.0.0.1' }])).toEqual([expect.stringMatching(/^230/)])
    const plainWithTls = await anotherDrop({ host: '0.0.0.0', tls, allowPlain: true })
    expect(await logins(plainWithTls.port, [{ password: FTP_PASSWORD, source: '127.0.0.1' }])).toEqual([expect.stringMatching(/^230/)])
  })
})

describe('failed logins', () => {
  it('wait longer per address and per user, and the right password from elsewhere is not held up', async () => {
    const waits: number[] = []
    const drop = await anotherDrop({ wait: async (ms) => void waits.push(ms) })
    const wrong = Array.from({ length: 5 }, () => ({ password: 'not-the-password', source: '127.0.0.1' }))
    expect(await logins(drop.port, wrong)).toEqual(Array(5).fill('530 Wrong user name or password'))
    // Each try: the address's wait before the check, then the user's wait before the refusal.
    expect(waits).toEqual([0, 0, 0, 0, 0, 0, 1000, 1000, 2000, 2000])
    waits.length = 0
    expect(await logins(drop.port, [{ password: FTP_PASSWORD, source: '127.0.0.2' }])).toEqual([expect.stringMatching(/^230/)])
    expect(waits).toEqual([0])
  })

  it('are forgotten a while after the last one', () => {
    let now = 0
    const throttle = new LoginThrottle({ freeFailures: 1, firstDelayMs: 100, forgetAfterMs: 1000, now: () => now })
    expect(throttle.failed('192.0.2.1', 'pawhaven-1')).toBe(0)
    expect(throttle.failed('192.0.2.1', 'PAWHAVEN-1')).toBe(100)
    expect(throttle.beforeTry('192.0.2.1')).toBe(200)
    expect(throttle.beforeTry('198.51.100.7')).toBe(0)
    now = 1001
    expect(throttle.beforeTry('192.0.2.1')).toBe(0)
    expect(throttle.failed('192.0.2.1', 'pawhaven-1')).toBe(0)
  })
})
