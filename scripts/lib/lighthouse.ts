// Lighthouse, as the Lighthouse bench (bench/lighthouse.ts) and the browser tests run it: its
// default mobile audit (a mid-range phone on a slow 4G connection, throttling simulated) in
// Chromium started by chrome-launcher, headless, on this machine's closed network.
import { existsSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { NO_CHROMIUM, findChromium } from '#scripts/lib/local-servers.ts'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]

/** The pages the Lighthouse goals are about: the home page, the search page and an animal page. */
export type AuditedPage = { name: string; path: string }

export type PageAudit = {
  url: string
  /** Each category's score, 0–100; null when Lighthouse could not score it (see runtimeError). */
  scores: Partial<Record<LighthouseCategory, number | null>>
  /** The audits below a full score that count towards a category: its id, title and what it found. */
  failing: Array<{ category: LighthouseCategory; id: string; title: string; score: number; displayValue?: string; weight: number }>
  /** The performance metrics, for the report. */
  metrics: Record<string, string | undefined>
  /** How fast Lighthouse judged this machine (its benchmark index; a mid-range desktop is about 1,000+). */
  benchmarkIndex: number
  runtimeError?: string
}

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  // On a closed network Chromium's background services only produce refused connections.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The Chromium binary: CHROME_PATH (chrome-launcher's own variable) when set, else the one the
 * browser tests use (Playwright's own, CHROMIUM_PATH, or Debian's /usr/bin/chromium).
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH
  const found = findChromium()
  if (found === null) throw new Error(NO_CHROMIUM)
  if (found !== undefined) return found
  const { chromium } = await import('playwright-core')
  return chromium.executablePath()
}

/** A Chromium for Lighthouse to drive; kill() it when done. */
export async function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: await chromiumPath(), chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' })
}

/** Runs Lighthouse's mobile audit of one URL in `chrome`, for the given categories. */
export async function auditPage(
  chrome: chromeLauncher.LaunchedChrome,
  url: string,
  categories: ReadonlyArray<LighthouseCategory> = LIGHTHOUSE_CATEGORIES,
): Promise<PageAudit> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] })
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
  const { lhr } = result
  const scores: PageAudit['scores'] = {}
  const failing: PageAudit['failing'] = []
  for (const category of categories) {
    const scored = lhr.categories[category]
    scores[category] = scored?.score === null || scored?.score === undefined ? null : Math.round(scored.score * 100)
    for (const ref of scored?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) continue
      failing.push({ category, id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue, weight: ref.weight })
    }
  }
  const metric = (id: string) => lhr.audits[id]?.displayValue
  return {
    url,
    scores,
    failing,
    metrics: categories.includes('performance')
      ? {
          FCP: metric('first-contentful-paint'),
          LCP: metric('largest-contentful-paint'),
          TBT: metric('total-blocking-time'),
          CLS: metric('cumulative-layout-shift'),
          SI: metric('speed-index'),
        }
      : {},
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  }
}

/** The home page, the search page and the first animal page /search links to. */
export async function auditedPages(baseUrl: string): Promise<AuditedPage[]> {
  const html = await (await fetch(`${baseUrl}/search`)).text()
  const animal = html.match(/href="(\/animals\/[^"?#]+)"/)?.[1]
  if (!animal) throw new Error('/search lists no animal to audit')
  return [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search' },
    { name: 'animal', path: animal },
  ]
}
