// The container image's files, without building the image (decision 045): the final stage of
// the Dockerfile, read with dockerfile-ast, copied into a folder as its COPY lines say, with
// .dockerignore applied (@balena/dockerignore, Docker's own matching rules) to what comes from
// the build context. What comes from an earlier stage is taken from this checkout, where that
// stage's commands ran too: `--from=build` files from here (after `npm run build`), and the
// node_modules of a stage that ran `npm ci --omit=dev` as the production packages only,
// read from package-lock.json. The final stage's RUN lines (apt-get, mkdir) are not run.
import { cp, mkdir, readFile, readdir, stat, symlink } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import path from 'node:path'
import ignore from '@balena/dockerignore'
import { DockerfileParser, type Copy, type Env, type Instruction } from 'dockerfile-ast'
import ts from 'typescript'

export type ImagePlan = {
  workdir: string
  env: Record<string, string>
  cmd: string[]
  /** The final stage's COPY lines: sources (context paths, or a stage's absolute paths), destination. */
  copies: Array<{ from?: string; sources: string[]; destination: string; intoFolder: boolean }>
  /** What each earlier stage ran, by name. */
  stageRuns: Record<string, string[]>
}

/** Reads the final stage of a Dockerfile: its working directory, ENV, CMD and COPY lines. */
export function readDockerfile(text: string): ImagePlan {
  const dockerfile = DockerfileParser.parse(text)
  type Stage = { name: string | null; workdir: string; env: Record<string, string>; runs: string[] }
  const stages: Stage[] = []
  let stage: Stage | undefined
  let cmd: string[] = []
  let copies: ImagePlan['copies'] = []
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword()
    const args = instruction.getArguments().map((argument) => argument.getValue())
    if (keyword === 'FROM') {
      const from = stages.find((earlier) => earlier.name === args[0])
      const name = args.length >= 3 && args[1]!.toUpperCase() === 'AS' ? args[2]! : null
      stage = { name, workdir: from?.workdir ?? '/', env: { ...from?.env }, runs: [] }
      stages.push(stage)
      copies = []
      cmd = []
      continue
    }
    if (!stage) continue
    if (keyword === 'WORKDIR') stage.workdir = path.posix.resolve(stage.workdir, args[0]!)
    else if (keyword === 'ENV')
      for (const property of (instruction as Env).getProperties()) stage.env[property.getName()] = property.getValue() ?? ''
    else if (keyword === 'RUN') stage.runs.push(args.join(' '))
    else if (keyword === 'CMD') cmd = jsonOrShell(instruction)
    else if (keyword === 'COPY' || keyword === 'ADD') {
      const from = (keyword === 'COPY' ? (instruction as Copy).getFromFlag()?.getValue() : undefined) ?? undefined
      const destination = args.at(-1)!
      copies.push({
        from,
        sources: args.slice(0, -1),
        destination: path.posix.resolve(stage.workdir, destination),
        // `COPY a b ./`, `COPY a .`: into that folder; `COPY a ./b`: as b.
        intoFolder: args.length > 2 || destination.endsWith('/') || destination === '.',
      })
    }
  }
  if (!stage) throw new Error('the Dockerfile has no FROM')
  const stageRuns = Object.fromEntries(stages.filter((each) => each.name).map((each) => [each.name!, each.runs]))
  return { workdir: stage.workdir, env: stage.env, cmd, copies, stageRuns }
}

function jsonOrShell(instruction: Instruction): string[] {
  const text = instruction.getArgumentsContent() ?? ''
  try {
    const parsed = JSON.parse(text) as unknown
    if (Array.isArray(parsed) && parsed.every((part) => typeof part === 'string')) return parsed
  } catch {
    // The shell form: what `sh -c` would run.
  }
  return ['/bin/sh', '-c', text]
}

/**
 * Copies the image's files into `root` (the image's `/` is `root`), as the plan's COPY lines
 * say, from the build context `context`. Returns the number of files copied or linked.
 */
export async function assembleLayout(plan: ImagePlan, context: string, root: string): Promise<number> {
  const ignoreFile = await readFile(path.join(context, '.dockerignore'), 'utf8').catch(() => '')
  const ignored = ignore().add(ignoreFile.split('\n'))
  let files = 0
  for (const copy of plan.copies) {
    const destination = path.join(root, copy.destination)
    for (const source of copy.sources) {
      if (copy.from) {
        files += await copyFromStage(plan, copy.from, source, destination, context)
        continue
      }
      const relative = path.posix.normalize(source).replace(/^\.\/?|\/$/g, '')
      const from = path.join(context, relative)
      const isFolder = (await stat(from)).isDirectory()
      const target = isFolder || !copy.intoFolder ? destination : path.join(destination, path.basename(relative))
      await cp(from, target, {
        recursive: true,
        filter: (file) => {
          const inContext = path.relative(context, file).split(path.sep).join('/')
          if (inContext && ignored.ignores(inContext)) return false
          return true
        },
      })
      files += await countFiles(target)
    }
  }
  return files
}

/**
 * A file from an earlier stage: that stage ran in this checkout's place (its WORKDIR is this
 * folder), so the same path here; node_modules from a stage that installed without dev
 * dependencies is the production packages only.
 */
async function copyFromStage(plan: ImagePlan, stage: string, source: string, destination: string, context: string): Promise<number> {
  const runs = plan.stageRuns[stage]
  if (!runs) throw new Error(`COPY --from=${stage}: no stage of that name`)
  const relative = path.posix.relative(plan.workdir, path.posix.resolve(plan.workdir, source))
  if (relative.startsWith('..'))
    throw new Error(`COPY --from=${stage} ${source}: outside the stage's WORKDIR, which this check cannot rebuild`)
  const local = path.join(context, relative)
  if (relative === 'node_modules' && runs.some((run) => /\bnpm ci\b.*--omit=dev/.test(run))) {
    return linkProductionPackages(context, destination)
  }
  await cp(local, destination, { recursive: true })
  return countFiles(destination)
}

/** Links the top-level packages `npm ci --omit=dev` installs (package-lock.json's non-dev ones) into `destination`. */
async function linkProductionPackages(context: string, destination: string): Promise<number> {
  const lock = JSON.parse(await readFile(path.join(context, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>
  }
  let linked = 0
  for (const [where, entry] of Object.entries(lock.packages)) {
    // Top-level only: a nested node_modules comes along inside its parent's folder.
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(where) || entry.dev) continue
    const target = path.join(destination, where.slice('node_modules/'.length))
    await mkdir(path.dirname(target), { recursive: true })
    await symlink(path.join(context, where), target, 'dir').catch((error: NodeJS.ErrnoException) => {
      // An optional package for another platform is in the lock but not installed here.
      if (error.code !== 'EEXIST') throw error
    })
    linked += 1
  }
  return linked
}

async function countFiles(file: string): Promise<number> {
  const info = await stat(file).catch(() => null)
  if (!info) return 0
  if (!info.isDirectory()) return 1
  let count = 0
  for (const name of await readdir(file)) count += await countFiles(path.join(file, name))
  return count
}

const BUILTINS = new Set(builtinModules)

/**
 * Follows every import from the entry points inside the layout folder `app` (the image's
 * WORKDIR): relative imports and `#…` imports (through its package.json's "imports", decision
 * 062) must name a file there, package imports a package in its node_modules. Type-only
 * imports are skipped (Node erases them). Returns the problems found and how many files were
 * read.
 */
export async function traceImports(app: string, entryPoints: string[]): Promise<{ problems: string[]; files: number }> {
  const packageJson = JSON.parse(await readFile(path.join(app, 'package.json'), 'utf8').catch(() => '{}')) as {
    imports?: Record<string, unknown>
  }
  const problems: string[] = []
  const seen = new Set<string>()
  const queue: string[] = []
  for (const entry of entryPoints) {
    if (await stat(path.join(app, entry)).catch(() => null)) queue.push(path.join(app, entry))
    else problems.push(`${entry}: not in the image`)
  }
  while (queue.length) {
    const file = queue.shift()!
    if (seen.has(file) || !/\.(ts|tsx|js|mjs)$/.test(file)) continue
    seen.add(file)
    const text = await readFile(file, 'utf8').catch(() => null)
    if (text === null) continue
    for (const specifier of runtimeImports(file, text)) {
      const from = path.relative(app, file)
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = path.resolve(path.dirname(file), specifier)
        if (await stat(target).catch(() => null)) queue.push(target)
        else problems.push(`${from} imports ${specifier}, which is not in the image`)
      } else if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]!)) {
        continue
      } else if (specifier.startsWith('#')) {
        const mapped = subpathImport(packageJson.imports ?? {}, specifier)
        if (!mapped) problems.push(`${from} imports ${specifier}, which package.json's "imports" does not map`)
        else if (await stat(path.join(app, mapped)).catch(() => null)) queue.push(path.join(app, mapped))
        else problems.push(`${from} imports ${specifier} (${mapped}), which is not in the image`)
      } else {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!
        if (!(await stat(path.join(app, 'node_modules', name)).catch(() => null))) {
          problems.push(`${from} imports ${specifier}, a package the image does not install (a devDependency?)`)
        }
      }
    }
  }
  return { problems, files: seen.size }
}

/**
 * Where Node takes a `#…` specifier by package.json's "imports": an exact key, else the longest
 * `prefix*suffix` pattern that matches, its `*` put into the target. Only string targets (no
 * conditions), as this project writes them. Null when no entry matches.
 */
export function subpathImport(imports: Record<string, unknown>, specifier: string): string | null {
  const exact = imports[specifier]
  if (typeof exact === 'string') return exact
  let best: { key: string; target: string; star: string } | null = null
  for (const [key, target] of Object.entries(imports)) {
    const star = key.indexOf('*')
    if (star < 0 || typeof target !== 'string') continue
    const prefix = key.slice(0, star)
    const suffix = key.slice(star + 1)
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix) || specifier.length < key.length - 1) continue
    if (!best || prefix.length > best.key.indexOf('*')) {
      best = { key, target, star: specifier.slice(prefix.length, specifier.length - suffix.length) }
    }
  }
  return best ? best.target.replaceAll('*', best.star) : null
}

/** The module specifiers a file loads when it runs: static imports and re-exports that are not type-only, and import('…') of a literal. */
export function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const specifiers: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      specifiers.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      specifiers.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
}
