// public/ as Express's static handler serves it, asked only about paths that may be in it. The
// static handler looks every request up on disk (a stat each: /search, an animal's page, every
// page), though a page's path never names a file there. public/ is shipped with the site and
// does not change while it runs, so its top-level names are read once: a path whose first
// segment is none of them goes straight on, as the static handler would have sent it after its
// look-up failed.
import { readdirSync } from 'node:fs'
import express, { type RequestHandler } from 'express'

type StaticOptions = Parameters<typeof express.static>[1]

export function publicFiles(root: string, options: StaticOptions): RequestHandler {
  const serve = express.static(root, options)
  const names = new Set(readdirSync(root))
  return (request, response, next) => (mayBeUnder(request.path, names) ? serve(request, response, next) : next())
}

/** Whether a URL path may name something under a folder with these top-level names. */
export function mayBeUnder(pathname: string, names: ReadonlySet<string>): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // The static handler answers a malformed path itself (400).
    return true
  }
  // `..` and `.` segments lead elsewhere once resolved: the static handler decides, as before.
  if (/(^|[/\\])\.\.?([/\\]|$)/.test(decoded)) return true
  return names.has(decoded.split('/')[1] ?? '')
}
