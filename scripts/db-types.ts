// npm run db:types: regenerates app/types/database.ts, the row types the app derives everything
// from, after a migration changes the schema. Commit the result: a test fails while it is stale.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { projectRoot } from '#scripts/lib/backend.ts'
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '#scripts/lib/db-types/index.ts'

await writeFile(DATABASE_TYPES_FILE, await generateDatabaseTypes())
console.log(`wrote ${path.relative(projectRoot, DATABASE_TYPES_FILE)}`)
