import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { getEnv } from '#app/utils/env.server.ts'
import { combineHeaders } from '#app/utils/misc.ts'
import { isHttps } from '#app/utils/request.server.ts'

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(['message', 'success', 'error', 'info']).default('message'),
  title: z.string().optional(),
  description: z.string(),
})

export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>

const TOAST_KEY = 'toast'

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>> | undefined
function toastStorage() {
  const env = getEnv()
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: 'ph_toast',
      sameSite: 'lax',
      path: '/',
      httpOnly: true,
      secrets: [env.SESSION_SECRET],
      // Secure is decided per request (see secureOverride): a production build on plain
      // http must still deliver its messages.
      secure: false,
    },
  })
  return storage
}

/** Headers that set a one-time toast, shown on the next page the visitor sees. */
export async function createToastHeaders(input: ToastInput, request?: Request): Promise<Headers> {
  const session = await toastStorage().getSession(request?.headers.get('Cookie'))
  session.flash(TOAST_KEY, toastSchema.parse(input))
  return new Headers({ 'set-cookie': await toastStorage().commitSession(session, secureOverride(request)) })
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit, request?: Request) {
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(input, request)) })
}

/** The pending toast, if any, and the headers that clear it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get('Cookie'))
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY))
  const toast = parsed.success ? parsed.data : null
  return {
    toast,
    headers: toast ? new Headers({ 'set-cookie': await toastStorage().destroySession(session, secureOverride(request)) }) : null,
  }
}

// The cookie is Secure in production over https, so a production build tried on plain http still works.
function secureOverride(request?: Request) {
  if (!request || getEnv().NODE_ENV !== 'production') return undefined
  return { secure: isHttps(request) }
}
