import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'app') },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'localbase/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/rls/**/*.test.ts', 'scripts/**/*.test.ts'],
    globals: true,
    setupFiles: ['./tests/setup/unit.ts'],
    // Each localbase suite starts its own PGlite (a WASM Postgres); two cores run two at a time.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
})
