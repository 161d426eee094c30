// Lighthouse's mobile audit scores 100 in accessibility, best practices and SEO on the pages its
// goals name: the home page, the search page and an animal page. Those three categories do not
// depend on the machine's speed, so they are held here on every run; performance does, and is
// measured by the Lighthouse bench (bench/lighthouse.ts, docs/performance.md). JavaScript on
// only: Lighthouse cannot run in a page whose scripts are off (the Nu checker's spec covers the
// pages as the server sends them).
import { expect } from '#tests/e2e/fixtures.ts'
import { auditPage, launchChromium } from '#scripts/lib/lighthouse.ts'
import { test } from '#tests/e2e/listings/world.ts'

test('home, search and an animal page score 100 in accessibility, best practices and SEO', async ({ baseURL, world }) => {
  test.slow()
  const chrome = await launchChromium()
  try {
    for (const path of ['/', '/search', `/animals/${world.animals.Alpha}`]) {
      const audit = await auditPage(chrome, `${baseURL}${path}`, ['accessibility', 'best-practices', 'seo'])
      // A run error (Lighthouse could not read the load's trace, at times) fails only through the
      // scores it leaves unset: these categories do not read the trace.
      expect({ scores: audit.scores, failing: audit.failing }, `${path} ${audit.runtimeError ?? ''}`).toEqual({
        scores: { accessibility: 100, 'best-practices': 100, seo: 100 },
        failing: [],
      })
    }
  } finally {
    chrome.kill()
  }
})
