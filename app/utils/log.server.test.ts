import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { takeLogged } from '#tests/setup/logged.ts'
import { createRootLogger, log, maskEmail, scrubText, withLogContext } from '#app/utils/log.server.ts'

describe('the log', () => {
  it('puts the context on every line logged inside it, however deep and however late', async () => {
    const deep = async () => {
      await sleep(5)
      log.info('from a util, after a timer')
    }
    await Promise.all([
      withLogContext({ requestId: 'one' }, async () => {
        log.info('first')
        await deep()
      }),
      withLogContext({ requestId: 'two' }, () => deep()),
    ])
    log.info('outside')
    const lines = takeLogged().map(({ requestId, msg }) => ({ requestId, msg }))
    expect(lines).toEqual([
      { requestId: 'one', msg: 'first' },
      { requestId: 'one', msg: 'from a util, after a timer' },
      { requestId: 'two', msg: 'from a util, after a timer' },
      { requestId: undefined, msg: 'outside' },
    ])
  })

  it('writes no password, token, cookie or key, and masks email addresses everywhere', () => {
    const error = new Error('550 no mailbox for jane.doe@example.com at smtps://mailer:hunter22@smtp.example.com')
    log.error(
      {
        err: error,
        password: 'hunter2',
        headers: { cookie: 'sb-auth-token=abc', authorization: 'Bearer abc.def' },
        email: 'jane.doe@example.com',
        job: { to_address: 'sam@shelter.org', apiKey: 'ph_live_123' },
      },
      'sending to %s failed with Bearer abcdef123 and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
      'sam@shelter.org',
    )
    const [line] = takeLogged('error')
    const text = JSON.stringify(line)
    for (const secret of ['hunter2', 'hunter22', 'sb-auth-token', 'abc.def', 'jane.doe@', 'sam@', 'ph_live_123', 'abcdef123', 'eyJhbGci']) {
      expect(text).not.toContain(secret)
    }
    expect(line).toMatchObject({
      password: '[redacted]',
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      email: 'j***@example.com',
      job: { to_address: 's***@shelter.org', apiKey: '[redacted]' },
      msg: 'sending to s***@shelter.org failed with Bearer [redacted] and [jwt]',
    })
    expect((line!.err as { message: string }).message).toBe(
      '550 no mailbox for j***@example.com at smtps://mailer:[redacted]@smtp.example.com',
    )
  })

  it('masks an address to its first letter and its domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com')
    expect(maskEmail('@example.com')).toBe('***')
    expect(scrubText('no address here: 10@20')).toBe('no address here: 10@20')
  })

  it('takes its level from LOG_LEVEL and writes JSON lines with the level named', () => {
    const lines: string[] = []
    const previous = process.env.LOG_LEVEL
    process.env.LOG_LEVEL = 'warn'
    try {
      const logger = createRootLogger({ name: 'web', destination: { write: (line: string) => void lines.push(line) } })
      logger.info('not written')
      logger.warn('written')
    } finally {
      if (previous === undefined) delete process.env.LOG_LEVEL
      else process.env.LOG_LEVEL = previous
    }
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/\n$/)
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'warn',
      name: 'web',
      msg: 'written',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })
})
