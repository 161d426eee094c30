import { createRequire } from 'node:module'
import { matchRoutes, parsePath, type AgnosticRouteObject } from '@remix-run/router'
import { KEPT_ANSWERS, rememberRouteMatches, rememberingMatchRoutes } from '#server/route-matching.ts'

type Route = AgnosticRouteObject & { id: string }

// A tree shaped as Remix makes it: the root, pathless layouts, index routes, dynamic segments,
// a splat, an optional segment, a case-sensitive path, and an absolute child path.
function siteRoutes(): Route[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'routes/_marketing', children: [{ id: 'routes/_marketing._index', index: true }] },
        {
          id: 'routes/_listings',
          children: [
            { id: 'routes/_listings.search', path: 'search' },
            { id: 'routes/_listings.animals.$animalId', path: 'animals/:animalId' },
            { id: 'routes/_listings.animals.$animalId_.ask', path: 'animals/:animalId/ask' },
            { id: 'routes/_listings.shelters_.$slug', path: 'shelters/:slug' },
          ],
        },
        {
          id: 'routes/dashboard.$hash',
          path: 'dashboard/:hash',
          children: [
            { id: 'routes/dashboard.$hash._index', index: true },
            { id: 'routes/dashboard.$hash.animals.$animalId', path: 'animals/:animalId' },
            { id: 'routes/dashboard.$hash.absolute', path: '/dashboard/:hash/absolute' },
          ],
        },
        { id: 'routes/docs.($lang).intro', path: 'docs/:lang?/intro' },
        { id: 'routes/CaseSensitive', path: 'CaseSensitive', caseSensitive: true },
        { id: 'routes/_resources.photos.$', path: 'photos/*' },
        { id: 'routes/$', path: '*' },
      ],
    },
  ]
}

const PATHS = [
  '/',
  '',
  '/search',
  '/search/',
  '/search?location=10001&type=dog',
  '/animals',
  '/animals/6f1c2b1e-0000-4000-8000-000000000001',
  '/animals/6f1c2b1e-0000-4000-8000-000000000001/ask',
  '/animals/caf%C3%A9',
  '/shelters/happy-tails',
  '/dashboard/abc',
  '/dashboard/abc/',
  '/dashboard/abc/animals/1',
  '/dashboard/abc/absolute',
  '/docs/intro',
  '/docs/en/intro',
  '/CaseSensitive',
  '/casesensitive',
  '/photos/a/b/c.jpg',
  '/no/such/page',
]

describe('remembered route matches', () => {
  test('answer as matchRoutes does, the first time and when remembered, with the caller’s own routes', () => {
    const remembering = rememberingMatchRoutes(matchRoutes, parsePath)
    for (const basename of ['/', '/dashboard']) {
      for (const path of PATHS) {
        const expected = matchRoutes(siteRoutes(), path, basename)
        const first = siteRoutes()
        expect(remembering(first, path, basename)).toEqual(expected)
        // Another request's routes: the same tree, new objects.
        const second = siteRoutes()
        const again = remembering(second, { pathname: parsePath(path).pathname }, basename)
        expect(again).toEqual(expected)
        if (again) {
          // Each match is the caller's route object, and the matches share one params object, as the router's do.
          const byId = new Map<string, Route>()
          const visit = (routes: Route[]) =>
            routes.forEach((route) => {
              byId.set(route.id, route)
              if (route.children) visit(route.children as Route[])
            })
          visit(second)
          for (const match of again) expect(match.route).toBe(byId.get((match.route as Route).id))
          expect(new Set(again.map((match) => match.params)).size).toBe(1)
        }
      }
    }
  })

  test('match a path once per tree, and never hand out a kept answer to be changed', () => {
    const calls: string[] = []
    const counting: typeof matchRoutes = (routes, location, basename) => {
      calls.push(typeof location === 'string' ? location : (location.pathname ?? ''))
      return matchRoutes(routes, location, basename)
    }
    const remembering = rememberingMatchRoutes(counting, parsePath)
    const path = '/animals/6f1c2b1e-0000-4000-8000-000000000001'
    const first = remembering(siteRoutes(), path)!
    ;(first[0]!.params as Record<string, string>).animalId = 'changed by a caller'
    const second = remembering(siteRoutes(), path)!
    const third = remembering(siteRoutes(), `${path}?tab=photos`)!
    expect(calls).toEqual([path])
    expect(second[0]!.params.animalId).toBe('6f1c2b1e-0000-4000-8000-000000000001')
    expect(third[0]!.params).not.toBe(second[0]!.params)
    // Another basename, or another tree, is another answer.
    remembering(siteRoutes(), path, '/animals')
    const other = siteRoutes()
    other[0]!.children![1]!.children![1]!.path = 'pets/:animalId'
    const elsewhere = remembering(other, path)!
    expect(elsewhere).toEqual(matchRoutes(other, path))
    expect((elsewhere.at(-1)!.route as Route).id).toBe('routes/$')
    expect(calls).toHaveLength(3)
  })

  test('match every time in a tree whose ids do not name each route once', () => {
    let calls = 0
    const counting: typeof matchRoutes = (routes, location, basename) => {
      calls++
      return matchRoutes(routes, location, basename)
    }
    const remembering = rememberingMatchRoutes(counting, parsePath)
    const withoutIds: AgnosticRouteObject[] = [{ path: 'search' }]
    const twice: Route[] = [
      { id: 'a', path: 'search' },
      { id: 'a', path: 'animals/:id' },
    ]
    for (let i = 0; i < 2; i++) {
      expect(remembering(withoutIds, '/search')).toEqual(matchRoutes(withoutIds, '/search'))
      expect(remembering(twice, '/animals/1')).toEqual(matchRoutes(twice, '/animals/1'))
    }
    expect(calls).toBe(4)
  })

  test('keep the most recently used answers only', () => {
    const calls: string[] = []
    const counting: typeof matchRoutes = (routes, location, basename) => {
      calls.push(String(location))
      return matchRoutes(routes, location, basename)
    }
    const remembering = rememberingMatchRoutes(counting, parsePath)
    const routes = siteRoutes()
    remembering(routes, '/search')
    for (let i = 0; i < KEPT_ANSWERS; i++) {
      remembering(routes, `/animals/${i}`)
      // /search stays among the recently used.
      if (i % 100 === 0) remembering(routes, '/search')
    }
    remembering(routes, '/search')
    remembering(routes, '/animals/0')
    expect(calls.filter((path) => path === '/search')).toHaveLength(1)
    expect(calls.filter((path) => path === '/animals/0')).toHaveLength(2)
  })

  test('are what every caller of the package gets once installed', () => {
    const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: typeof matchRoutes }
    const original = router.matchRoutes
    try {
      expect(rememberRouteMatches()).toBe(true)
      expect(router.matchRoutes).not.toBe(original)
      expect(router.matchRoutes(siteRoutes(), '/shelters/happy-tails')).toEqual(original(siteRoutes(), '/shelters/happy-tails'))
    } finally {
      router.matchRoutes = original
    }
  })
})
