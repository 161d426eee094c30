// The Auth API under /auth/v1: a faithful subset of GoTrue (see README.md beside this file).
// Handlers throw AuthError for every expected failure; this router turns them into GoTrue's
// error JSON, so a client mistake never becomes a 5xx.
import type { ApiHandler, Localbase } from '#localbase/src/context.ts'
import { json } from '#localbase/src/http.ts'
import { handleAdmin } from '#localbase/src/auth/admin.ts'
import { AuthError, OAuthError, errorResponse, notFound, oauthErrorResponse } from '#localbase/src/auth/errors.ts'
import { handleToken } from '#localbase/src/auth/grants.ts'
import { handleRecover, handleResend, handleSignup } from '#localbase/src/auth/signup.ts'
import { handleGetUser, handleLogout, handleUpdateUser } from '#localbase/src/auth/user.ts'
import { handleVerifyGet, handleVerifyPost } from '#localbase/src/auth/verify.ts'

type Route = (lb: Localbase, request: Request) => Promise<Response>

const settings: Route = async () =>
  json({
    external: { anonymous_users: false, email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  })

const health: Route = async () =>
  json({ version: 'localbase', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' })

// HS256 secrets are never published, so the key set is empty, as on a project without asymmetric keys.
const jwks: Route = async () => json({ keys: [] })

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/signup': { POST: handleSignup },
  '/token': { POST: handleToken },
  '/verify': { GET: handleVerifyGet, POST: handleVerifyPost },
  '/user': { GET: handleGetUser, PUT: handleUpdateUser },
  '/recover': { POST: handleRecover },
  '/resend': { POST: handleResend },
  '/logout': { POST: handleLogout },
  '/settings': { GET: settings },
  '/health': { GET: health },
  '/.well-known/jwks.json': { GET: jwks },
}

async function route(lb: Localbase, request: Request, path: string): Promise<Response> {
  const routes = ROUTES[path]
  if (routes) {
    const handler = routes[request.method] ?? (request.method === 'HEAD' ? routes.GET : undefined)
    if (!handler) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed')
    return handler(lb, request)
  }
  if (path.startsWith('/admin/')) {
    const response = await handleAdmin(lb, request, path)
    if (response) return response
  }
  throw notFound('not_found', 'Not Found')
}

export const handleAuth: ApiHandler = async (lb, request, path) => {
  try {
    return await route(lb, request, path.replace(/\/+$/, '') || '/')
  } catch (error) {
    if (error instanceof AuthError) return errorResponse(request, error)
    if (error instanceof OAuthError) return oauthErrorResponse(error)
    throw error
  }
}

/**
 * The answer to a body over the limit, which server.ts sends before any handler sees the
 * request: both error shapes in one body, so auth-js finds the code whichever it reads.
 */
export const authTooLarge = () =>
  json(
    {
      code: 'request_too_large',
      error_code: 'request_too_large',
      message: 'Request body too large',
      msg: 'Request body too large',
    },
    { status: 413, headers: { 'x-supabase-api-version': '2024-01-01', 'x-sb-error-code': 'request_too_large' } },
  )
