import { defineConfig, devices } from '@playwright/test'

// scripts/e2e.ts starts the production build on a fresh data dir and sets these.
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3000'
const launchOptions = {
  executablePath: process.env.E2E_CHROMIUM_PATH || undefined,
  // On a closed network Chromium's background services only produce refused connections.
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run'],
}

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // CI machines are sometimes shared and several times slower than a quiet one: there a
  // journey of sign-ins, emails and axe scans needs room, while a wrong page still fails.
  timeout: process.env.CI ? 120_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 7_500 },
  reporter: [['list']],
  // The browser's zone is pinned (the fallback of the time-zone hint, app/utils/client-hints.tsx),
  // so no first page reloads to set it whatever the machine's clock; a spec that tests zones
  // sets its own.
  use: { baseURL, trace: 'retain-on-failure', timezoneId: 'UTC' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
})
