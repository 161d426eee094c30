import { json } from '@remix-run/node'
import { getEnv } from '~/utils/env.server'

/** 200 { ok: true } when the backend answers a real query, 503 otherwise: for load balancers and Docker. */
export async function loader() {
  const env = getEnv()
  try {
    const response = await fetch(`${env.SUPABASE_URL}/rest/v1/app_settings?select=key&limit=1`, {
      headers: { apikey: env.SUPABASE_ANON_KEY, authorization: `Bearer ${env.SUPABASE_ANON_KEY}` },
      signal: AbortSignal.timeout(3_000),
    })
    if (response.ok) return json({ ok: true }, { headers: { 'cache-control': 'no-store' } })
    return json({ ok: false, reason: `backend answered ${response.status}` }, { status: 503, headers: { 'cache-control': 'no-store' } })
  } catch {
    return json({ ok: false, reason: 'backend unreachable' }, { status: 503, headers: { 'cache-control': 'no-store' } })
  }
}
