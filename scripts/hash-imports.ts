// node scripts/hash-imports.ts [files…]: rewrites relative and `~/` imports of project files as
// `#<folder>/<path>` with the extension (decision 062), in every tracked file or the files named.
// The conversion was made with it; it stays for branches begun before it: after merging one,
// run it, then `npx eslint --fix` and `npx prettier --write` on what it changed.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { rewriteFiles } from '#scripts/lib/hash-imports.ts'

const root = path.resolve(import.meta.dirname, '..')
const named = process.argv.slice(2)
const files = named.length
  ? named.map((file) => path.relative(root, path.resolve(file)))
  : execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !file.endsWith('.d.ts') && file.includes('/'))
const result = rewriteFiles(root, files)
console.log(`${result.changed} imports in ${result.files} files now name #<folder>/<path>`)
for (const line of result.unresolved) console.log(`left as it was (no project file in a mapped folder): ${line}`)
