// What the sign-up form does beside Auth's own sign-up.
import { getServiceSupabase } from '#app/utils/supabase.server.ts'
import { log } from '#app/utils/log.server.ts'

/**
 * After a sign-up Auth accepted: when the address already has a confirmed account, its owner
 * gets one email a day at most from the site's outbox saying someone tried (Auth answered the
 * sign-up like a new one and sent nothing; decision 050). The database decides whether the
 * address has an account, so the form's answer and timing are the same either way; a failure
 * here is only logged.
 */
export async function tellOwnerOfRepeatedSignUp(email: string): Promise<void> {
  try {
    const { error } = await getServiceSupabase().rpc('tell_owner_of_repeated_signup', { email })
    if (error) log.error(`repeated sign-up notice failed: ${error.message}`)
  } catch (error) {
    log.error({ err: error }, 'repeated sign-up notice failed')
  }
}
