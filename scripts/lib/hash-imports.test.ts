import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mappedFolders, rewriteFiles } from '#scripts/lib/hash-imports.ts'

describe('hash-imports', () => {
  let root: string
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ type: 'module', imports: { '#app/*': './app/*', '#worker/*': './worker/*', '#odd': './odd.ts' } }),
    'app/utils/env.server.ts': 'export const env = {}',
    'app/utils/index.ts': 'export {}',
    'app/components/ui/forms.tsx': 'export const Field = 1',
    'app/components/ui/forms.test.tsx': [
      "import { z } from 'zod'",
      "import { Field } from './forms'",
      "import type { env } from '~/utils/env.server'",
      "export { env as again } from '../../utils/env.server.ts'",
      "vi.mock('~/utils/env.server')",
      "const later = await import('../../utils')",
      "type Env = typeof import('~/utils/env.server')",
      "import { gone } from './gone'",
      "import data from '../../../docs/data.json'",
      'const words = \'import x from "./forms"\'',
    ].join('\n'),
    'worker/main.ts': "import { env } from '../app/utils/env.server.ts'\nimport { run } from './runner.js'",
    'worker/runner.ts': 'export const run = 1',
    'docs/data.json': '{}',
  }
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'hash-imports-'))
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true })
      await writeFile(path.join(root, file), text)
    }
  })
  afterEach(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('reads the #<folder>/* entries of package.json', () => {
    expect(mappedFolders(root)).toEqual(['app', 'worker'])
  })

  it('names every project file as #<folder>/<path> with its extension, and leaves the rest', async () => {
    const result = rewriteFiles(root, ['app/components/ui/forms.test.tsx', 'worker/main.ts', 'app/utils/env.server.ts'])
    expect(await readFile(path.join(root, 'app/components/ui/forms.test.tsx'), 'utf8')).toBe(
      [
        "import { z } from 'zod'",
        "import { Field } from '#app/components/ui/forms.tsx'",
        "import type { env } from '#app/utils/env.server.ts'",
        "export { env as again } from '#app/utils/env.server.ts'",
        "vi.mock('#app/utils/env.server.ts')",
        "const later = await import('#app/utils/index.ts')",
        "type Env = typeof import('#app/utils/env.server.ts')",
        "import { gone } from './gone'",
        "import data from '../../../docs/data.json'",
        'const words = \'import x from "./forms"\'',
      ].join('\n'),
    )
    expect(await readFile(path.join(root, 'worker/main.ts'), 'utf8')).toBe(
      "import { env } from '#app/utils/env.server.ts'\nimport { run } from '#worker/runner.ts'",
    )
    expect(result).toEqual({
      changed: 8,
      files: 2,
      unresolved: ['app/components/ui/forms.test.tsx: ./gone', 'app/components/ui/forms.test.tsx: ../../../docs/data.json'],
    })
  })
})
