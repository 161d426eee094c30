// The FTP drop's log context: every line a session causes (its login, the files it stores and
// what becomes of them) carries the session's id, so one shelter's upload reads as one story.
// ftp-srv runs commands on Bluebird promises, which do not carry Node's async context reliably,
// so the session's work is put in its context where it starts, not inherited from the socket.
import { withLogContext } from '#app/utils/log.server.ts'

/** Runs `fn` with the session's id on every line logged inside it. */
export function inSession<T>(sessionId: string, fn: () => T): T {
  return withLogContext({ sessionId }, fn)
}

/** A log function whose lines carry the session's id, for what runs outside `inSession`. */
export function sessionLog(sessionId: string, log: (line: string) => void): (line: string) => void {
  return (line) => inSession(sessionId, () => log(line))
}
