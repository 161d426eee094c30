// The root route's server functions, imported by app/root.tsx through this one module. The
// browser build replaces each server module a route imports with an empty stub, and a stub
// shared by several routes becomes a chunk (and a request) of its own on every page; the stub
// of this module is only the root's, so it travels inside the root's own script
// (docs/performance.md, "JavaScript per page").
export { json } from '@remix-run/node'
export { getSessionUser } from '#app/utils/auth.server.ts'
export { getReaderZone } from '#app/utils/reader-zone.server.ts'
export { siteUrl } from '#app/utils/site-url.server.ts'
export { isStaff } from '#app/utils/staff.server.ts'
export { getToast } from '#app/utils/toast.server.ts'
