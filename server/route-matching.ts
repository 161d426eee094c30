// Route matching, remembered. @remix-run/router's matchRoutes flattens and ranks the whole route
// tree and compiles a regular expression for every branch it tries, on every call; a page
// request makes four calls (the server's match, the rendered router's, and Remix's lazy route
// discovery for each parent path of the URL), which cost about a third of the animal page's
// server time with this site's hundred routes (docs/performance.md). React Router 7 keeps the
// ranked branches; Remix 2's router does not. So the answer for a path is kept here.
//
// The route arrays differ between the calls (Remix builds the rendered router's routes anew for
// each request) but describe the same tree: the same ids, paths, index and case flags. So an
// answer is kept under the tree's outline and the path, with each matched route named by its id,
// and given back with the caller's own route objects. matchRoutes reads nothing else of a route,
// so the answer is the one it would compute. A tree whose routes lack ids, or repeat one, is
// matched as before, every time.
import { createRequire } from 'node:module'
import type { AgnosticRouteMatch, AgnosticRouteObject } from '@remix-run/router'

type Route = AgnosticRouteObject & { id?: string }
type MatchRoutes = (routes: Route[], location: string | Partial<{ pathname: string }>, basename?: string) => AgnosticRouteMatch[] | null

/** A tree as matchRoutes sees it, and its routes by id; null when the ids do not name each route once. */
type Outline = { number: number; byId: Map<string, Route> } | null

/** A kept answer: each match's route id, its params (one object, shared by the matches, as the router does) and paths. */
type Kept = { params: Record<string, string | undefined>; matches: { id: string; pathname: string; pathnameBase: string }[] } | null

/** How many answers are kept: the URLs of the site's most requested pages, and the parents of them all. */
export const KEPT_ANSWERS = 1000

export function rememberingMatchRoutes(matchRoutes: MatchRoutes, parsePath: (path: string) => { pathname?: string }): MatchRoutes {
  const outlines = new WeakMap<Route[], Outline>()
  // Each outline's text once, numbered: answers are kept under the number.
  const outlineNumbers = new Map<string, number>()
  const answers = new Map<string, Kept>()

  const outlineOf = (routes: Route[]): Outline => {
    let outline = outlines.get(routes)
    if (outline === undefined) {
      const byId = new Map<string, Route>()
      const parts: string[] = []
      const visit = (list: Route[]): boolean => {
        parts.push('[')
        for (const route of list) {
          const id = route.id
          if (typeof id !== 'string' || byId.has(id)) return false
          byId.set(id, route)
          // JSON quotes the texts, so no path or id can pass for another outline.
          parts.push(JSON.stringify([id, route.path ?? null, route.index === true, route.caseSensitive === true]))
          if (route.children?.length && !visit(route.children as Route[])) return false
        }
        parts.push(']')
        return true
      }
      const key = visit(routes) ? parts.join('') : null
      if (key !== null && !outlineNumbers.has(key)) outlineNumbers.set(key, outlineNumbers.size)
      outline = key === null ? null : { number: outlineNumbers.get(key)!, byId }
      outlines.set(routes, outline)
    }
    return outline
  }

  return (routes, location, basename = '/') => {
    const outline = Array.isArray(routes) ? outlineOf(routes) : null
    if (!outline) return matchRoutes(routes, location, basename)
    const pathname = typeof location === 'string' ? parsePath(location).pathname : location.pathname
    const key = `${outline.number}\u0000${basename}\u0000${pathname ?? ''}`
    let kept = answers.get(key)
    if (kept === undefined) {
      const found = matchRoutes(routes, location, basename)
      kept = found && {
        params: { ...found[0]?.params },
        matches: found.map((match) => ({ id: (match.route as Route).id!, pathname: match.pathname, pathnameBase: match.pathnameBase })),
      }
      if (answers.size >= KEPT_ANSWERS) answers.delete(answers.keys().next().value!)
      answers.set(key, kept)
      return found
    }
    // The most recently used last, so the least recently used goes first.
    answers.delete(key)
    answers.set(key, kept)
    if (!kept) return null
    const params = { ...kept.params }
    return kept.matches.map((match) => ({
      params,
      pathname: match.pathname,
      pathnameBase: match.pathnameBase,
      route: outline.byId.get(match.id)!,
    }))
  }
}

/**
 * Makes @remix-run/router's exported matchRoutes remember its answers, for every module that
 * calls it through the package (Remix's server runtime, React Router, Remix's lazy route
 * discovery). Call it before the Remix build is loaded. Returns whether it did.
 */
export function rememberRouteMatches(): boolean {
  // The copy Remix's server runtime uses (the one React Router and Remix's React code share).
  const runtime = createRequire(import.meta.url).resolve('@remix-run/server-runtime')
  const router = createRequire(runtime)('@remix-run/router') as {
    matchRoutes: MatchRoutes
    parsePath: (path: string) => { pathname?: string }
  }
  const descriptor = Object.getOwnPropertyDescriptor(router, 'matchRoutes')
  if (!descriptor?.writable) return false
  router.matchRoutes = rememberingMatchRoutes(router.matchRoutes, router.parsePath)
  return true
}
