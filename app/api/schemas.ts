// What the push API takes and answers, as zod schemas: the routes validate with
// them and app/api/openapi.ts documents them, so the document cannot drift from the code. The
// animal a client sends is app/sync/pawhaven-json-schema.ts's, the same one our JSON files use.
// zod 3 API (zod 3.25), no server-only imports.
import { z } from 'zod'
import { PUSH_STATUSES, pushAnimalSchema } from '#app/sync/pawhaven-json-schema.ts'
import { SNAPSHOT_FORMATS } from '#app/sync/types.ts'

export const STORED_STATUSES = [...PUSH_STATUSES, 'archived'] as const

/** An animal as the API answers it: what was sent, with Pawhaven's id, its public page and its state. */
export const apiAnimalSchema = pushAnimalSchema
  .extend({
    id: z.string().uuid().describe("Pawhaven's id of the animal."),
    status: z.enum(STORED_STATUSES).describe('available, pending or adopted as sent; archived once deleted or left out of a snapshot.'),
    listed: z
      .boolean()
      .describe('Whether the animal shows in search and on its public page now (listed statuses, and the shelter approved).'),
    url: z.string().describe('Its public page (a path on this site).'),
    created_at: z.string().describe('When Pawhaven first received it (ISO 8601).'),
    updated_at: z.string().describe('When it last changed (ISO 8601).'),
  })
  .describe('An animal of your API source, as Pawhaven holds it.')
export type ApiAnimal = z.output<typeof apiAnimalSchema>

export const animalPageSchema = z
  .object({
    animals: z.array(apiAnimalSchema),
    page: z.number().int().describe('This page, from 1.'),
    per_page: z.number().int().describe('Animals per page.'),
    total: z.number().int().describe('Animals of the source, archived ones included.'),
    next: z.string().nullable().describe('The next page, or null on the last.'),
  })
  .describe('A page of the animals your API source holds, ordered by external_id.')

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('The page, from 1.'),
  per_page: z.coerce.number().int().min(1).max(100).default(50).describe('Animals per page, 1 to 100 (50 by default).'),
})

/** PATCH: a status change, nothing else. */
export const statusPatchSchema = z
  .object({ status: z.enum(PUSH_STATUSES).describe('available, pending or adopted.') })
  .strict()
  .describe('A status change: the one field a PATCH takes.')

export const importQuerySchema = z.object({
  format: z
    .enum(SNAPSHOT_FORMATS)
    .default('pawhaven-json')
    .describe(
      'The format of the body: pawhaven-json (the default), petfinder, adoptapet, rescuegroups, or asm3-json (the list ShelterManager ASM3’s json_adoptable_animals answers), sent as your software exports it.',
    ),
})

export const importRunSchema = z
  .object({
    id: z.string().uuid(),
    status: z
      .enum(['queued', 'receiving', 'running', 'succeeded', 'failed', 'held', 'confirmed', 'discarded'])
      .describe(
        'queued (stored, waiting for the importer; also while another file of your source is imported); receiving (being read); running (being applied); succeeded; failed (it changed nothing: see message); held (it would remove more than half of your animals and waits for a person in the dashboard); confirmed or discarded by that person. Poll the run’s URL until it is neither queued, receiving nor running.',
      ),
    format: z.enum(SNAPSHOT_FORMATS).nullable().optional().describe('The format the file was sent in.'),
    rows_read: z.number().int().nullable().describe('Rows read from the file so far; null before reading starts.'),
    rows_total: z.number().int().nullable().describe('Animals to apply, once the file is read.'),
    rows_applied: z.number().int().nullable().describe('Animals applied so far.'),
    added: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    removed: z.number().int(),
    failed: z.number().int().describe('Rows that could not be read; see errors.'),
    message: z.string().nullable().describe('Why the run failed or is held.'),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    errors: z
      .array(z.object({ line: z.number().int().nullable(), external_id: z.string().nullable(), reason: z.string() }))
      .describe('The rows that could not be read (the first 1,000): the line of a CSV or the position of a JSON item.'),
  })
  .describe('An import run: a whole snapshot applied, or why not.')

/** RFC 9457 problem details. */
export const problemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem.'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z
      .array(z.object({ field: z.string().describe('The field, as a dotted path ("photos.2").'), message: z.string() }))
      .optional()
      .describe('Each field that failed validation (422).'),
  })
  .describe('An error, as RFC 9457 problem details (application/problem+json).')
export type Problem = z.output<typeof problemSchema>
