// The FTP drop under random commands and paths: sessions of a raw client send a
// seeded stream of verbs, some known and some not, with paths that escape (`..`, absolute),
// name folders that do not exist, or run to 256 and 1,000 characters, and transfers that are
// aborted (ABOR, the data socket destroyed mid-transfer or before the command). Every command
// must get an answer, none may show a path on the server, and afterwards the drop still takes
// a login and an upload that is imported. FTP_FUZZ_SEED replays a run; its counts are printed.
import { connect as connectTcp, type Socket } from 'node:net'
import { Readable } from 'node:stream'
import { Client } from 'basic-ftp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PETFINDER_HEADER, biscuit, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { FTP_PASSWORD, startTestDrop, type TestDrop } from '#ftp/test-clients.ts'

const SEED = Number(process.env.FTP_FUZZ_SEED || 20261128)
const MAX_COMMANDS = 400
/** The run stops early past this, whatever it has sent (a bound, not an assertion). */
const TIME_BUDGET_MS = 90_000
const REPLY_TIMEOUT_MS = 15_000

let t: TestDrop
beforeAll(async () => {
  t = await startTestDrop({ maxSessionsPerAccount: 1000, maxWaitingPerAddress: 1000 })
})
afterAll(async () => {
  await t?.stop()
})

/** mulberry32: small, seeded, the same sequence on every machine. */
function prng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!
  return { next, int, pick }
}

/** A control connection that reads replies (multi-line ones whole) in order. */
function controlConnection(port: number) {
  const socket = connectTcp({ host: '127.0.0.1', port })
  /** The last lines each way, for the message when a reply never comes. */
  const trace: string[] = []
  const note = (line: string) => {
    trace.push(line.slice(0, 120))
    if (trace.length > 30) trace.shift()
  }
  let buffered = ''
  const replies: string[] = []
  let waiting: ((reply: string | null) => void) | null = null
  let closed = false
  let multiline: string | null = null
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    let end
    while ((end = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, end)
      buffered = buffered.slice(end + 2)
      // ftp-srv handles commands that arrive in separate packets at once, so another reply
      // can come in the middle of a multi-line one: any "NNN " line is a reply of its own.
      if (!/^\d{3} /.test(line)) {
        if (multiline === null && /^\d{3}-/.test(line)) multiline = line.slice(0, 3)
        continue
      }
      if (line.startsWith(`${multiline} `)) multiline = null
      note(`< ${line}`)
      replies.push(line)
    }
    flush()
  })
  socket.on('error', () => undefined)
  socket.on('close', () => {
    closed = true
    flush()
  })
  const flush = () => {
    if (!waiting) return
    if (replies.length) {
      const resolve = waiting
      waiting = null
      resolve(replies.shift()!)
    } else if (closed) {
      const resolve = waiting
      waiting = null
      resolve(null)
    }
  }
  const next = () =>
    new Promise<string | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply after:\n${trace.join('\n')}`)), REPLY_TIMEOUT_MS)
      waiting = (reply) => {
        clearTimeout(timer)
        resolve(reply)
      }
      flush()
    })
  const send = (line: string) => {
    note(`> ${line}`)
    socket.write(`${line}\r\n`, 'utf8')
  }
  return { socket, next, send, isClosed: () => closed }
}

describe('the FTP drop under random commands', () => {
  it('answers every command, shows no server path, and still imports an upload afterwards', async () => {
    const random = prng(SEED)
    const byCode = new Map<string, number>()
    const leaks: string[] = []
    let sent = 0
    let sessions = 0
    let aborted = 0
    const started = Date.now()

    const longName = (n: number) => 'n'.repeat(n - 4) + '.csv'
    const paths = [
      () => '/import/TX123.csv',
      () => `/import/photos/A${random.int(9)}-${random.int(8)}.jpg`,
      () => `/nowhere${random.int(5)}/TX123.csv`,
      () => `${'../'.repeat(1 + random.int(6))}etc/passwd`,
      () => '/etc/hosts',
      () => `/import/${'../'.repeat(random.int(4))}x${random.int(100)}.csv`,
      () => longName(256),
      () => longName(1000),
      () => `/import/${longName(255 + random.int(3))}`,
      () => Array.from({ length: 25 }, () => 'd'.repeat(200)).join('/'),
      () => `dir${random.int(4)}`,
      () => `dir${random.int(4)}/sub/file.txt`,
      () => 'name with spaces.csv',
      () => 'ünïcödé-ñame.csv',
      () => '"quoted".csv',
      () => '.hidden',
      () => 'file.csv.part',
      () => 'x\u0000y.csv',
      () => '\\..\\..\\windows\\win.ini',
      () => '~',
      () => '.',
      () => '',
      () => `${String.fromCharCode(...Array.from({ length: 1 + random.int(20) }, () => 33 + random.int(94)))}`,
    ] as const
    const randomPath = () => random.pick(paths)()
    const simpleVerbs = ['MKD', 'RMD', 'CWD', 'DELE', 'SIZE', 'MDTM', 'RNFR', 'RNTO', 'STAT', 'XMKD', 'XRMD'] as const
    const junkVerbs = [
      () => 'CDUP',
      () => 'PWD',
      () => 'NOOP',
      () => 'FEAT',
      () => `TYPE ${random.pick(['A', 'I', 'Q', 'L 8', ''])}`,
      () => `REST ${random.pick(['-5', '0', '99999999999', 'x'])}`,
      () => `PORT ${random.pick(['1,2,3', '127,0,0,1,0,21', '999,1,1,1,1,1', 'a,b,c,d,e,f'])}`,
      () => `EPRT ${random.pick(['|1|127.0.0.1|0|', '|3|x|1|', '|2|::1|21|', 'garbage'])}`,
      () => `PROT ${random.pick(['P', 'C', 'X', ''])}`,
      () => `PBSZ ${random.pick(['0', '-1', 'x'])}`,
      () => `AUTH ${random.pick(['SSL', 'TLS-X', ''])}`,
      () => `USER ${randomPath()}`,
      () => 'PASS x',
      () => `SITE ${random.pick(['CHMOD 777 /import', 'CHMOD x', 'HELP', 'EXEC rm -rf /'])}`,
      () => `OPTS ${random.pick(['UTF8 ON', 'MLST type;', ''])}`,
      () => `MODE ${random.pick(['S', 'B', 'Z'])}`,
      () => `STRU ${random.pick(['F', 'R', 'P'])}`,
      () => `ALLO ${random.int(100000)}`,
      () => 'HELP',
      () => 'ABOR',
      () => Array.from({ length: 1 + random.int(6) }, () => String.fromCharCode(65 + random.int(26))).join('') + ` ${randomPath()}`,
    ] as const

    const count = (reply: string | null) => {
      const code = reply === null ? 'closed' : reply.slice(0, 3)
      byCode.set(code, (byCode.get(code) ?? 0) + 1)
      if (reply && (reply.includes(t.workDir) || /session-|\/tmp\//.test(reply))) leaks.push(reply)
    }

    type Control = ReturnType<typeof controlConnection>
    /** Reads replies until the SYST sent after a step answers (215): one step's replies, however many. */
    async function settle(control: Control) {
      control.send('SYST')
      for (;;) {
        const reply = await control.next()
        if (reply === null) return false
        if (reply.startsWith('215 ')) return true
        count(reply)
      }
    }

    async function transfer(control: Control, verb: string) {
      control.send('PASV')
      sent++
      const pasv = await control.next()
      count(pasv)
      const match = pasv?.match(/\((\d+),(\d+),(\d+),(\d+),(\d+),(\d+)\)/)
      if (!match) return
      const data: Socket = connectTcp({ host: '127.0.0.1', port: Number(match[5]) * 256 + Number(match[6]) })
      data.on('error', () => undefined)
      data.on('data', () => undefined)
      await new Promise((resolve) => data.once('connect', resolve).once('close', resolve))
      const mode = random.pick(['whole', 'whole', 'whole', 'destroy', 'abor', 'end-early', 'close-first'] as const)
      if (mode === 'close-first') {
        aborted++
        data.destroy()
        await new Promise((resolve) => (data.destroyed ? resolve(null) : data.once('close', resolve)))
      }
      // Drawn whatever the server answers, so a seed replays the same commands.
      const body = Buffer.from(Array.from({ length: random.int(40_000) }, () => random.int(256)))
      control.send(`${verb} ${randomPath()}`)
      sent++
      const first = await control.next()
      count(first)
      if (!first?.startsWith('150')) {
        data.destroy()
        return
      }
      if (verb === 'STOR' || verb === 'APPE') {
        if (mode === 'destroy') {
          aborted++
          data.write(body.subarray(0, body.length >> 1), () => data.destroy())
        } else if (mode === 'abor') {
          aborted++
          data.write(body.subarray(0, body.length >> 1))
          control.send('ABOR')
          sent++
          data.destroy()
        } else if (mode === 'end-early') {
          aborted++
          data.end(body.subarray(0, body.length >> 2))
        } else data.end(body)
      } else if (mode === 'destroy' || mode === 'abor') {
        aborted++
        if (mode === 'abor') {
          control.send('ABOR')
          sent++
        }
        data.destroy()
      }
    }

    while (sent < MAX_COMMANDS && Date.now() - started < TIME_BUDGET_MS) {
      sessions++
      const control = controlConnection(t.drop.port)
      count(await control.next())
      // Some sessions fumble before logging in, or never log in.
      if (random.next() < 0.2) {
        control.send(random.pick(junkVerbs)())
        sent++
        if (!(await settle(control))) continue
      }
      if (random.next() < 0.9) {
        control.send(`USER ${t.username}`)
        control.send(`PASS ${random.next() < 0.95 ? FTP_PASSWORD : 'wrong'}`)
        sent += 2
      }
      const steps = 10 + random.int(30)
      for (let step = 0; step < steps && sent < MAX_COMMANDS && !control.isClosed(); step++) {
        const roll = random.next()
        if (roll < 0.35) await transfer(control, random.pick(['STOR', 'STOR', 'APPE', 'RETR', 'LIST', 'NLST'] as const))
        else if (roll < 0.7) {
          control.send(`${random.pick(simpleVerbs)} ${randomPath()}`)
          sent++
        } else {
          control.send(random.pick(junkVerbs)())
          sent++
        }
        if (!(await settle(control))) break
      }
      if (!control.isClosed()) {
        control.send('QUIT')
        count(await control.next())
      }
      control.socket.destroy()
    }
    await t.settled()

    const codes = Object.fromEntries([...byCode.entries()].sort())
    console.log(
      `[ftp fuzz] seed ${SEED}: ${sent} commands in ${sessions} sessions (${aborted} transfers aborted); replies by code ${JSON.stringify(codes)}`,
    )
    expect(leaks).toEqual([])
    expect(sent).toBeGreaterThan(100)

    // Still running: a login and an upload that is imported.
    const client = new Client(10_000)
    try {
      await client.access({ host: '127.0.0.1', port: t.drop.port, user: t.username, password: FTP_PASSWORD })
      const csv = [PETFINDER_HEADER, petfinderRow({ ...biscuit, ID: 'FUZZ1', Internal: 'FUZZ1', AnimalName: 'After The Storm' })].join(
        '\r\n',
      )
      await client.uploadFrom(Readable.from([Buffer.from(csv)]), '/import/after-fuzz.csv')
    } finally {
      client.close()
    }
    await t.settled()
    const { data } = await t.owner.from('import_runs').select('status').eq('source_id', t.sourceId).eq('file_name', 'after-fuzz.csv')
    expect(data).toEqual([{ status: 'succeeded' }])
    const { data: animal } = await t.service.from('animals').select('name').eq('source_id', t.sourceId).eq('external_id', 'FUZZ1').single()
    expect(animal).toEqual({ name: 'After The Storm' })
  }, 240_000)
})
