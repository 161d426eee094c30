// GoTrue's error shapes. auth-js reads `error.code` from `body.code` only when the response
// carries `X-Supabase-Api-Version: 2024-01-01`, else from the legacy `body.error_code`, so the
// shape follows the version the request asked for, exactly as GoTrue's HandleResponseError.
import { json } from '#localbase/src/http.ts'

export const API_VERSION = '2024-01-01'
const API_VERSION_HEADER = 'x-supabase-api-version'

/** A GoTrue HTTPError: an HTTP status, an error code from its errorcode.go and a message. */
export class AuthError extends Error {
  readonly status: number
  readonly code: string
  readonly extra: Record<string, unknown> | undefined
  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message)
    this.status = status
    this.code = code
    this.extra = extra
  }
}

/** GoTrue's OAuthError (RFC 6749 style), used by /token for a missing refresh token. */
export class OAuthError extends Error {
  readonly error: string
  constructor(error: string, description: string) {
    super(description)
    this.error = error
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message)
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message)
export const forbidden = (code: string, message: string) => new AuthError(403, code, message)
export const notFound = (code: string, message: string) => new AuthError(404, code, message)
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message)
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message)
export const validationFailed = (message: string) => badRequest('validation_failed', message)

export const requestRateLimit = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached')
export const emailRateLimit = (seconds: number) =>
  tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`)

/** Whether the caller sent an API version of 2024-01-01 or later (GoTrue's DetermineClosestAPIVersion). */
export function wantsVersionedErrors(request: Request): boolean {
  const value = request.headers.get(API_VERSION_HEADER)?.trim()
  if (!value || !/^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/.test(value)) return false
  return value >= API_VERSION
}

export function errorResponse(request: Request, error: AuthError): Response {
  const headers = new Headers({ 'x-sb-error-code': error.code })
  if (wantsVersionedErrors(request)) {
    headers.set(API_VERSION_HEADER, API_VERSION)
    return json({ code: error.code, message: error.message, ...error.extra }, { status: error.status, headers })
  }
  return json({ code: error.status, error_code: error.code, msg: error.message, ...error.extra }, { status: error.status, headers })
}

export function oauthErrorResponse(error: OAuthError): Response {
  return json({ error: error.error, error_description: error.message }, { status: 400 })
}
