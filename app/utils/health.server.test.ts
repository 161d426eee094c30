import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { checkHealth, healthSettings, probeTcp, type HealthProbes, type HealthSettings } from '#app/utils/health.server.ts'

const settings = (require: Array<'worker' | 'ftp'> = [], ftpAddress?: string): HealthSettings => ({
  require: new Set(require),
  ftpAddress,
  host: 'app-1',
})
const probes = (over: Partial<HealthProbes> = {}): HealthProbes => ({
  backend: async () => null,
  workerBeatAge: async () => 4,
  ftp: async () => null,
  ...over,
})

describe('checkHealth', () => {
  it('is ok with every part up, and says which parts run here', async () => {
    expect(await checkHealth(settings(['worker', 'ftp'], '0.0.0.0:2121'), probes())).toEqual({
      ok: true,
      components: { web: 'up', backend: 'up', worker: 'up', ftp: 'up' },
    })
    // Nothing beside it: a worker elsewhere still shows; no FTP drop is "off".
    expect(await checkHealth(settings(), probes())).toEqual({
      ok: true,
      components: { web: 'up', backend: 'up', worker: 'up', ftp: 'off' },
    })
  })

  it('answers not ok when the backend is down', async () => {
    const health = await checkHealth(settings(), probes({ backend: async () => 'unreachable', workerBeatAge: async () => undefined }))
    expect(health).toEqual({
      ok: false,
      components: { web: 'up', backend: 'down', worker: 'down', ftp: 'off' },
      problems: ['backend: unreachable'],
    })
  })

  it('asks about the worker on this machine when it runs one, and requires it fresh', async () => {
    const asked: Array<string | null> = []
    const beatAge = (age: number | null) => async (host: string | null) => (asked.push(host), age)
    expect((await checkHealth(settings(['worker']), probes({ workerBeatAge: beatAge(29) }))).ok).toBe(true)
    const stale = await checkHealth(settings(['worker']), probes({ workerBeatAge: beatAge(95.4) }))
    expect(stale).toMatchObject({ ok: false, components: { worker: 'down' }, problems: ['worker: last heartbeat 95 s ago'] })
    const none = await checkHealth(settings(['worker']), probes({ workerBeatAge: beatAge(null) }))
    expect(none).toMatchObject({ ok: false, components: { worker: 'down' }, problems: ['worker: no heartbeat'] })
    expect(asked).toEqual(['app-1', 'app-1', 'app-1'])
    // Workers elsewhere: any host counts, and a stale one does not fail this server.
    const elsewhere = await checkHealth(settings(), probes({ workerBeatAge: beatAge(300) }))
    expect(elsewhere).toMatchObject({ ok: true, components: { worker: 'down' } })
    expect(asked.at(-1)).toBeNull()
    expect((await checkHealth(settings(), probes({ workerBeatAge: beatAge(null) }))).components.worker).toBe('off')
  })

  it('cannot tell about workers without the service key, and fails when it must', async () => {
    const unknown = probes({ workerBeatAge: async () => undefined })
    expect(await checkHealth(settings(), unknown)).toMatchObject({ ok: true, components: { worker: 'unknown' } })
    expect(await checkHealth(settings(['worker']), unknown)).toMatchObject({ ok: false, problems: ['worker: no heartbeat'] })
  })

  it('requires the FTP drop to accept connections where it runs', async () => {
    const down = probes({ ftp: async () => '127.0.0.1:2121: connect ECONNREFUSED' })
    expect(await checkHealth(settings(['ftp'], '0.0.0.0:2121'), down)).toEqual({
      ok: false,
      components: { web: 'up', backend: 'up', worker: 'up', ftp: 'down' },
      problems: ['ftp: 127.0.0.1:2121: connect ECONNREFUSED'],
    })
    expect(await checkHealth(settings([], '0.0.0.0:2121'), down)).toMatchObject({ ok: true, components: { ftp: 'down' } })
  })
})

describe('healthSettings', () => {
  it('reads what the start script passes', () => {
    const read = healthSettings({ HEALTHZ_REQUIRE: 'worker, ftp,bogus', FTP_LISTEN_ADDRESS: '0.0.0.0:2121' })
    expect([...read.require]).toEqual(['worker', 'ftp'])
    expect(read.ftpAddress).toBe('0.0.0.0:2121')
    expect(healthSettings({}).require.size).toBe(0)
  })
})

describe('probeTcp', () => {
  let server: Server | undefined
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  it('succeeds where something listens, wildcard addresses meaning this machine, and fails where nothing does', async () => {
    server = createServer((socket) => socket.end('220 hello\r\n').on('error', () => {}))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    expect(await probeTcp(`0.0.0.0:${port}`)).toBeNull()
    expect(await probeTcp(`127.0.0.1:${port}`)).toBeNull()
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    expect(await probeTcp(`127.0.0.1:${port}`)).toMatch(/ECONNREFUSED/)
  })

  it('says what is wrong with an address that is not host:port, instead of throwing', async () => {
    for (const address of ['ftp.example.org', 'ftp.example.org:', '127.0.0.1:99999']) {
      expect(await probeTcp(address)).toBe(`${address}: not a host:port address`)
    }
  })
})
