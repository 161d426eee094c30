// What the Express server does for every request before Remix sees it: decide whose address
// it is (TRUST_PROXY), refuse cross-site form posts, and send the security headers (helmet,
// with a per-request nonce for Remix's inline scripts, as the Epic Stack does).
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import helmet from 'helmet'

/**
 * Express's `trust proxy` from TRUST_PROXY: unset or `false` believes no forwarding header
 * (the socket's address is the client's); a number is how many proxies stand in front; `true`
 * trusts every hop (only behind a proxy that overwrites X-Forwarded-For); anything else is a
 * comma-separated list of proxy addresses, subnets or Express's names (`loopback`,
 * `uniquelocal`, `10.0.0.0/8`).
 */
export function trustProxySetting(value: string | undefined): boolean | number | string[] {
  const setting = value?.trim().toLowerCase() ?? ''
  if (setting === '' || setting === 'false' || setting === '0') return false
  if (setting === 'true') return true
  if (/^\d+$/.test(setting)) return Number(setting)
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

// Every header some platform uses to say who the client is. A client can send any of them;
// only what Express derived under TRUST_PROXY reaches the app.
const CLIENT_ADDRESS_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-forwarded',
  'forwarded-for',
  'cf-connecting-ip',
  'true-client-ip',
  'fastly-client-ip',
  'fly-client-ip',
  'do-connecting-ip',
  'x-appengine-user-ip',
  'cf-pseudo-ipv4',
  'sb-forwarded-for',
]

/**
 * Replaces the client's own forwarding headers with Express's answer: X-Forwarded-For is the
 * one address `req.ip` gives (the socket's, unless TRUST_PROXY says to believe a proxy) and
 * X-Forwarded-Proto is `req.protocol`. The app reads only these two (app/utils/request.server.ts).
 */
export const normalizeClientAddress: RequestHandler = (req, _res, next) => {
  const address = req.ip
  const protocol = req.protocol
  for (const name of CLIENT_ADDRESS_HEADERS) delete req.headers[name]
  if (address) req.headers['x-forwarded-for'] = address
  req.headers['x-forwarded-proto'] = protocol
  next()
}

/**
 * Drops NUL characters from the address (`?q=%00`): PostgreSQL's text cannot hold them, and
 * no link or form of ours makes one.
 */
export const dropNulFromUrl: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.url)) {
    req.url = req.url.replace(/%00/gi, '')
    req.originalUrl = req.originalUrl.replace(/%00/gi, '')
  }
  next()
}

const FORBIDDEN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request refused | Pawhaven</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Request refused</h1>
<p>This form was sent from another website, so we did not act on it. If you meant to do this, go to Pawhaven and try again there.</p>
<p><a href="/">Go to Pawhaven</a></p>
</body></html>`

/**
 * Refuses a form post (or any other write) that another site's page made: the browser says so
 * in Sec-Fetch-Site, or, for older browsers, in an Origin that is not ours. 403, never a 500.
 */
export const refuseCrossSiteWrites: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  if (!isCrossSite(req.get('sec-fetch-site'), req.get('origin'), req.hostname)) return next()
  res.status(403).set('Cache-Control', 'no-store')
  // The push API answers everything as problem details (decision 032), this refusal too.
  if (req.path.startsWith('/api/')) res.type('application/problem+json').send(JSON.stringify(CROSS_SITE_API_PROBLEM))
  else res.type('html').send(FORBIDDEN_PAGE)
}

/** As app/api/responses.server.ts writes a problem; the type anchors into the API's docs page. */
const CROSS_SITE_API_PROBLEM = {
  type: '/developers/api#cross-site',
  title: 'Forbidden',
  status: 403,
  detail: 'This request came from a web page on another site. Call the API from your own server or script, with your key.',
}

/** Browsers name the relation in Sec-Fetch-Site; older ones send only Origin; other clients neither. */
export function isCrossSite(fetchSite: string | undefined, origin: string | undefined, hostname: string): boolean {
  if (fetchSite) return fetchSite === 'cross-site' || fetchSite === 'same-site'
  if (!origin) return false
  try {
    return new URL(origin).hostname !== hostname
  } catch {
    return true // 'null' (sandboxed frames, file: pages) and anything unreadable
  }
}

// Nothing on the site uses these; a page that is framed or injected cannot either.
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ')

const nonces = new WeakMap<ServerResponse, string>()

/** Makes the nonce Remix's inline scripts carry; the CSP allows scripts with it and what they load. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  nonces.set(res, randomBytes(16).toString('base64'))
  next()
}

/** This response's nonce, for the page (getLoadContext) and the header. */
export function cspNonceOf(res: ServerResponse): string {
  return nonces.get(res) ?? ''
}

export const securityHeaders: RequestHandler[] = [
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // 'strict-dynamic': the nonce'd scripts may load the route modules they import.
        'script-src': ["'strict-dynamic'", "'self'", (_req, res) => `'nonce-${cspNonceOf(res)}'`],
        'script-src-attr': ["'none'"],
        // Sonner places its stylesheet at run time; React sets style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Photos are ours or, for linked ones, any https address; the photo picker previews blobs.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    // Sent below, and only over https: on http://localhost it would pin the browser to https.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  }),
  (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  },
]
