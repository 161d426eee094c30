import { expect, test } from '#tests/e2e/fixtures.ts'

test('the home page is served by the production build', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('link', { name: 'Pawhaven' }).first()).toBeVisible()
})

test('/healthz answers ok, part by part, when the backend, the worker and the FTP drop are up', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ ok: true, components: { web: 'up', backend: 'up', worker: 'up', ftp: 'up' } })
})

test('an unknown path is a 404 page that logs the path', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => logged.some((line) => line.includes('/no-such-page'))).toBe(true)
})
