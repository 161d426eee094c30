import { expect, test } from '#tests/e2e/fixtures.ts'
import { hydrated } from '#tests/e2e/helpers.ts'

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the about page opens on the adopter tab and switches to the shelter tab', async ({ page }) => {
      await page.goto('/about')
      if (js) await hydrated(page)
      const adopter = page.getByRole('tab', { name: "I'm an Adopter" })
      const shelter = page.getByRole('tab', { name: "I'm a Shelter" })
      await expect(adopter).toHaveAttribute('aria-selected', 'true')
      await expect(shelter).toHaveAttribute('aria-selected', 'false')
      const adopterPanel = page.getByRole('tabpanel', { name: "I'm an Adopter" })
      await expect(adopterPanel.getByRole('link', { name: 'Start Your Search' })).toHaveAttribute('href', '/search')
      await expect(adopterPanel.getByRole('listitem').filter({ hasText: 'Step' })).toHaveCount(3)
      await expect(page.getByRole('link', { name: 'Get Started as a Shelter' })).toBeHidden()

      await shelter.click()
      await expect(page).toHaveURL(/\/about\?tab=shelter$/)
      await expect(shelter).toHaveAttribute('aria-selected', 'true')
      const shelterPanel = page.getByRole('tabpanel', { name: "I'm a Shelter" })
      await expect(shelterPanel.getByRole('link', { name: 'Get Started as a Shelter' })).toHaveAttribute('href', '/join')
      await expect(shelterPanel.getByText('Free listings')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Start Your Search' })).toBeHidden()
      await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible()
    })

    test('blog chips filter the articles', async ({ page }) => {
      await page.goto('/blog')
      if (js) await hydrated(page)
      const chips = page.getByRole('navigation', { name: 'Article categories' }).getByRole('link')
      await expect(chips).toHaveText(['All', 'New Pet Care', 'Behavior', 'Senior Pets', 'Home Preparation', 'Cat Care', 'Pet Care Tips'])
      await expect(page.getByRole('article')).toHaveCount(6)
      await expect(page.getByText('Featured', { exact: true })).toBeVisible()

      await page.getByRole('link', { name: 'Behavior' }).click()
      await expect(page).toHaveURL(/\/blog\?category=behavior$/)
      await expect(page.getByRole('link', { name: 'Behavior' })).toHaveAttribute('aria-current', 'page')
      await expect(page.getByRole('article')).toHaveCount(1)
      await expect(page.getByRole('heading', { name: 'Easing Separation Anxiety in Newly Adopted Dogs' })).toBeVisible()

      await page.getByRole('link', { name: 'New Pet Care' }).click()
      await expect(page.getByRole('article')).toHaveCount(1)
      await expect(page.getByText('Featured', { exact: true })).toBeVisible()

      await page.getByRole('link', { name: 'All', exact: true }).click()
      await expect(page).toHaveURL(/\/blog$/)
      await expect(page.getByRole('article')).toHaveCount(6)
    })
  })
}

test('arrow keys move between the about tabs', async ({ page }) => {
  await page.goto('/about')
  await hydrated(page)
  await page.getByRole('tab', { name: "I'm an Adopter" }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: "I'm a Shelter" })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: "I'm a Shelter" })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: "I'm an Adopter" })).toHaveAttribute('aria-selected', 'true')
})
