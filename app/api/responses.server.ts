// How the push API answers: JSON that no cache keeps and no cookie rides on, and errors as RFC
// 9457 problem details. Every route of app/routes/api.v1.* answers through these.
import type { z } from 'zod'
import { log } from '#app/utils/log.server.ts'
import { BackendError } from '#app/utils/backend.server.ts'
import type { Problem } from '#app/api/schemas.ts'

/** An API answer is for the key's holder alone, and always current. */
export const API_HEADERS = { 'Cache-Control': 'no-store' } as const

export function apiJson(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', API_HEADERS['Cache-Control'])
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers })
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Content too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
}

/** A problem-details answer; `type` names the kind of problem on the API's docs page. */
export function problem(
  status: number,
  detail: string,
  { type, errors, headers }: { type?: string; errors?: Problem['errors']; headers?: HeadersInit } = {},
): Response {
  const body: Problem = {
    type: `/developers/api#${type ?? `error-${status}`}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
  }
  const response = apiJson(body, { status, headers })
  response.headers.set('Content-Type', 'application/problem+json')
  return response
}

/** A 422 naming each field that failed the schema. */
export function validationProblem(error: z.ZodError, what = 'The request'): Response {
  const errors = error.issues.map((issue) => ({ field: issue.path.length ? issue.path.join('.') : '(body)', message: issue.message }))
  return problem(422, `${what} failed validation: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, {
    type: 'validation',
    errors,
  })
}

/**
 * Whether something thrown is an answer already. Not `instanceof Response`: the server installs
 * undici's Response as the global after the build has loaded, so a BackendError (made from the
 * class there was at load) is not an instance of the global Response a route sees at run time.
 */
function isResponse(thrown: unknown): thrown is Response {
  return (
    thrown instanceof BackendError ||
    (typeof thrown === 'object' &&
      thrown !== null &&
      typeof (thrown as Response).status === 'number' &&
      typeof (thrown as Response).headers?.get === 'function' &&
      'body' in thrown)
  )
}

/**
 * Runs a route's work and turns what it throws into problem details: a Response thrown by a
 * helper (already an answer), a backend failure (503), anything else (500, logged).
 */
export async function answering(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work()
  } catch (thrown) {
    if (isResponse(thrown)) {
      if (thrown.headers.get('Content-Type')?.startsWith('application/problem+json')) return thrown
      const status = thrown.status >= 400 ? thrown.status : 500
      return problem(
        status,
        status === 503 ? 'Pawhaven could not reach its data service. Please try again in a moment.' : 'Something went wrong.',
        {
          headers: status === 503 ? { 'Retry-After': '5' } : undefined,
        },
      )
    }
    log.error({ err: thrown }, 'push API: unexpected error')
    return problem(500, 'Something went wrong on our side. Please try again; if it keeps happening, write to us.')
  }
}

/** 405 for a method the route does not take. */
export function methodNotAllowed(allowed: string[]): Response {
  return problem(405, `This URL takes ${allowed.join(', ')}.`, { headers: { Allow: allowed.join(', ') } })
}
