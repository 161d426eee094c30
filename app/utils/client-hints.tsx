// The reader's time zone, which only the browser knows, as the Epic Stack reads it: an inline
// script in the document's head puts the browser's zone in a cookie (reloading once when the
// cookie was missing or wrong), and every request after that carries it. The server renders
// in that zone; the browser renders the same zone from the root loader's data, so the two agree.
import { getHintUtils } from '@epic-web/client-hints'
import { clientHint as timeZoneHint } from '@epic-web/client-hints/time-zone'
import { useRouteLoaderData } from '@remix-run/react'
import { UTC_READER, formatDate, formatDateTime, isTimeZone, type ReaderZone } from '#app/utils/date-time.ts'

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

/** The script that keeps the cookie right; it must carry the CSP nonce to run. */
export function ClientHintCheck({ nonce }: { nonce: string }) {
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: hintUtils.getClientHintCheckScript() }} />
}

/** The zone this page is read in (the root loader's `readerZone`); UTC, labelled, without it. */
export function useReaderZone(): ReaderZone {
  const data = useRouteLoaderData<{ readerZone?: ReaderZone }>('root')
  return data?.readerZone ?? UTC_READER
}

/** The formatters of app/utils/date-time.ts, bound to the reader's zone. */
export function useDateTimeFormat() {
  const zone = useReaderZone()
  return {
    zone,
    dateTime: (instant: string | Date) => formatDateTime(instant, zone),
    date: (instant: string | Date, style?: 'long' | 'medium') => formatDate(instant, zone, style),
  }
}
