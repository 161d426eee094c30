// Failed jobs and undelivered email in the staff console: staff see what the worker could not do
// and put it back in the queue with Retry (a retried email reaches the mailbox). Only staff get
// the page. With JavaScript on and off; without it at 360 px.
import { admin, expect, expectNoSeriousA11yViolations, test, uniqueEmail, waitForEmail } from '#tests/e2e/fixtures.ts'
import { sidewaysOverflow, toast } from '#tests/e2e/helpers.ts'

/** A job of a kind no worker runs, given up on; and an unsent email whose delivery job is gone. */
async function seedFailures(tag: string) {
  const service = admin()
  const kind = `e2e_${tag}_${Date.now().toString(36)}`
  const { data: jobId, error } = await service.rpc('enqueue_job', { kind })
  if (error) throw error
  await service
    .from('jobs')
    .update({ attempts: 10, failed_at: new Date().toISOString(), last_error: 'The feed answered 500 Internal Server Error' })
    .eq('id', jobId)
  // A domain of its own: the masked address (f***@domain) tells this email from others'.
  const to = uniqueEmail(`failed-${tag}`).replace('@', `@${kind.replaceAll('_', '-')}.`)
  const { data: email, error: emailError } = await service
    .from('email_outbox')
    .insert({ template: 'repeated_signup', to_address: to })
    .select('id')
    .single()
  if (emailError) throw emailError
  return { kind, jobId: jobId as number, to, emailId: email.id as string, masked: `${to[0]}***${to.slice(to.indexOf('@'))}` }
}

for (const js of [true, false]) {
  test.describe(`failed work with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js, ...(js ? {} : { viewport: { width: 360, height: 740 } }) })

    test('staff see a failed job and an undelivered email, and retry both', async ({ page, users, signIn }) => {
      const seeded = await seedFailures(js ? 'on' : 'off')
      try {
        const staff = await users.adopter()
        await admin().from('staff_members').insert({ user_id: staff.id })
        await signIn(staff)
        await page.goto('/staff')
        await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Failed jobs' }).click()
        await expect(page.getByRole('heading', { name: 'Failed jobs and email', level: 1 })).toBeVisible()

        const job = page.getByRole('listitem', { name: `Job ${seeded.jobId} ${seeded.kind}` })
        await expect(job).toContainText('The feed answered 500 Internal Server Error')
        await expect(job).toContainText('Attempts10')
        const email = page.getByRole('listitem', { name: `Email repeated_signup to ${seeded.masked}` })
        await expect(email).toBeVisible()
        // The address is masked on the page.
        await expect(page.getByText(seeded.to)).toHaveCount(0)
        if (js) await expectNoSeriousA11yViolations(page)
        else expect(await sidewaysOverflow(page)).toEqual([])

        await email.getByRole('button', { name: /^Retry/ }).click()
        await expect(toast(page, 'The email is queued to be sent again')).toBeVisible()
        await waitForEmail(seeded.to, /Someone tried to create an account/, 20_000)
        await expect(email).toHaveCount(0)

        await job.getByRole('button', { name: /^Retry/ }).click()
        await expect(toast(page, `Job ${seeded.jobId} is queued again`)).toBeVisible()
        await expect(job).toHaveCount(0)
        const { data: row } = await admin().from('jobs').select('failed_at, attempts').eq('id', seeded.jobId).single()
        expect(row).toEqual({ failed_at: null, attempts: 0 })
      } finally {
        await admin().from('jobs').delete().eq('kind', seeded.kind)
        await admin().from('email_outbox').delete().eq('id', seeded.emailId)
      }
    })
  })
}

test('the page is for staff only', async ({ page, users, signIn }) => {
  const seeded = await seedFailures('guard')
  try {
    await signIn(await users.adopter())
    const response = await page.goto('/staff/failures')
    expect(response?.status()).toBe(403)
    await expect(page.getByText(seeded.kind)).toHaveCount(0)
    // A retry posted by hand is refused too, and changes nothing.
    const post = await page.request.post('/staff/failures', { form: { intent: 'retry-job', id: String(seeded.jobId) } })
    expect(post.status()).toBe(403)
    const { data: row } = await admin().from('jobs').select('failed_at').eq('id', seeded.jobId).single()
    expect(row!.failed_at).not.toBeNull()
  } finally {
    await admin().from('jobs').delete().eq('kind', seeded.kind)
    await admin().from('email_outbox').delete().eq('id', seeded.emailId)
  }
})
