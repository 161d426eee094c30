// The Nu HTML Checker itself (validator.w3.org/nu), run offline: vnu.jar from the vnu-jar
// package on the machine's Java. It is the authority html-validity.ts approximates; the key
// pages' spec runs both. Java is not an npm package: Debian's default-jre-headless, which
// .ci/run installs. Without it the spec skips with JAVA_MISSING, never passes silently.
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

const require = createRequire(import.meta.url)

/** vnu-jar's main export is the jar's path (a String object). */
const VNU_JAR = String(require('vnu-jar') as string)

export const JAVA_MISSING =
  'The Nu HTML checker needs Java, which is not on PATH: apt-get install -y default-jre-headless (.ci/run does this for CI).'

/** True when a `java` runs here. vnu-jar's own fallback, downloading a Java, is never used. */
export function javaAvailable(): boolean {
  const run = spawnSync('java', ['-version'], { stdio: 'ignore' })
  return run.error === undefined && run.status === 0
}

type NuMessage = {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
  extract?: string
}

/**
 * Checks each document with one run of the Nu checker and returns its errors per document's
 * name: 'line:column message «extract»'. Warnings and notes ('info') do not count: the goal is
 * the checker's "0 errors". A failure of the checker itself (it could not read a file, or Java
 * failed) is thrown, not reported as a clean result.
 */
export async function nuCheckerErrors(documents: ReadonlyArray<{ name: string; html: string }>): Promise<Record<string, string[]>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pawhaven-nu-'))
  try {
    const files = new Map<string, string>()
    for (const [index, document] of documents.entries()) {
      const file = path.join(dir, `${index}.html`)
      await writeFile(file, document.html)
      files.set(`file:${file}`, document.name)
    }
    const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...[...files.keys()].map((url) => url.slice(5))], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    if (run.error) throw run.error
    // It exits 1 when it found errors, and prints its JSON either way; anything else is a failure.
    let report: { messages: NuMessage[] }
    try {
      report = JSON.parse(run.stdout) as { messages: NuMessage[] }
    } catch {
      throw new Error(`the Nu checker printed no report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`)
    }
    const failures = report.messages.filter((message) => message.type === 'non-document-error')
    if (failures.length) throw new Error(`the Nu checker failed: ${failures.map((message) => message.message).join('; ')}`)
    const errors: Record<string, string[]> = Object.fromEntries(documents.map((document) => [document.name, []]))
    for (const message of report.messages) {
      if (message.type !== 'error') continue
      const name = files.get(message.url ?? '') ?? message.url ?? '?'
      errors[name] = [
        ...(errors[name] ?? []),
        `${message.lastLine ?? '?'}:${message.firstColumn ?? '?'} ${message.message} \u00ab${(message.extract ?? '').trim()}\u00bb`,
      ]
    }
    return errors
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
