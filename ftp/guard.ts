// The FTP drop's last line of defence: an error nobody caught, from ftp-srv's
// internals (a socket's 'error' event with no listener, a promise it never awaits) or from
// ours, is logged with its stack and the process goes on serving the other sessions. The
// start script stops the whole site when one of its processes ends, so one session's fault
// must not end this one; the stack in the log keeps a real bug visible.
export function guardProcess(report: (line: string, error: unknown) => void = (line) => console.error(line)) {
  const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.on('uncaughtException', (error, origin) => {
    report(
      `[ftp] BUG: ${origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception'}, kept running: ${describe(error)}`,
      error,
    )
  })
  process.on('unhandledRejection', (reason) => {
    report(`[ftp] BUG: unhandled rejection, kept running: ${describe(reason)}`, reason)
  })
}
