import { useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '#app/root.tsx'

/** The signed-in user as the root loader saw them, or null; usable in any component. */
export function useOptionalUser() {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  return data?.user ?? null
}
