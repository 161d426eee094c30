// app/types/database.ts from the schema the migrations make: a fresh in-memory embedded
// database (no seed) is migrated, its catalog read and printed as the Supabase CLI would
// (docs/decisions/016-generated-database-types.md).
import path from 'node:path'
import { bootstrap, openDatabase } from '#localbase/src/db.ts'
import { projectRoot } from '#scripts/lib/backend.ts'
import { readCatalog } from '#scripts/lib/db-types/catalog.ts'
import { printDatabaseTypes } from '#scripts/lib/db-types/typescript.ts'

export const DATABASE_TYPES_FILE = path.join(projectRoot, 'app/types/database.ts')

/** Only `public` is exposed through the API, so only it is typed. */
const SCHEMAS = ['public']

export async function generateDatabaseTypes(): Promise<string> {
  const db = await openDatabase(undefined)
  try {
    await bootstrap(db, { migrationsDir: path.join(projectRoot, 'supabase/migrations') })
    return printDatabaseTypes(await readCatalog(db, SCHEMAS))
  } finally {
    await db.close()
  }
}
