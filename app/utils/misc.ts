import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/** Merges several header sets into one; Set-Cookie lines are all kept. */
export function combineHeaders(...headers: Array<ResponseInit['headers'] | null | undefined>): Headers {
  const combined = new Headers()
  for (const header of headers) {
    if (!header) continue
    // Iteration yields each Set-Cookie on its own (native and Remix's polyfilled Headers alike).
    for (const [key, value] of new Headers(header).entries()) {
      if (key === 'set-cookie') combined.append(key, value)
      else combined.set(key, value)
    }
  }
  return combined
}

/** Throws a Response (rendered by the error boundary) when `condition` is falsy. */
export function invariantResponse(condition: unknown, message: string | (() => string), init?: ResponseInit): asserts condition {
  if (!condition) {
    throw new Response(typeof message === 'function' ? message() : message, { status: 400, ...init })
  }
}

/** The dashboard's short id: the first 8 characters of base64(user id) without + / =. */
export function dashboardHash(userId: string): string {
  const base64 = typeof btoa === 'function' ? btoa(userId) : Buffer.from(userId, 'utf8').toString('base64')
  return base64.replace(/[+/=]/g, '').slice(0, 8)
}

/**
 * A same-site path to go to after an action, or the fallback: never an open redirect. Allowed
 * is one `/`, then anything but a second `/` or `\`, with no control, format or whitespace
 * character anywhere (browsers drop tabs and newlines from URLs, so `/\t/evil.example` is
 * `//evil.example` to them), and the start is checked again with `%2F` and `%5C` decoded (`/%2F/evil.example`).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (!to || typeof to !== 'string') return fallback
  const startsWithOneSlash = (path: string) => /^\/(?![/\\])/.test(path)
  if (!startsWithOneSlash(to) || !startsWithOneSlash(to.replace(/%2f/gi, '/').replace(/%5c/gi, '\\'))) return fallback
  return /[\p{Cc}\p{Cf}\p{Z}\s]/u.test(to) ? fallback : to
}

export function getErrorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message
  return 'Unknown error'
}
