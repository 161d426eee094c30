// The source page's pull controls (plain forms, so they work without JavaScript): pause,
// resume, 'Run now', how often, and a new API key. Each answers with a toast and the page again.
import type { SupabaseClient } from '@supabase/supabase-js'
import { IntervalSchema, KeySchema, replaceKey, runNow, setPaused, setPullInterval } from '~/models/pull-sources.server'
import type { Database } from '~/types/database'
import { redirectWithToast } from '~/utils/toast.server'

export const PULL_INTENTS = ['pause', 'resume', 'run-now', 'interval', 'key'] as const

export async function pullAction(request: Request, form: FormData, supabase: SupabaseClient<Database>, sourceId: string, here: string, headers: Headers) {
  const toast = (type: 'success' | 'error', description: string) => redirectWithToast(here, { type, description }, { headers }, request)
  const refused = (result: unknown) => (result && typeof result === 'object' && 'refusal' in result ? String(result.refusal) : null)
  switch (form.get('intent')) {
    case 'pause':
      return toast('success', refused(await setPaused(supabase, sourceId, true)) ?? 'Paused: nothing is pulled until you resume')
    case 'resume':
      return toast('success', refused(await setPaused(supabase, sourceId, false)) ?? 'Resumed: the next pull starts within a minute')
    case 'run-now': {
      const refusal = refused(await runNow(supabase, sourceId))
      return refusal ? toast('error', refusal) : toast('success', 'Pulling now: the run shows below within a minute')
    }
    case 'interval': {
      const parsed = IntervalSchema.safeParse({ interval: form.get('interval') })
      if (!parsed.success) return toast('error', parsed.error.issues[0]?.message ?? 'Choose how often')
      const refusal = refused(await setPullInterval(supabase, sourceId, parsed.data.interval))
      return refusal ? toast('error', refusal) : toast('success', 'Saved how often we pull')
    }
    case 'key': {
      const parsed = KeySchema.safeParse({ key: form.get('key') })
      if (!parsed.success) return toast('error', parsed.error.issues[0]?.message ?? 'Enter the API key')
      const refusal = refused(await replaceKey(supabase, sourceId, parsed.data.key))
      return refusal ? toast('error', refusal) : toast('success', 'New key saved: the next pull uses it')
    }
    default:
      return toast('error', 'Choose what to do')
  }
}
