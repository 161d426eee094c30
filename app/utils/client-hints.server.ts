// The reader's time zone, which only the browser knows, as the Epic Stack reads it: an inline
// script in the document's head puts the browser's zone in a cookie (reloading once when the
// cookie was missing or wrong), and every request after that carries it. The server renders
// in that zone; the browser renders the same zone from the root loader's data, so the two agree
// (app/utils/client-hints.tsx). The package and the script's text stay on the server: the page
// carries the script itself, and no browser bundle needs either.
import { getHintUtils } from '@epic-web/client-hints'
import { clientHint as timeZoneHint } from '@epic-web/client-hints/time-zone'
import { isTimeZone } from '#app/utils/date-time.ts'

const hintUtils = getHintUtils({ timeZone: timeZoneHint })

// The same cookie read without the package's fallback ('UTC'), to tell a browser that said
// "UTC" from one that said nothing.
const sentHints = getHintUtils({ timeZone: { ...timeZoneHint, fallback: '' } })

/** The cookie that carries the browser's zone ('CH-time-zone'). */
export const TIME_ZONE_COOKIE = timeZoneHint.cookieName

/** The browser's own zone from the request's cookie, or null when it sent none (or nonsense). */
export function getHintedTimeZone(request: Request): string | null {
  const { timeZone } = sentHints.getHints(request)
  return isTimeZone(timeZone) ? timeZone : null
}

/** The inline script that keeps the cookie right (app/components/layout/client-hint-check.tsx). */
export const clientHintCheckScript: string = hintUtils.getClientHintCheckScript()
