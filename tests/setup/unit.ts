// Any console.error, or any error logged through the server's log, during a unit test fails it:
// an error nobody asserted on is a bug. A test that expects one takes it (tests/setup/logged.ts).
import { afterEach, beforeEach, vi } from 'vitest'
import { captureLog, untakenErrors } from '#tests/setup/logged.ts'

let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  captureLog()
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  const logged = untakenErrors().map((line) => JSON.stringify(line))
  if (errors.length)
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`)
  if (logged.length) throw new Error(`an error was logged during the test:\n${logged.join('\n')}`)
})
