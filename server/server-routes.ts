// The routes Remix renders a page with, made once. RemixServer builds the whole route tree from
// the build's manifest and route modules for every page it renders (@remix-run/react's
// createServerRoutes: about a hundred route objects here, each with its component wrappers),
// though the tree depends on nothing but the build. React Router copies the tree before it uses
// it and never changes it, so one tree per build serves every request.
import { createRequire } from 'node:module'

type CreateServerRoutes = (manifest: object, routeModules: object, future: object, isSpaMode: boolean, ...rest: unknown[]) => unknown[]

export function rememberingCreateServerRoutes(createServerRoutes: CreateServerRoutes): CreateServerRoutes {
  // By the build's manifest of routes; the route modules come in an object made anew for each
  // request (Remix's createEntryRouteModules), so they are compared module by module.
  const made = new WeakMap<object, { routeModules: Record<string, unknown>; future: object; isSpaMode: boolean; routes: unknown[] }>()
  return (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Remix's own recursive calls (a parent id, the grouped routes) are made as before.
    if (rest.length || typeof manifest !== 'object' || manifest === null || typeof routeModules !== 'object' || routeModules === null) {
      return createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest)
    }
    const kept = made.get(manifest)
    if (kept && kept.future === future && kept.isSpaMode === isSpaMode && sameModules(kept.routeModules, routeModules)) return kept.routes
    const routes = createServerRoutes(manifest, routeModules, future, isSpaMode)
    made.set(manifest, { routeModules: { ...routeModules }, future, isSpaMode, routes })
    return routes
  }
}

function sameModules(kept: Record<string, unknown>, given: object): boolean {
  const ids = Object.keys(given)
  if (ids.length !== Object.keys(kept).length) return false
  for (const id of ids) if (kept[id] !== (given as Record<string, unknown>)[id]) return false
  return true
}

/**
 * Makes @remix-run/react's server render use one route tree per build. Call it before the Remix
 * build is loaded. Returns whether it did (the module is Remix 2's; another may have moved it).
 */
export function rememberServerRoutes(): boolean {
  const require = createRequire(import.meta.url)
  let routes: { createServerRoutes?: CreateServerRoutes }
  try {
    routes = require('@remix-run/react/dist/routes.js') as typeof routes
  } catch {
    return false
  }
  const descriptor = Object.getOwnPropertyDescriptor(routes, 'createServerRoutes')
  if (!routes.createServerRoutes || !descriptor?.writable) return false
  routes.createServerRoutes = rememberingCreateServerRoutes(routes.createServerRoutes)
  return true
}
