import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '#scripts/lib/db-types/index.ts'

describe('app/types/database.ts', () => {
  // Migrating a fresh PGlite takes a while: done in the hook, which is allowed minutes.
  let generated: string
  beforeAll(async () => {
    generated = await generateDatabaseTypes()
  })

  it('is what the migrations make', async () => {
    const committed = await readFile(DATABASE_TYPES_FILE, 'utf8')
    if (committed !== generated) {
      expect.fail('app/types/database.ts is out of date with supabase/migrations: run `npm run db:types` and commit the result.')
    }
  })
})
