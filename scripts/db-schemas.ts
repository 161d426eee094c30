// npm run db:schemas: rewrites supabase/schemas/, the current definition of every table,
// function, policy and grant by area, from what supabase/migrations/ make. Run it after adding
// or merging a migration, and commit the result (docs/decisions/054-schema-files.md).
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { projectRoot } from '#scripts/lib/backend.ts'
import { SCHEMAS_DIR, generateFromMigrations, schemaFileNames } from '#scripts/lib/db-schemas/index.ts'

const started = performance.now()
const { files, unmapped } = await generateFromMigrations()
await mkdir(SCHEMAS_DIR, { recursive: true })
for (const name of await schemaFileNames()) {
  if (!files.has(name)) await rm(path.join(SCHEMAS_DIR, name))
}
for (const [name, text] of files) await writeFile(path.join(SCHEMAS_DIR, name), text)
console.log(`wrote ${files.size} files in ${path.relative(projectRoot, SCHEMAS_DIR)} (${Math.round(performance.now() - started)} ms)`)
if (unmapped.length > 0) {
  console.log(`Not mapped to an area, so in 99-other.sql: add them to scripts/lib/db-schemas/areas.ts and run again:`)
  for (const name of unmapped) console.log(`  ${name}`)
}
