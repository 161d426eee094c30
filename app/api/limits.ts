// The push API's limits, in one place for the routes, the OpenAPI document and the docs page.

/** Requests a key may make per minute (app/api/guard.server.ts enforces it). */
export const REQUESTS_PER_MINUTE = 120
/** The largest snapshot body POST /api/v1/imports takes. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024
/** The largest JSON body of the other writes. */
export const MAX_JSON_BYTES = 1024 * 1024
