// The FTP drop's data channel (decision 034). ftp-srv's own connectors decide TLS from the
// command channel alone and, in passive mode, count a data connection as made only once its
// TLS handshake is done; ftp-srv answers 150 only after that. Python's ftplib (ASM3's
// publisher, most shelters' scripts) does it the other way round: it sends STOR, waits for
// the 150 and only then starts the handshake, so every transfer after prot_p() waited 5 s and
// failed with 425. Here a data connection counts as made when it connects, TLS takes it over
// at once (a client that shakes hands early, like basic-ftp or curl, is served the same), and
// the 150 goes out while the handshake is still to come. PROT C asks for a clear data channel,
// as RFC 4217 allows, and is the default until PROT P.
import { createRequire } from 'node:module'
import { createServer, Socket, type AddressInfo, type Server } from 'node:net'
import { TLSSocket, type SecureContext } from 'node:tls'
import type { CommandConnection } from '#ftp/server.ts'

/** ftp-srv's connector classes (internals, not in its types). */
type ConnectorInstance = {
  connection: DataConnection
  dataSocket: (Socket & { connected?: boolean }) | null
  dataServer: Server | null
  closeServer(): void
  end(): void
}
type ConnectorClass = new (connection: DataConnection) => ConnectorInstance
const require = createRequire(import.meta.url)
const Passive = require('ftp-srv/src/connector/passive') as ConnectorClass
const Active = require('ftp-srv/src/connector/active') as ConnectorClass

/** What of ftp-srv's connection the data channel reaches. */
export type DataConnection = CommandConnection & {
  authenticated?: boolean
  connector: unknown
  server: NodeJS.EventEmitter & { options: { pasv_url?: string | null }; getNextPasvPort(): Promise<number> }
  reply(code: number, message?: string): Promise<unknown>
  close(code?: number, message?: string): Promise<unknown>
}

/** How long a passive port waits for its connection. */
const CONNECT_TIMEOUT_MS = 30_000

const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/i, '')

/** A data socket as the transfer commands use it: TLS's at once when the channel is protected. */
function dataSocketFor(connection: DataConnection, socket: Socket, context: SecureContext | null, protectedData: boolean) {
  const reportError = (error: Error) => connection.server.emit('client-error', { connection, context: 'dataSocket', error })
  // A listener for good: ftp-srv's transfer commands listen only once, and a second error would go unheard.
  socket.on('error', reportError)
  if (!protectedData || !context) return socket
  const secure = new TLSSocket(socket, { isServer: true, secureContext: context })
  secure.on('error', reportError)
  return secure
}

class DropPassive extends Passive {
  #context: SecureContext | null
  #protected: boolean
  constructor(connection: DataConnection, context: SecureContext | null, protectedData: boolean) {
    super(connection)
    this.#context = context
    this.#protected = protectedData
  }

  async setupServer(host: string | undefined): Promise<Server> {
    this.closeServer()
    const connection = this.connection
    const port = await connection.server.getNextPasvPort()
    this.dataSocket = null
    // The port waits only so long for its connection.
    const idle = setTimeout(() => this.closeServer(), CONNECT_TIMEOUT_MS)
    const server = createServer({ pauseOnConnect: true }, (socket) => {
      if (plainAddress(socket.remoteAddress) !== plainAddress(connection.commandSocket.remoteAddress)) {
        socket.destroy()
        void connection.reply(550, 'Remote addresses do not match').then(() => connection.close())
        return
      }
      clearTimeout(idle)
      socket.once('close', () => this.closeServer())
      const dataSocket = dataSocketFor(connection, socket, this.#context, this.#protected) as Socket & { connected?: boolean }
      dataSocket.connected = true
      this.dataSocket = dataSocket
    })
    server.maxConnections = 1
    server.on('error', (error) => connection.server.emit('client-error', { connection, context: 'dataServer', error }))
    server.once('close', () => {
      clearTimeout(idle)
      this.end()
    })
    this.dataServer = server
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.off('error', reject)
          resolve()
        })
      })
    } catch (error) {
      clearTimeout(idle)
      throw error
    }
    return server
  }
}

class DropActive extends Active {
  #context: SecureContext | null
  #protected: boolean
  constructor(connection: DataConnection, context: SecureContext | null, protectedData: boolean) {
    super(connection)
    this.#context = context
    this.#protected = protectedData
  }

  async setupConnection(host: string, port: number, family: number) {
    this.dataSocket?.destroy()
    this.dataSocket = null
    if (plainAddress(host) !== plainAddress(this.connection.commandSocket.remoteAddress)) {
      throw Object.assign(new Error('The given address is not yours'), { code: 500 })
    }
    const socket = new Socket()
    socket.on('error', (error) =>
      this.connection.server.emit('client-error', { connection: this.connection, context: 'dataSocket', error }),
    )
    socket.connect({ host, port, family }, () => {
      socket.pause()
      const dataSocket = dataSocketFor(this.connection, socket, this.#context, this.#protected) as Socket & { connected?: boolean }
      dataSocket.connected = true
      this.dataSocket = dataSocket
    })
  }
}

/**
 * Takes over PROT, PASV, EPSV, PORT and EPRT so transfers use the connectors above. With a
 * certificate (`context`), PROT P protects the data channel of a session that is on TLS and
 * PROT C clears it; without one, ftp-srv's PROT answers as before.
 */
export function dataChannel(connection: DataConnection, { context, listenHost }: { context: SecureContext | null; listenHost: string }) {
  const { commands } = connection
  const handle = commands.handle.bind(commands)
  let protectedData = false

  const passive = async (extended: boolean) => {
    const connector = new DropPassive(connection, context, protectedData)
    connection.connector = connector
    try {
      const server = await connector.setupServer(listenHost)
      const { port } = server.address() as AddressInfo
      if (extended) return await connection.reply(229, `EPSV OK (|||${port}|)`)
      const ip = plainAddress(connection.commandSocket.remoteAddress)
      const address = ip === '127.0.0.1' ? ip : connection.server.options.pasv_url
      if (!address) return await connection.reply(502)
      return await connection.reply(227, `PASV OK (${address.replace(/\./g, ',')},${(port / 256) | 0},${port % 256})`)
    } catch {
      return connection.reply(425, 'No data port is free; try again')
    }
  }

  const active = async (host: string, port: number, family: number) => {
    if (!host || !Number.isInteger(port) || port < 1 || port > 65535) return connection.reply(501, 'Not a valid address')
    const connector = new DropActive(connection, context, protectedData)
    connection.connector = connector
    try {
      await connector.setupConnection(host, port, family)
      return await connection.reply(200)
    } catch (error) {
      return connection.reply(
        425,
        (error as Error).message === 'The given address is not yours' ? 'The given address is not yours' : 'No connection',
      )
    }
  }

  commands.handle = (message) => {
    const command = typeof message === 'string' ? commands.parse(message) : message
    const arg = (command.arg ?? '').trim()
    const transferSetup = ['PASV', 'EPSV', 'PORT', 'EPRT'].includes(command.directive)
    // As ftp-srv does for these: nothing opens a data port before login.
    if (transferSetup && !connection.authenticated) return connection.reply(530, `Command requires authentication: ${command.directive}`)
    switch (command.directive) {
      case 'PROT': {
        if (!context) return handle(message)
        if (!connection.secure) return connection.reply(503, 'Send AUTH TLS first')
        const level = arg.toUpperCase()
        if (level === 'P' || level === 'C') {
          protectedData = level === 'P'
          return connection.reply(200, level === 'P' ? 'Data channel protected' : 'Data channel in clear')
        }
        if (level === 'S' || level === 'E') return connection.reply(536, 'Only P and C are offered')
        return connection.reply(504, 'Not a protection level')
      }
      case 'PASV':
        return passive(false)
      case 'EPSV':
        return passive(true)
      case 'PORT': {
        const parts = arg.split(',').map((part) => Number.parseInt(part, 10))
        if (parts.length !== 6 || parts.some((part) => !(part >= 0 && part <= 255))) return connection.reply(501, 'Not a valid address')
        return active(parts.slice(0, 4).join('.'), parts[4]! * 256 + parts[5]!, 4)
      }
      case 'EPRT': {
        const [, protocol, host, port] = arg.split('|')
        const family = protocol === '1' ? 4 : protocol === '2' ? 6 : 0
        if (!family) return connection.reply(522, 'Use protocol 1 or 2')
        return active(host ?? '', Number(port), family)
      }
      default:
        return handle(message)
    }
  }
}
