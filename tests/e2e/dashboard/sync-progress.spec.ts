// A large listings file is answered at once with its run's page, and the worker imports it
// while the page follows: without JavaScript the shelter refreshes by hand until it is applied;
// with it the page's progress updates by itself, without a reload, until the outcome shows.
import { PETFINDER_HEADER, petfinderRow } from '#app/sync/formats/test-fixtures.ts'
import { admin, expect, expectNoSeriousA11yViolations, test } from '#tests/e2e/fixtures.ts'
import { dashboardPath, hydrated } from '#tests/e2e/helpers.ts'

const ROWS = 6_000
const IN_PROGRESS = /waiting its turn|Reading your file: [\d,]+ rows read|Applying: [\d,]+ of [\d,]+ animals/

function largeFile(token: string): Buffer {
  const rows = Array.from({ length: ROWS }, (_, index) =>
    petfinderRow({
      ID: `${token}-${index}`,
      AnimalName: `Pet ${index}`,
      Type: index % 2 ? 'Cat' : 'Dog',
      Status: 'A',
      Sex: 'F',
      Size: 'M',
      Age: 'Adult',
    }),
  )
  return Buffer.from([PETFINDER_HEADER, ...rows].join('\n'))
}

async function largeSource(shelter: { shelterId: string }, token: string) {
  const { data: source, error } = await admin()
    .from('sync_sources')
    .insert({ shelter_id: shelter.shelterId, kind: 'upload', format: 'petfinder', name: `Large ${token}` })
    .select('id')
    .single()
  if (error) throw error
  return source.id as string
}

// One import at a time: the two at once (one per browser worker) keep the embedded backend's
// single database busy past the pages' 5 s deadline on a slow machine, and a page answers 503.
test.describe.configure({ mode: 'serial' })

for (const js of [false, true]) {
  test.describe(`a large upload with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test(
      js ? 'the run page follows the import without a reload' : 'the run page is refreshed by hand until the file is applied',
      async ({ page, shelter, signIn }) => {
        // A few thousand animals, beside whatever else the suite's worker is doing.
        test.setTimeout(240_000)
        const token = `big${Date.now().toString(36)}${js ? 'on' : 'off'}`
        const sourceId = await largeSource(shelter, token)
        await signIn(shelter)
        await page.goto(`${dashboardPath(shelter)}/sync/sources/${sourceId}`)
        await page.getByLabel('Listings file').setInputFiles({ name: `${token}.csv`, mimeType: 'text/csv', buffer: largeFile(token) })
        const answered = Date.now()
        await page.getByRole('button', { name: 'Import' }).click()
        await expect(page.getByRole('heading', { name: /^Run of / })).toBeVisible({ timeout: 20_000 })
        // Answered with the run's page long before the file could have been applied.
        expect(Date.now() - answered).toBeLessThan(15_000)
        const progress = page.getByRole('status').filter({ hasText: IN_PROGRESS })
        const outcome = page.getByRole('status').filter({ hasText: `Imported: ${ROWS} added, 0 updated, 0 removed` })
        await expect(progress.or(outcome).first()).toBeVisible()

        if (js) {
          await hydrated(page)
          if (await progress.isVisible()) await expect(progress).toHaveAttribute('aria-live', 'polite')
          // A mark on the window survives only if the page is never loaded again.
          await page.evaluate(() => Object.assign(window, { stillThisPage: true }))
          const seen = new Set<string>()
          await expect(async () => {
            if (await progress.isVisible()) seen.add((await progress.textContent()) ?? '')
            await expect(outcome).toBeVisible({ timeout: 100 })
          }).toPass({ timeout: 180_000, intervals: [200] })
          expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true)
          expect(seen.size, `progress seen: ${[...seen].join(' | ')}`).toBeGreaterThan(0)
          // Scanned without the upload's toast (one fading out can trip axe's contrast check).
          await page.reload()
          await expectNoSeriousA11yViolations(page)
        } else {
          const refresh = page.getByRole('link', { name: 'Refresh' })
          await expect(async () => {
            // Refresh, as the page offers; a page that did not load (the site busy) is loaded again.
            if (await refresh.isVisible()) await refresh.click()
            else if (!(await outcome.isVisible())) await page.reload()
            await expect(outcome).toBeVisible({ timeout: 100 })
          }).toPass({ timeout: 180_000, intervals: [500, 1_000] })
          await expect(refresh).toHaveCount(0)
        }
        await expect(page.getByText('Done', { exact: true })).toBeVisible()
        const { count } = await admin()
          .from('animals')
          .select('id', { count: 'exact', head: true })
          .eq('source_id', sourceId)
          .eq('status', 'available')
        expect(count).toBe(ROWS)
      },
    )
  })
}
