// Rewrites imports of project files into the one dialect of decision 062: a relative or `~/`
// specifier becomes `#<folder>/<path>` with the file's extension, for every folder that
// package.json's "imports" maps. scripts/hash-imports.ts runs it.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

type Rewrite = { text: string; changed: number; unresolved: string[] }

const EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|css)$/

/** The folders package.json's "imports" maps as `#<folder>/*` → `./<folder>/*`. */
export function mappedFolders(root: string): string[] {
  const { imports = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Record<string, unknown> }
  return Object.entries(imports).flatMap(([key, target]) => {
    const match = /^#([^/*]+)\/\*$/.exec(key)
    return match && target === `./${match[1]}/*` ? [match[1]!] : []
  })
}

/** The project file a relative or `~/` specifier names (repository-relative), or null when it names none. */
function resolveFile(root: string, file: string, specifier: string): string | null {
  const base = specifier.startsWith('~/')
    ? path.posix.join('app', specifier.slice(2))
    : path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
  const candidates = [base, ...['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'].map((ending) => base + ending)]
  if (base.endsWith('.js')) candidates.unshift(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'))
  return candidates.find((candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) ?? null
}

/** The string literals that name a module in `text`: imports, re-exports, import(), import types, vi.mock() and kin. */
function moduleSpecifiers(file: string, text: string): ts.StringLiteralLike[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: ts.StringLiteralLike[] = []
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier)
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression
      const vi =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        ['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock'].includes(callee.name.text)
      const [first] = node.arguments
      if ((callee.kind === ts.SyntaxKind.ImportKeyword || vi) && first && ts.isStringLiteralLike(first)) found.push(first)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** `text` (the file at repository-relative `file`) with its relative and `~/` imports of project files as `#…`. */
export function rewriteSource(root: string, file: string, text: string, folders: readonly string[]): Rewrite {
  let out = ''
  let last = 0
  let changed = 0
  const unresolved: string[] = []
  for (const literal of moduleSpecifiers(file, text)) {
    const specifier = literal.text
    if (!/^(\.\.?(\/|$)|~\/)/.test(specifier)) continue
    const target = resolveFile(root, file, specifier)
    if (!target || !folders.includes(target.split('/')[0]!) || !EXTENSION.test(target)) {
      unresolved.push(`${file}: ${specifier}`)
      continue
    }
    out += text.slice(last, literal.getStart() + 1) + `#${target}`
    last = literal.getEnd() - 1
    changed += 1
  }
  return { text: out + text.slice(last), changed, unresolved }
}

/** Rewrites `files` (repository-relative) in place; answers how many specifiers changed and what it could not place. */
export function rewriteFiles(root: string, files: readonly string[]): { changed: number; files: number; unresolved: string[] } {
  const folders = mappedFolders(root)
  let changed = 0
  let changedFiles = 0
  const unresolved: string[] = []
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8')
    const rewrite = rewriteSource(root, file, text, folders)
    unresolved.push(...rewrite.unresolved)
    if (!rewrite.changed) continue
    writeFileSync(path.join(root, file), rewrite.text)
    changed += rewrite.changed
    changedFiles += 1
  }
  return { changed, files: changedFiles, unresolved }
}
