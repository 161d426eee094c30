// What the server code logged during a unit test (app/utils/log.server.ts), as parsed JSON
// lines. The setup fails a test that logged an error it did not take with takeLogged.
import { startLog } from '#app/utils/log.server.ts'

export type LoggedLine = { level: string; msg?: string; [key: string]: unknown }

let lines: LoggedLine[] = []

/** Sends this test's log lines here instead of stdout. */
export function captureLog() {
  lines = []
  startLog({ name: 'test', level: 'debug', destination: { write: (line: string) => void lines.push(JSON.parse(line) as LoggedLine) } })
}

/** The lines logged so far (at `level` and above when given), taken: they fail nothing after. */
export function takeLogged(level: 'error' | 'warn' | 'info' | 'debug' = 'debug'): LoggedLine[] {
  const order = ['trace', 'debug', 'info', 'warn', 'error', 'fatal']
  const taken = lines.filter((line) => order.indexOf(line.level) >= order.indexOf(level))
  lines = lines.filter((line) => !taken.includes(line))
  return taken
}

/** Errors nobody took. */
export function untakenErrors(): LoggedLine[] {
  return lines.filter((line) => line.level === 'error' || line.level === 'fatal')
}
