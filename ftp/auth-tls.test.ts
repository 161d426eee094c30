// AUTH TLS without a race (secureAuthTls in ./server.ts): ftp-srv on its own writes the 234 and
// wraps the command socket in TLS some event-loop turns later, so a client that answers quickly
// had its TLS ClientHello read as a plain-text command and answered in plain text ("wrong
// version number" in the e2e spec, about one connection in three with the server in another
// process on a busy machine). Here: the socket is TLS's in the very turn the 234 is written, and
// a raw client that starts its handshake on the 234 logs in over TLS.
import { connect as connectTcp, type Server, type Socket } from 'node:net'
import { connect as connectTls, createSecureContext, TLSSocket } from 'node:tls'
import { FtpSrv } from 'ftp-srv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secureAuthTls, type CommandConnection } from '#ftp/server.ts'
import { testCertificate } from '#tests/setup/test-certificate.ts'

let server: FtpSrv
let port: number
/** For each AUTH TLS: whether the command socket was TLS's when the 234 went out. */
const wrappedWhen234: boolean[] = []

/** Lines read from a socket, one at a time. */
function lineReader(socket: Socket) {
  let buffered = ''
  const waiting: Array<(line: string) => void> = []
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    let end
    while ((end = buffered.indexOf('\r\n')) >= 0 && waiting.length) {
      const line = buffered.slice(0, end)
      buffered = buffered.slice(end + 2)
      waiting.shift()!(line)
    }
  }
  socket.on('data', onData)
  return {
    next: () =>
      new Promise<string>((resolve) => {
        waiting.push(resolve)
        onData(Buffer.alloc(0))
      }),
    stop: () => socket.off('data', onData),
  }
}

/** ftp-srv logs through bunyan's interface: nothing here. */
const quiet: Record<string, unknown> = { child: () => quiet }
for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) quiet[level] = () => undefined

beforeAll(async () => {
  const tls = testCertificate()
  server = new FtpSrv({ url: 'ftp://127.0.0.1:0', pasv_url: '127.0.0.1', tls, greeting: ['test'], log: quiet as never })
  const context = createSecureContext(tls)
  ;(server as unknown as NodeJS.EventEmitter).on('connect', ({ connection }: { connection: CommandConnection }) => {
    secureAuthTls(connection, context)
    const plain = connection.commandSocket
    const write = plain.write.bind(plain) as (...args: unknown[]) => boolean
    plain.write = ((...args: unknown[]) => {
      const wrote = write(...args)
      // What runs next, before the event loop could read anything the client sends back.
      if (String(args[0]).startsWith('234')) queueMicrotask(() => wrappedWhen234.push(connection.commandSocket instanceof TLSSocket))
      return wrote
    }) as typeof plain.write
  })
  server.on('login', (_login, _resolve, reject) => reject(new Error('no logins here')))
  await server.listen()
  port = ((server as unknown as { server: Server }).server.address() as { port: number }).port
})
afterAll(async () => {
  await server?.close()
})

describe('AUTH TLS', () => {
  it('hands the socket to TLS in the turn the 234 is written, and the handshake that follows it succeeds', async () => {
    const plain = connectTcp(port, '127.0.0.1')
    const lines = lineReader(plain)
    expect(await lines.next()).toBe('220-test')
    expect(await lines.next()).toBe('220 Ready')
    plain.write('AUTH TLS\r\n')
    expect(await lines.next()).toBe('234 Honored')
    lines.stop()
    expect(wrappedWhen234).toEqual([true])

    const secure = connectTls({ socket: plain, rejectUnauthorized: false })
    await new Promise<void>((resolve, reject) => secure.once('secureConnect', resolve).once('error', reject))
    const secureLines = lineReader(secure as unknown as Socket)
    secure.write('USER someone\r\n')
    expect(await secureLines.next()).toMatch(/^331 /)
    secure.write('FEAT\r\n')
    expect(await secureLines.next()).toMatch(/^211-/)
    secure.destroy()
  })

  it('leaves AUTH with another mechanism to ftp-srv', async () => {
    const plain = connectTcp(port, '127.0.0.1')
    const lines = lineReader(plain)
    await lines.next()
    await lines.next()
    plain.write('AUTH SSL\r\n')
    expect(await lines.next()).toMatch(/^504 /)
    plain.destroy()
  })
})
