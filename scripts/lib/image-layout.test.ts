import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { assembleLayout, readDockerfile, runtimeImports, subpathImport, traceImports } from '#scripts/lib/image-layout.ts'

const DOCKERFILE = `# syntax=docker/dockerfile:1
ARG BASE_IMAGE=node:24-slim
FROM \${BASE_IMAGE} AS base
WORKDIR /app
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
FROM base
ENV NODE_ENV=production \\
    PORT=3000
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY worker ./worker
COPY lib/one.ts lib/two.ts ./lib/
CMD ["node", "worker/main.ts"]
`

describe('readDockerfile', () => {
  it('reads the final stage: its WORKDIR (from the stage it builds on), ENV, CMD and COPY lines', () => {
    const plan = readDockerfile(DOCKERFILE)
    expect(plan.workdir).toBe('/app')
    expect(plan.env).toEqual({ NODE_ENV: 'production', PORT: '3000' })
    expect(plan.cmd).toEqual(['node', 'worker/main.ts'])
    expect(plan.copies).toEqual([
      { from: 'deps', sources: ['/app/node_modules'], destination: '/app/node_modules', intoFolder: false },
      { from: undefined, sources: ['package.json'], destination: '/app', intoFolder: true },
      { from: undefined, sources: ['worker'], destination: '/app/worker', intoFolder: false },
      { from: undefined, sources: ['lib/one.ts', 'lib/two.ts'], destination: '/app/lib', intoFolder: true },
    ])
    expect(plan.stageRuns.deps).toEqual(['npm ci --omit=dev'])
  })
})

const PACKAGE_JSON = '{"type":"module","imports":{"#lib/*":"./lib/*","#worker/*":"./worker/*"}}'

describe('assembleLayout and traceImports', () => {
  let context: string
  let root: string
  beforeEach(async () => {
    context = await mkdtemp(path.join(os.tmpdir(), 'image-layout-context-'))
    root = await mkdtemp(path.join(os.tmpdir(), 'image-layout-root-'))
    const files: Record<string, string> = {
      'package.json': PACKAGE_JSON,
      'package-lock.json': JSON.stringify({
        packages: { '': {}, 'node_modules/zod': {}, 'node_modules/vitest': { dev: true }, 'node_modules/@scope/pkg': {} },
      }),
      '.dockerignore': 'node_modules\n**/*.test.ts\n',
      'worker/main.ts': [
        "import { z } from 'zod'",
        "import type { Vitest } from 'vitest'",
        "import { one } from '../lib/one.ts'",
        "import { helper } from './helper.ts'",
        "import { missing } from '../lib/three.ts'",
        "import { two } from '#lib/two.ts'",
        "import { gone } from '#lib/three.ts'",
        "import '@scope/pkg/sub'",
        "import { readFile } from 'node:fs'",
        "const later = await import('./later.ts')",
      ].join('\n'),
      'worker/helper.ts': "export { default } from 'vitest'\nexport type { X } from 'not-installed'",
      'worker/later.ts': "import '#app/utils/env.ts'",
      'lib/two.ts': "import { one } from '#lib/one.ts'\nexport const two = one + 1",
      'worker/main.test.ts': "import 'vitest'",
      'lib/one.ts': 'export const one = 1',
      'lib/three.ts': 'export const three = 3',
    }
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(context, file)), { recursive: true })
      await writeFile(path.join(context, file), text)
    }
    for (const name of ['zod', 'vitest', '@scope/pkg']) await mkdir(path.join(context, 'node_modules', name), { recursive: true })
  })
  afterEach(async () => {
    await rm(context, { recursive: true, force: true })
    await rm(root, { recursive: true, force: true })
  })

  it('copies what the COPY lines name, less .dockerignore, with production packages only', async () => {
    await assembleLayout(readDockerfile(DOCKERFILE), context, root)
    const app = path.join(root, 'app')
    expect((await readdir(app)).sort()).toEqual(['lib', 'node_modules', 'package.json', 'worker'])
    expect((await readdir(path.join(app, 'worker'))).sort()).toEqual(['helper.ts', 'later.ts', 'main.ts'])
    expect((await readdir(path.join(app, 'lib'))).sort()).toEqual(['one.ts', 'two.ts'])
    expect((await readdir(path.join(app, 'node_modules'))).sort()).toEqual(['@scope', 'zod'])
    expect(await readFile(path.join(app, 'package.json'), 'utf8')).toBe(PACKAGE_JSON)
  })

  it('names every import the layout cannot satisfy, and skips type-only ones', async () => {
    await assembleLayout(readDockerfile(DOCKERFILE), context, root)
    const { problems, files } = await traceImports(path.join(root, 'app'), ['worker/main.ts', 'worker/gone.ts'])
    expect(problems.sort()).toEqual(
      [
        'worker/gone.ts: not in the image',
        'worker/main.ts imports ../lib/three.ts, which is not in the image',
        'worker/helper.ts imports vitest, a package the image does not install (a devDependency?)',
        'worker/main.ts imports #lib/three.ts (./lib/three.ts), which is not in the image',
        'worker/later.ts imports #app/utils/env.ts, which package.json\'s "imports" does not map',
      ].sort(),
    )
    expect(files).toBe(5)
  })
})

describe('subpathImport', () => {
  it('maps a # specifier as Node does: an exact key, else the longest pattern', () => {
    const imports = { '#app/*': './app/*', '#app/utils/*.ts': './app/utils/*.js', '#env': './app/env.ts' }
    expect(subpathImport(imports, '#app/routes/x/route.tsx')).toBe('./app/routes/x/route.tsx')
    expect(subpathImport(imports, '#app/utils/log.ts')).toBe('./app/utils/log.js')
    expect(subpathImport(imports, '#env')).toBe('./app/env.ts')
    expect(subpathImport(imports, '#worker/main.ts')).toBeNull()
  })
})

describe('runtimeImports', () => {
  it('keeps imports, re-exports and literal dynamic imports that load at run time', () => {
    const text = [
      "import a from 'a'",
      "import { type B } from 'b'",
      "import type { C } from 'c'",
      "export * from 'd'",
      "export type { E } from 'e'",
      "const f = await import('f')",
      'const g = await import(name)',
    ].join('\n')
    expect(runtimeImports('x.ts', text)).toEqual(['a', 'b', 'd', 'f'])
  })
})
