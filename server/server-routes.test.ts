import { createRequire } from 'node:module'
import { rememberServerRoutes, rememberingCreateServerRoutes } from '#server/server-routes.ts'

type Create = (manifest: object, routeModules: object, future: object, isSpaMode: boolean, ...rest: unknown[]) => unknown[]
const require = createRequire(import.meta.url)
const remixRoutes = require('@remix-run/react/dist/routes.js') as { createServerRoutes: Create }

// A build's manifest of routes and its modules, as Remix hands them to the server render.
const manifest = {
  root: { id: 'root', path: '', hasLoader: true, module: '/build/root.js' },
  'routes/search': { id: 'routes/search', parentId: 'root', path: 'search', hasLoader: true, module: '/build/search.js' },
  'routes/animals.$id': { id: 'routes/animals.$id', parentId: 'root', path: 'animals/:id', hasLoader: true, module: '/build/a.js' },
}
const modules = {
  root: { default: () => null },
  'routes/search': { default: () => null, handle: { name: 'search' } },
  'routes/animals.$id': { default: () => null },
}
const future = { v3_fetcherPersist: true }
// Remix makes the modules' object anew for each request (createEntryRouteModules).
const perRequest = () => ({ ...modules })
// A tree's routes with their functions (new closures each time the tree is made) named, not compared.
const shape = (tree: unknown): unknown =>
  JSON.parse(JSON.stringify(tree, (_key, value: unknown) => (typeof value === 'function' ? 'a function' : value)))

describe('one route tree per build', () => {
  test('is made once for the build, and again when its modules change', () => {
    let calls = 0
    const counting: Create = (...args) => {
      calls++
      return remixRoutes.createServerRoutes(...(args as Parameters<Create>))
    }
    const create = rememberingCreateServerRoutes(counting)
    const first = create(manifest, perRequest(), future, false)
    expect(shape(first)).toEqual(shape(remixRoutes.createServerRoutes(manifest, perRequest(), future, false)))
    expect(shape(first)).toContainEqual(expect.objectContaining({ id: 'root', Component: 'a function', loader: 'a function' }))
    expect(create(manifest, perRequest(), future, false)).toBe(first)
    expect(calls).toBe(1)
    // Another module for a route (a new build's), another flag: made again.
    const changed = create(manifest, { ...modules, 'routes/search': { default: () => null } }, future, false)
    expect(changed).not.toBe(first)
    create(manifest, perRequest(), future, true)
    expect(calls).toBe(3)
    // Remix's own recursive calls pass straight through.
    create(manifest, perRequest(), future, false, 'root')
    expect(calls).toBe(4)
  })

  test('is what the server render gets once installed', () => {
    const original = remixRoutes.createServerRoutes
    try {
      expect(rememberServerRoutes()).toBe(true)
      const tree = remixRoutes.createServerRoutes(manifest, perRequest(), future, false)
      expect(remixRoutes.createServerRoutes(manifest, perRequest(), future, false)).toBe(tree)
      expect(shape(tree)).toEqual(shape(original(manifest, perRequest(), future, false)))
    } finally {
      remixRoutes.createServerRoutes = original
    }
  })
})
