// The production web server (`npm start`, the container): the Remix build behind Express,
// with the built assets cached for a year, the rest of public/ for an hour, and gzip for
// clients that accept it. It does what @remix-run/serve does, less two things that cost
// every page: source-map-support (rewriting stack traces, ~10% of a listing page's server
// time here) and a per-request access log (the platform's proxy or the CDN keeps one).
//
//   node server/index.ts [build/index.js]     PORT (3000), HOST (all interfaces)
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import { installGlobals, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

const buildPath = path.resolve(process.argv[2] ?? 'build/index.js')
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild
installGlobals()

const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' }))
app.use(express.static('public', { maxAge: '1h' }))
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }))

const port = Number(process.env.PORT || 3000)
const onListen = () => console.log(`Pawhaven is serving on http://localhost:${port}`)
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)))
}
