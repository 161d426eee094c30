// The source page's pull controls (plain forms, so they work without JavaScript): pause,
// resume, 'Run now', and the settings (name, how often, the feed's address, the connector's key
// and organization id, an ASM3 account's number and service address). Each answers with a toast and the page again; settings that do not pass
// come back with their errors and what was typed (never the key).
import { json } from '@remix-run/node'
import type { SupabaseClient } from '@supabase/supabase-js'
import { PullSettingsSchema, runNow, setPaused, unreachableAddress, updatePullSource } from '#app/models/pull-sources.server.ts'
import type { Database } from '#app/types/database.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/** What the settings form sends back when it is refused: its fields as typed (no key) and the errors. */
export type PullSettingsReply = { values: Record<string, string>; errors: Record<string, string[] | undefined> }

export async function pullAction(
  request: Request,
  form: FormData,
  supabase: SupabaseClient<Database>,
  source: { id: string; kind: string },
  here: string,
  headers: Headers,
) {
  const toast = (type: 'success' | 'error', description: string) => redirectWithToast(here, { type, description }, { headers }, request)
  const refused = (result: unknown) => (result && typeof result === 'object' && 'refusal' in result ? String(result.refusal) : null)
  switch (form.get('intent')) {
    case 'pause':
      return toast('success', refused(await setPaused(supabase, source.id, true)) ?? 'Paused: nothing is pulled until you resume')
    case 'resume':
      return toast('success', refused(await setPaused(supabase, source.id, false)) ?? 'Resumed: the next pull starts within a minute')
    case 'run-now': {
      const refusal = refused(await runNow(supabase, source.id))
      return refusal ? toast('error', refusal) : toast('success', 'Pulling now: the run shows below within a minute')
    }
    case 'settings': {
      const values = Object.fromEntries(
        ['name', 'interval', 'url', 'orgId', 'account', 'serviceUrl'].map((field) => [field, String(form.get(field) ?? '')]),
      )
      const reply = (errors: PullSettingsReply['errors']) =>
        json({ settings: { values, errors } satisfies PullSettingsReply }, { status: 400, headers })
      const parsed = PullSettingsSchema.safeParse({ ...Object.fromEntries(form), kind: source.kind })
      if (!parsed.success) return reply(parsed.error.flatten().fieldErrors)
      const unreachable = await unreachableAddress(parsed.data)
      if (unreachable) return reply(unreachable)
      const refusal = refused(await updatePullSource(supabase, source.id, parsed.data))
      if (refusal) return reply({ form: [refusal] })
      return toast('success', 'Saved: the next pull uses these settings')
    }
    default:
      return toast('error', 'Choose what to do')
  }
}
