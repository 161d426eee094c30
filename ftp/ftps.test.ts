// Explicit TLS as Python's ftplib speaks it: after prot_p() ftplib sends
// STOR, waits for the 150 and only then starts the data channel's TLS handshake, so the
// server must answer 150 before that handshake is done; prot_c() sends PROT C without PBSZ
// and expects a clear data channel. basic-ftp, which shakes hands as soon as it connects,
// keeps working.
import { Readable } from 'node:stream'
import { Client } from 'basic-ftp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PETFINDER_HEADER, biscuit, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { testCertificate } from '#tests/setup/test-certificate.ts'
import { FTP_PASSWORD, runFtplib, startTestDrop, type TestDrop } from '#ftp/test-clients.ts'

let t: TestDrop
const csv = (name: string) => [PETFINDER_HEADER, petfinderRow({ ...biscuit, AnimalName: name })].join('\r\n')

beforeAll(async () => {
  t = await startTestDrop({ tls: testCertificate() })
})
afterAll(async () => {
  await t?.stop()
})

const tlsSession = (code: string, name: string) =>
  runFtplib(
    [
      'context = ssl.create_default_context()',
      'context.check_hostname = False',
      'context.verify_mode = ssl.CERT_NONE',
      'ftp = ftplib.FTP_TLS(context=context, timeout=10)',
      'ftp.connect(HOST, PORT)',
      'ftp.login(USER, PASSWORD)',
      code,
      'ftp.quit()',
    ].join('\n'),
    { HOST: '127.0.0.1', PORT: t.drop.port, USER: t.username, PASSWORD: FTP_PASSWORD, CSV: csv(name) },
  )

async function lastRun() {
  await t.settled()
  const { data } = await t.owner
    .from('import_runs')
    .select('trigger, file_name, status')
    .eq('source_id', t.sourceId)
    .order('started_at', { ascending: false })
    .limit(1)
    .single()
  const { data: animal } = await t.service.from('animals').select('name').eq('source_id', t.sourceId).single()
  return { ...data, name: animal?.name }
}

describe('FTPS with ftplib', () => {
  it('uploads over a protected data channel after prot_p(), and lists', async () => {
    const out = await tlsSession(
      [
        "out['prot'] = ftp.prot_p()",
        "out['stor'] = ftp.storbinary('STOR /import/TX123.csv', io.BytesIO(os.environ['FTP_CSV'].encode()))",
        "out['list'] = ftp.nlst('/import')",
        'got = []',
        "out['retr'] = ftp.retrbinary('RETR /import/TX123.csv', got.append)",
        "out['bytes'] = len(b''.join(got))",
      ].join('\n'),
      'Biscuit',
    )
    expect(out).toMatchObject({
      prot: expect.stringMatching(/^200/),
      stor: expect.stringMatching(/^226/),
      retr: expect.stringMatching(/^226/),
    })
    expect(out.list).toEqual(expect.arrayContaining([expect.stringMatching(/TX123\.csv$/)]))
    expect(out.bytes).toBe(csv('Biscuit').length)
    expect(await lastRun()).toEqual({ trigger: 'ftp', file_name: 'TX123.csv', status: 'succeeded', name: 'Biscuit' })
  })

  it('accepts prot_c() and uploads over a clear data channel', async () => {
    const out = await tlsSession(
      [
        "out['prot'] = ftp.prot_c()",
        "out['stor'] = ftp.storbinary('STOR /import/TX123.csv', io.BytesIO(os.environ['FTP_CSV'].encode()))",
      ].join('\n'),
      'Clearly Biscuit',
    )
    expect(out).toMatchObject({ prot: expect.stringMatching(/^200/), stor: expect.stringMatching(/^226/) })
    expect(await lastRun()).toMatchObject({ status: 'succeeded', name: 'Clearly Biscuit' })
  })

  it('still uploads with basic-ftp over TLS', async () => {
    const client = new Client(10_000)
    try {
      await client.access({
        host: '127.0.0.1',
        port: t.drop.port,
        user: t.username,
        password: FTP_PASSWORD,
        secure: true,
        secureOptions: { rejectUnauthorized: false },
      })
      await client.uploadFrom(Readable.from([Buffer.from(csv('Basic Biscuit'))]), '/import/TX123.csv')
      expect((await client.list('/import')).map((file) => file.name).sort()).toEqual(['TX123.csv', 'photos'])
    } finally {
      client.close()
    }
    expect(await lastRun()).toMatchObject({ status: 'succeeded', name: 'Basic Biscuit' })
  })
})
