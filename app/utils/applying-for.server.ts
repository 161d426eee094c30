// The pet someone was applying for when the apply page sent them to finish their application
// profile: a short-lived cookie of the profile's pages, so that every step can offer the way
// back to that application. Only an /animals/<id>/apply path is ever read back from it.
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { isHttps } from '#app/utils/request.server.ts'

const cookie = createCookie('applying_for', { path: '/account/application', httpOnly: true, sameSite: 'lax', maxAge: 60 * 60 })

const ApplyingFor = z.object({
  path: z.string().regex(/^\/animals\/[0-9a-f-]{36}\/apply$/),
  name: z.string().min(1).max(100),
})
export type ApplyingFor = z.infer<typeof ApplyingFor>

/** The Set-Cookie header that remembers the pet for an hour. */
export function rememberApplyingFor(applyingFor: ApplyingFor, request: Request): Promise<string> {
  return cookie.serialize(applyingFor, { secure: isHttps(request) })
}

/** The pet the person was applying for, if the cookie is there and holds one. */
export async function applyingFor(request: Request): Promise<ApplyingFor | null> {
  const parsed = ApplyingFor.safeParse(await cookie.parse(request.headers.get('Cookie')).catch(() => null))
  return parsed.success ? parsed.data : null
}

/** The Set-Cookie header that forgets it (the application is sent). */
export function forgetApplyingFor(request: Request): Promise<string> {
  return cookie.serialize('', { maxAge: 0, secure: isHttps(request) })
}
