import { configDefaults, defineConfig } from 'vitest/config'

// With TEST_DATABASE_URL (scripts/unit.ts starts a throwaway PostgreSQL and sets it), the
// row-level-security suite runs a second time on real PostgreSQL, as the project "postgres".
const postgresUrl = process.env.TEST_DATABASE_URL || ''

export default defineConfig({
  test: {
    globals: true,
    setupFiles: ['./tests/setup/unit.ts'],
    // Each localbase suite starts its own PGlite (a WASM Postgres); two cores run two at a time.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [
            'app/**/*.test.{ts,tsx}',
            'localbase/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'worker/**/*.test.ts',
            'ftp/**/*.test.ts',
            'server/**/*.test.ts',
          ],
          // It compares the two engines, so it runs in the project that has both.
          exclude: [...configDefaults.exclude, 'localbase/test/engines.test.ts'],
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                // The queued-import task drives the import functions end to end: on both engines too.
                // Two web servers, two workers and an FTP drop on one database: a deployment's shape.
                include: [
                  'tests/db/**/*.test.ts',
                  'localbase/test/engines.test.ts',
                  'worker/tasks/import-file.test.ts',
                  'tests/cluster/**/*.test.ts',
                ],
                env: { TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
})
