// localbase's SMTP server: mail to several recipients lands once per recipient, and a port
// already taken (another local mail catcher) does not stop localbase when it may pick another.
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import nodemailer from 'nodemailer'
import { startHarness, type Harness } from '#localbase/test/harness.ts'
import { startSmtp } from '#localbase/src/smtp.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
})
afterAll(async () => {
  await h?.stop()
})

describe('SMTP', () => {
  it('files a message for each recipient of the envelope, Bcc included', async () => {
    const smtp = await startSmtp(h.lb, { host: '127.0.0.1', port: 0 })
    try {
      const transport = nodemailer.createTransport({ url: smtp.url })
      await transport.sendMail({
        from: 'site@example.com',
        to: 'one@example.com',
        bcc: 'two@example.com',
        subject: 'Hello',
        text: 'Plain',
        html: '<p>Rich</p>',
      })
      transport.close()
      for (const to of ['one@example.com', 'two@example.com']) {
        const messages = (await (await fetch(`${h.url}/mailbox/api/messages?to=${to}`)).json()) as Array<{
          subject: string
          text: string
          html: string
        }>
        expect(messages).toMatchObject([{ subject: 'Hello', text: 'Plain', html: '<p>Rich</p>' }])
      }
    } finally {
      await smtp.close()
    }
  })

  it('takes another port when its own is taken, if allowed; fails otherwise', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()))
    const taken = (blocker.address() as { port: number }).port
    try {
      await expect(startSmtp(h.lb, { host: '127.0.0.1', port: taken })).rejects.toThrow(/EADDRINUSE/)
      const smtp = await startSmtp(h.lb, { host: '127.0.0.1', port: taken, anyPortIfTaken: true })
      expect(smtp.port).not.toBe(taken)
      await smtp.close()
    } finally {
      blocker.close()
    }
  })
})
