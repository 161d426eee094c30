// Every request has an id: the one a proxy in front sent in X-Request-Id when it is a plain
// token (so the proxy's log and ours meet), otherwise a new one. It goes back in the response's
// X-Request-Id and on every line logged while the request is handled (app/utils/log.server.ts).
import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { log, withLogContext } from '#app/utils/log.server.ts'

/** Letters, digits and `._:-`, at most 128: what a log line can carry as it is. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/

export function requestIdOf(header: string | undefined): string {
  return header && SANE_ID.test(header) ? header : randomUUID()
}

export function requestContext(req: Request, res: Response, next: NextFunction) {
  const requestId = requestIdOf(req.get('x-request-id'))
  res.setHeader('X-Request-Id', requestId)
  withLogContext({ requestId }, () => {
    // An access log only when asked for (LOG_LEVEL=debug): the proxy in front keeps one.
    if (log.isLevelEnabled('debug')) {
      const started = performance.now()
      res.once('finish', () =>
        log.debug({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request'),
      )
    }
    next()
  })
}
