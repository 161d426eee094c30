// npm run seed: demo shelters and animals.
//
//   npm run seed                                  40 shelters, 600 animals into ${DATA_DIR:-./.data}
//   npm run seed -- --animals 100000 --shelters 2000 [--all-available]
//   npm run seed -- --database-url postgres://…   into a Supabase project (its direct connection
//                                                 string; DATABASE_URL works too)
//   npm run seed -- --write-demo                  regenerate supabase/seed/demo.sql and the
//                                                 pictures in public/images/demo/
//
// The embedded data dir must not be in use: stop `npm start` first. Seeding again replaces the
// earlier demo data and leaves real accounts alone.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEMO_ANALYTICS_MAX_ANIMALS, DEMO_DEFAULTS, demoSeedSql, type DemoOptions } from '#scripts/lib/demo-data/index.ts'
import { assertLocalbaseStopped, openDataDir, openDatabaseUrl, seedDemo } from '#scripts/lib/demo-data/load.ts'
import { allPortraits } from '#scripts/lib/demo-data/portraits/index.ts'
import { loadDotEnv, projectRoot } from '#scripts/lib/backend.ts'

const { values } = parseArgs({
  options: {
    animals: { type: 'string' },
    shelters: { type: 'string' },
    'all-available': { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'write-demo': { type: 'boolean', default: false },
  },
})

loadDotEnv()
const log = (line: string) => console.log(`[seed] ${line}`)

if (values['write-demo']) {
  await writeDemoFiles()
} else {
  const options: DemoOptions = {
    animals: count(values.animals, DEMO_DEFAULTS.animals, 1_000_000),
    shelters: count(values.shelters, DEMO_DEFAULTS.shelters, 100_000),
    allAvailable: values['all-available'],
  }
  options.analyticsDays = options.animals <= DEMO_ANALYTICS_MAX_ANIMALS ? DEMO_DEFAULTS.analyticsDays : 0
  const databaseUrl = values['database-url'] || process.env.DATABASE_URL
  if (!databaseUrl && process.env.SUPABASE_URL) {
    throw new Error(
      'SUPABASE_URL is set: pass the project database with --database-url postgres://… (Supabase dashboard → Connect → direct connection).',
    )
  }
  const db = databaseUrl ? await openDatabaseUrl(databaseUrl) : await openEmbedded()
  try {
    await seedDemo(db, options, log)
  } finally {
    await db.close()
  }
}

async function openEmbedded() {
  const dataDir = path.resolve(values['data-dir'] || process.env.DATA_DIR || path.join(projectRoot, '.data'))
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await assertLocalbaseStopped(dataDir)
  log(`seeding the embedded database in ${dataDir}`)
  return openDataDir(dataDir, log)
}

async function writeDemoFiles() {
  const sqlFile = path.join(projectRoot, 'supabase/seed/demo.sql')
  await mkdir(path.dirname(sqlFile), { recursive: true })
  await writeFile(sqlFile, demoSeedSql(DEMO_DEFAULTS))
  const imageDir = path.join(projectRoot, 'public/images/demo')
  await mkdir(imageDir, { recursive: true })
  for (const file of await readdir(imageDir)) if (file.endsWith('.svg')) await rm(path.join(imageDir, file))
  const portraits = allPortraits()
  for (const portrait of portraits) await writeFile(path.join(imageDir, portrait.file), portrait.svg)
  log(`wrote ${path.relative(projectRoot, sqlFile)} and ${portraits.length} pictures in ${path.relative(projectRoot, imageDir)}/`)
}

function count(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1 || number > max) throw new Error(`Expected a whole number from 1 to ${max}, got "${value}"`)
  return number
}
