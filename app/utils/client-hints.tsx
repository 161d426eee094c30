// The reader's time zone in components: the zone the root loader chose for this page (the
// browser's own, from the hint's cookie: app/utils/client-hints.server.ts), so the server and
// the browser render every date and time alike.
import { useRouteLoaderData } from '@remix-run/react'
import { UTC_READER, formatDate, formatDateTime, type ReaderZone } from '#app/utils/date-time.ts'

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
