import type { ChildProcess } from 'node:child_process'

/**
 * Stops a server started `detached` (its own process group: the app and localbase) and waits
 * until the group is gone, at most 30 s: localbase flushes the database on the way out.
 */
export async function stopProcessGroup(child: ChildProcess) {
  if (child.pid === undefined) return
  const group = -child.pid
  const alive = () => {
    try {
      process.kill(group, 0)
      return true
    } catch {
      return false
    }
  }
  if (alive()) process.kill(group, 'SIGTERM')
  for (let waited = 0; alive() && waited < 30_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200))
}
