// A V8 CPU profile (the inspector's Profiler.stop, or node --cpu-prof) summed up: time per
// function, by self time (in the function's own code) and inclusive time (with what it calls,
// each function counted once per sample however deep it recurses), and self time per package.
// bench/profile.ts prints it; a .cpuprofile file can also be read with summarizeProfile.

export type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number; scriptId?: string }
export type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] }
export type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

export type FunctionTime = { name: string; where: string; selfMs: number; totalMs: number; percent: number }
export type PackageTime = { name: string; selfMs: number; percent: number }
export type ProfileSummary = {
  /** Everything sampled, idle included. */
  totalMs: number
  /** Sampled time less `(idle)`: what the percentages are of. */
  busyMs: number
  bySelf: FunctionTime[]
  byTotal: FunctionTime[]
  byPackage: PackageTime[]
}

/** V8's names for time that is no JavaScript function's. */
const SPECIAL = new Set(['(root)', '(program)', '(idle)', '(garbage collector)'])

/**
 * Where a frame's code lives, as a package: an npm package's name, `node:<module>` for Node's
 * own JavaScript, `(native)` for V8 built-ins without a script, `(garbage collector)` and
 * `(program)` as V8 names them, else the project's top folder (`build` is the Remix build,
 * which holds the app's own code).
 */
export function packageOf(frame: CallFrame, root: string): string {
  if (SPECIAL.has(frame.functionName) && !frame.url) return frame.functionName
  const url = frame.url
  if (!url) return '(native)'
  if (url.startsWith('node:')) {
    const inner = url.slice('node:'.length).replace(/^internal\//, '')
    if (inner.startsWith('deps/')) return `node:${inner.split('/')[1]}`
    return `node:${inner.split('/')[0]!.replace(/\.js$/, '')}`
  }
  const file = url.replace(/^file:\/\//, '')
  const modules = file.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const [first, second] = file.slice(modules + '/node_modules/'.length).split('/')
    return first!.startsWith('@') ? `${first}/${second}` : first!
  }
  const relative = file.startsWith(root + '/') ? file.slice(root.length + 1) : file
  return relative.split('/')[0] ?? relative
}

/** A frame's file and line, short: within node_modules from the package, else from the project. */
export function whereOf(frame: CallFrame, root: string): string {
  if (!frame.url) return ''
  const file = frame.url.replace(/^file:\/\//, '')
  const modules = file.lastIndexOf('/node_modules/')
  const short =
    modules >= 0 ? file.slice(modules + '/node_modules/'.length) : file.startsWith(root + '/') ? file.slice(root.length + 1) : file
  return `${short}:${frame.lineNumber + 1}`
}

export function summarizeProfile(profile: CpuProfile, options: { top: number; root: string }): ProfileSummary {
  const byId = new Map<number, ProfileNode>()
  const parent = new Map<number, number>()
  for (const node of profile.nodes) {
    byId.set(node.id, node)
    for (const child of node.children ?? []) parent.set(child, node.id)
  }
  const keyOf = new Map<number, string>()
  const frames = new Map<string, CallFrame>()
  for (const node of profile.nodes) {
    const frame = node.callFrame
    const key = `${frame.functionName || '(anonymous)'}\u0000${frame.url}\u0000${frame.lineNumber}\u0000${frame.columnNumber}`
    keyOf.set(node.id, key)
    frames.set(key, frame)
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const packages = new Map<string, number>()
  let totalUs = 0
  let idleUs = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = Math.max(0, profile.timeDeltas[i] ?? 0)
    const id = profile.samples[i]!
    const node = byId.get(id)
    if (!node) continue
    totalUs += delta
    if (node.callFrame.functionName === '(idle)') {
      idleUs += delta
      continue
    }
    const key = keyOf.get(id)!
    self.set(key, (self.get(key) ?? 0) + delta)
    const pkg = packageOf(node.callFrame, options.root)
    packages.set(pkg, (packages.get(pkg) ?? 0) + delta)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const atKey = keyOf.get(at)!
      if (seen.has(atKey) || byId.get(at)!.callFrame.functionName === '(root)') continue
      seen.add(atKey)
      total.set(atKey, (total.get(atKey) ?? 0) + delta)
    }
  }
  const busyUs = totalUs - idleUs
  const percent = (us: number) => (busyUs ? Math.round((1000 * us) / busyUs) / 10 : 0)
  const row = (key: string): FunctionTime => {
    const frame = frames.get(key)!
    const selfUs = self.get(key) ?? 0
    const totalUsOf = total.get(key) ?? 0
    return {
      name: frame.functionName || '(anonymous)',
      where: whereOf(frame, options.root),
      selfMs: selfUs / 1000,
      totalMs: totalUsOf / 1000,
      percent: 0,
    }
  }
  const bySelf = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.top)
    .map(([key, us]) => ({ ...row(key), percent: percent(us) }))
  const byTotal = [...total.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.top)
    .map(([key, us]) => ({ ...row(key), percent: percent(us) }))
  const byPackage = [...packages.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.top)
    .map(([name, us]) => ({ name, selfMs: us / 1000, percent: percent(us) }))
  return { totalMs: totalUs / 1000, busyMs: busyUs / 1000, bySelf, byTotal, byPackage }
}
