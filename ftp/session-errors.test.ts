// Every error in an FTP session is answered on its connection and never ends the process,
// with Python's ftplib: a fresh session finds /import and
// /import/photos (a STOR there before any MKD used to kill the process with ENOENT), names
// of 256 and 1,000 characters, folders that do not exist, `..` and absolute paths get a 550
// with a plain message, and no reply shows a path on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PETFINDER_HEADER, biscuit, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { FTP_PASSWORD, runFtplib, startTestDrop, type TestDrop } from '#ftp/test-clients.ts'

let t: TestDrop
const csv = [PETFINDER_HEADER, petfinderRow(biscuit)].join('\r\n')

beforeAll(async () => {
  t = await startTestDrop()
})
afterAll(async () => {
  await t?.stop()
})

const session = (code: string) =>
  runFtplib(['ftp = ftplib.FTP()', 'ftp.connect(HOST, PORT, timeout=10)', 'ftp.login(USER, PASSWORD)', code, 'ftp.quit()'].join('\n'), {
    HOST: '127.0.0.1',
    PORT: t.drop.port,
    USER: t.username,
    PASSWORD: FTP_PASSWORD,
    CSV: csv,
  })

describe('errors in an FTP session', () => {
  it('finds /import and /import/photos at login, so a STOR there before any MKD lands', async () => {
    const out = await session(
      [
        "out['root'] = sorted(ftp.nlst('/'))",
        "out['import'] = sorted(ftp.nlst('/import'))",
        "out['stor'] = ftp.storbinary('STOR /import/TX123.csv', io.BytesIO(os.environ['FTP_CSV'].encode()))",
        "out['mkd'] = ftp.sendcmd('MKD /import')",
        "out['mkd_photos'] = ftp.sendcmd('MKD import/photos')",
        "out['pwd'] = ftp.sendcmd('PWD')",
      ].join('\n'),
    )
    expect(out).toMatchObject({
      root: ['import'],
      stor: expect.stringMatching(/^226/),
      mkd: '257 "/import"',
      mkd_photos: '257 "/import/photos"',
      pwd: '257 "/"',
    })
    expect(out.import).toEqual(expect.arrayContaining([expect.stringMatching(/photos$/)]))
    await t.settled()
    const { data: runs } = await t.owner.from('import_runs').select('trigger, file_name, status, added').eq('source_id', t.sourceId)
    expect(runs).toEqual([{ trigger: 'ftp', file_name: 'TX123.csv', status: 'succeeded', added: 1 }])
    // The next session finds them again.
    const again = await session("out['import'] = ftp.nlst('/import')")
    expect(again.import).toEqual([expect.stringMatching(/photos$/)])
  })

  it('answers a 550 with a plain message to bad paths and names, and keeps serving', async () => {
    const out = await session(
      [
        "put = lambda name: attempt(lambda: ftp.storbinary('STOR ' + name, io.BytesIO(b'x')))",
        "out['missing'] = put('/nowhere/TX123.csv')",
        "out['up'] = put('../../etc/x.csv')",
        "out['absolute'] = put('/etc/passwd/x.csv')",
        "out['name256'] = put('a' * 252 + '.csv')",
        "out['name1000'] = put('b' * 996 + '.csv')",
        "out['deep'] = put('/'.join(['c' * 200] * 30) + '.csv')",
        "out['mkd_long'] = attempt(lambda: ftp.sendcmd('MKD ' + 'd' * 300))",
        "out['cwd_missing'] = attempt(lambda: ftp.sendcmd('CWD /nowhere'))",
        "out['retr_missing'] = attempt(lambda: ftp.retrbinary('RETR /nowhere.csv', lambda b: None))",
        "out['dele_missing'] = attempt(lambda: ftp.sendcmd('DELE /nowhere.csv'))",
        "out['rnfr_missing'] = attempt(lambda: ftp.sendcmd('RNFR ' + 'e' * 1000))",
        "out['size_missing'] = attempt(lambda: ftp.sendcmd('SIZE /nowhere.csv'))",
        "out['stor_dir'] = put('/import')",
        "out['no_name'] = attempt(lambda: ftp.sendcmd('MKD'))",
        "out['after'] = ftp.storbinary('STOR /import/photos/../TX124.csv', io.BytesIO(os.environ['FTP_CSV'].encode()))",
      ].join('\n'),
    )
    const { after, ...errors } = out
    expect(after).toMatch(/^226/)
    for (const [what, reply] of Object.entries(errors)) {
      expect(reply, what).toMatch(/^5\d\d /)
      expect(reply, what).not.toContain(t.workDir)
      expect(reply, what).not.toMatch(/ENOENT|ENAMETOOLONG|EISDIR|session-/)
    }
    expect(out).toMatchObject({
      missing: '550 No such file or folder',
      up: '550 No such file or folder',
      absolute: '550 No such file or folder',
      name256: '550 Name too long',
      name1000: '550 Name too long',
      deep: '550 Name too long',
      stor_dir: '550 Is a folder',
    })
    await t.settled()
    const { data: runs } = await t.owner.from('import_runs').select('file_name').eq('source_id', t.sourceId).order('started_at')
    expect(runs!.map((run) => run.file_name)).toEqual(['TX123.csv', 'TX124.csv'])
  })
})
