import { json } from '@remix-run/node'
import { getEnv } from '#app/utils/env.server.ts'
import { checkHealth, healthSettings, probeTcp, type HealthProbes } from '#app/utils/health.server.ts'
import { getServiceSupabase } from '#app/utils/supabase.server.ts'

/**
 * 200 `{ ok: true, components: { web, backend, worker, ftp } }` when every required part is up,
 * 503 with `problems` otherwise: for load balancers and the container's HEALTHCHECK.
 */
export async function loader() {
  const env = getEnv()
  const probes: HealthProbes = {
    async backend() {
      try {
        const response = await fetch(`${env.SUPABASE_URL}/rest/v1/app_settings?select=key&limit=1`, {
          headers: { apikey: env.SUPABASE_ANON_KEY, authorization: `Bearer ${env.SUPABASE_ANON_KEY}` },
          signal: AbortSignal.timeout(3_000),
        })
        return response.ok ? null : `answered ${response.status}`
      } catch {
        return 'unreachable'
      }
    },
    async workerBeatAge(host) {
      // Heartbeats are the service role's to read; an app without its key cannot tell.
      if (!env.SUPABASE_SERVICE_ROLE_KEY) return undefined
      const { data, error } = await getServiceSupabase()
        .rpc('last_worker_heartbeat_age', host ? { host } : {})
        .abortSignal(AbortSignal.timeout(3_000))
      return error ? undefined : data
    },
    ftp: (address) => probeTcp(address),
  }
  const health = await checkHealth(healthSettings(), probes)
  return json(health, { status: health.ok ? 200 : 503, headers: { 'cache-control': 'no-store' } })
}
