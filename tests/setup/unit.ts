// Any console.error during a unit test fails it: an error nobody asserted on is a bug.
import { afterEach, beforeEach, vi } from 'vitest'

let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length) throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`)
})
