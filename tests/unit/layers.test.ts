// The layers of decision 017, as eslint.config.js enforces them: a file in a lower layer that
// imports a component or a route fails `npm run lint`. Each case lints a snippet through
// ESLint's own API with the project's config, as if the file sat at that path, so a config that
// drops a zone, or stops resolving the project's imports, fails here.
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') })

const COMPONENT = "import { Field } from '#app/components/ui/forms.tsx'\n\nexport const used = Field\n"
const ROUTE = "import { loader } from '#app/routes/_resources.healthz/route.ts'\n\nexport const used = loader\n"

async function lintMessages(file: string, code: string, rule: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message)
}
const restrictedPaths = (file: string, code: string) => lintMessages(file, code, 'import-x/no-restricted-paths')

describe('the layers lint', () => {
  it.each([
    ['app/utils/example.ts', COMPONENT],
    ['app/utils/example.server.ts', ROUTE],
    ['app/models/example.server.ts', COMPONENT],
    ['app/models/example.ts', ROUTE],
    ['app/sync/example.ts', COMPONENT],
    ['app/api/example.ts', ROUTE],
    ['worker/tasks/example.ts', COMPONENT],
    ['ftp/example.ts', ROUTE],
    ['localbase/src/example.ts', COMPONENT],
    ['app/components/example.tsx', ROUTE],
  ])('refuses %s importing up', async (file, code) => {
    const messages = await restrictedPaths(file, code)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/decision 017/)
  })

  it.each([
    ['app/routes/example/route.tsx', COMPONENT],
    ['app/routes/example/route.tsx', ROUTE],
    ['app/components/example.tsx', COMPONENT],
  ])('lets %s import what it uses', async (file, code) => {
    expect(await restrictedPaths(file, code)).toEqual([])
  })
})

// Decision 062: one dialect, package.json's "imports" with the file's extension.
describe('the import dialect lint', () => {
  it.each([
    ["import { log } from '../utils/log.server.ts'", /relative path or ~\//],
    ["import { log } from '~/utils/log.server'", /relative path or ~\//],
    ["import { log } from '#app/utils/log.server'", /extension/],
  ])('refuses %s', async (line, reason) => {
    const messages = await lintMessages('app/models/example.server.ts', `${line}\n\nexport const used = log\n`, 'no-restricted-imports')
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(reason)
  })

  it('takes #app/… with the extension', async () => {
    const code = "import { log } from '#app/utils/log.server.ts'\n\nexport const used = log\n"
    expect(await lintMessages('app/models/example.server.ts', code, 'no-restricted-imports')).toEqual([])
  })
})
