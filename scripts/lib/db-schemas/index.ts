// supabase/schemas/ from the schema the migrations make: a fresh in-memory embedded database
// (no seed) is migrated and its catalog written as one SQL file per area (generate.ts).
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { bootstrap, openDatabase } from '#localbase/src/db.ts'
import { projectRoot } from '#scripts/lib/backend.ts'
import { generateSchemaFiles, type SchemaFiles } from '#scripts/lib/db-schemas/generate.ts'

export const SCHEMAS_DIR = path.join(projectRoot, 'supabase/schemas')
export const MIGRATIONS_DIR = path.join(projectRoot, 'supabase/migrations')

export async function generateFromMigrations(): Promise<SchemaFiles> {
  const db = await openDatabase(undefined)
  try {
    await bootstrap(db, { migrationsDir: MIGRATIONS_DIR })
    return await generateSchemaFiles(db)
  } finally {
    await db.close()
  }
}

/** The schema files in the order Supabase loads them (by name). */
export async function schemaFileNames(dir = SCHEMAS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
}

/**
 * The schema files as a migrations directory, so a fresh database can be made from them as from
 * the migrations (same runner, same role): one numbered "migration" per file, in name order.
 */
export async function schemaFilesAsMigrations(dir = SCHEMAS_DIR): Promise<{ dir: string; remove: () => Promise<void> }> {
  const target = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-schema-files-'))
  const names = await schemaFileNames(dir)
  await Promise.all(
    names.map(async (name, index) =>
      writeFile(path.join(target, `${String(index + 1).padStart(14, '0')}_${name}`), await readFile(path.join(dir, name), 'utf8')),
    ),
  )
  return { dir: target, remove: () => rm(target, { recursive: true, force: true }) }
}
