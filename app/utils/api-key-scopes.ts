// What an API key may do (public.api_keys.scope), as the keys page offers it. Not server-only:
// the page's form renders it in the browser too.
export const API_KEY_SCOPES = ['read', 'read_write'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read: lists your API animals and runs',
  read_write: 'Read and write: also adds, changes and removes animals',
}
