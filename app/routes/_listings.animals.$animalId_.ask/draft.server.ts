// The question a signed-out visitor typed, kept while they sign in (decision 027): a signed,
// HttpOnly cookie for this one page, for an hour, read back into the form when they return and
// cleared once the message is sent. The text never goes into a URL.
import { createCookie } from '@remix-run/node'
import { getEnv } from '#app/utils/env.server.ts'
import { isHttps } from '#app/utils/request.server.ts'

const MAX_AGE_SECONDS = 60 * 60
// Browsers drop a cookie over 4,096 bytes without a word; a draft that would not fit is refused.
const MAX_COOKIE_BYTES = 4000

let cookie: ReturnType<typeof createCookie> | undefined
function draftCookie() {
  cookie ??= createCookie('ph_ask_draft', { httpOnly: true, sameSite: 'lax', maxAge: MAX_AGE_SECONDS, secrets: [getEnv().SESSION_SECRET] })
  return cookie
}

const options = (request: Request) => ({
  path: new URL(request.url).pathname,
  secure: getEnv().NODE_ENV === 'production' && isHttps(request),
})

/** The kept draft for this page, if any. */
export async function readDraft(request: Request): Promise<string> {
  const value: unknown = await draftCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' ? value : ''
}

/** The Set-Cookie that keeps `message`, or null when it is too long to keep in a cookie. */
export async function keepDraft(request: Request, message: string): Promise<string | null> {
  const header = await draftCookie().serialize(message, options(request))
  return header.length > MAX_COOKIE_BYTES ? null : header
}

export async function clearDraft(request: Request): Promise<string> {
  return draftCookie().serialize('', { ...options(request), maxAge: 0 })
}
