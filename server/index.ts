// The production web server (`npm start`, the container): the Remix build behind Express,
// with the built assets cached for a year, the rest of public/ for an hour, and brotli or gzip
// for clients that accept it; the client's address as TRUST_PROXY says, security headers and a
// refusal of cross-site form posts (server/security.ts). It does what @remix-run/serve does, less two things that cost
// every page: source-map-support (rewriting stack traces, ~10% of a listing page's server
// time here) and a per-request access log (the platform's proxy or the CDN keeps one; LOG_LEVEL=debug
// writes one). Each page request gets an id, on its every log line and in X-Request-Id.
//
//   node server/index.ts [build/index.js]     PORT (3000), HOST (all interfaces), TRUST_PROXY
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { createRequestHandler } from '@remix-run/express'
import { installGlobals, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { log, startLog } from '#app/utils/log.server.ts'
import { startSentry } from '#app/utils/sentry.server.ts'
import { publicFiles } from '#server/public-files.ts'
import { requestContext } from '#server/request-id.ts'
import { rememberRouteMatches } from '#server/route-matching.ts'
import { rememberServerRoutes } from '#server/server-routes.ts'
import {
  cspNonce,
  cspNonceOf,
  dropNulFromUrl,
  normalizeClientAddress,
  refuseCrossSiteWrites,
  securityHeaders,
  trustProxySetting,
} from '#server/security.ts'

startLog({ name: 'web' })
// Before the build loads, so its handleError finds it (only with SENTRY_DSN).
if (await startSentry('web')) log.info('errors go to Sentry')

// Before the build loads: every route match it makes is then remembered (server/route-matching.ts).
if (!rememberRouteMatches()) log.warn('route matches are not remembered: @remix-run/router changed how it exports matchRoutes')
// …and every page is rendered with one route tree (server/server-routes.ts).
if (!rememberServerRoutes()) log.warn('the route tree is built for each page: @remix-run/react moved createServerRoutes')
const buildPath = path.resolve(process.argv[2] ?? 'build/index.js')
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild
// Node's own fetch (undici): the polyfill's fetch throws an uncaught error when a timed-out
// backend call is aborted mid-body, which would stop the server (backendFetch aborts them).
installGlobals({ nativeFetch: true })

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY))
app.use(normalizeClientAddress, dropNulFromUrl)
// Pages at compression's defaults (brotli at quality 4, or gzip). The built scripts and styles
// are compressed by their own middleware below.
app.use(compression({ filter: (req, res) => !req.path.startsWith(build.publicPath) && compression.filter(req, res) }))
// Static files carry only nosniff: a page's policies mean nothing on a script or an image,
// and every byte of header is paid again for each of a page's many chunks.
const nosniff = { setHeaders: (res: express.Response) => res.setHeader('X-Content-Type-Options', 'nosniff') }
// Built files are named by their content and cached for a year: no validator is ever used.
const immutable = { immutable: true, maxAge: '1y', etag: false, lastModified: false, acceptRanges: false }
// Scripts as `text/javascript` (RFC 9239's name) without a charset: Remix loads them as modules,
// which browsers always read as UTF-8, and the shorter header is paid once per chunk.
const builtFiles = {
  setHeaders: (res: express.Response, file: string) => {
    nosniff.setHeaders(res)
    if (file.endsWith('.js')) res.setHeader('Content-Type', 'text/javascript')
  },
}
// Built files with brotli at quality 5 rather than 4: about 6% smaller (the first visit's scripts
// of an animal page: 117.1 KB at 4, 110.5 at 5) for about the same time on a script, and each
// is sent once per browser (cached for a year). Quality 4, compression's default, sends them
// larger than gzip would (docs/performance.md, "JavaScript per page").
const builtCompression = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } })
app.use(build.publicPath, builtCompression, express.static(build.assetsBuildDirectory, { ...immutable, ...builtFiles }))
// Looked up on disk only for paths that may be in public/ (server/public-files.ts).
app.use(publicFiles('public', { maxAge: '1h', ...nosniff }))
app.use(requestContext, cspNonce, ...securityHeaders, refuseCrossSiteWrites)
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: (_req, res) => ({ cspNonce: cspNonceOf(res) }) }))

const port = Number(process.env.PORT || 3000)
const onListen = () => log.info(`Pawhaven is serving on http://localhost:${port}`)
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)))
}
