import { packageOf, summarizeProfile, type CallFrame, type CpuProfile } from '#bench/profile-summary.ts'

const ROOT = '/srv/pawhaven'
const frame = (functionName: string, url = '', lineNumber = 0): CallFrame => ({ functionName, url, lineNumber, columnNumber: 0 })

// (root) → handle (the app) → render (react-dom) → render again (recursion) → encode (Node)
//                            → (garbage collector)
//        → (idle)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6] },
    { id: 2, callFrame: frame('handle', `file://${ROOT}/build/index.js`, 9), children: [3, 7] },
    { id: 3, callFrame: frame('render', `file://${ROOT}/node_modules/react-dom/cjs/server.js`, 4), children: [4] },
    { id: 4, callFrame: frame('render', `file://${ROOT}/node_modules/react-dom/cjs/server.js`, 4), children: [5] },
    { id: 5, callFrame: frame('encodeInto', 'node:internal/encoding', 359) },
    { id: 6, callFrame: frame('(idle)') },
    { id: 7, callFrame: frame('(garbage collector)') },
  ],
  startTime: 0,
  endTime: 10_000,
  samples: [2, 3, 4, 4, 5, 5, 5, 6, 6, 7],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
}

describe('a CPU profile summed up', () => {
  test('self and inclusive time per function, recursion counted once, idle left out', () => {
    const summary = summarizeProfile(profile, { top: 10, root: ROOT })
    expect(summary.totalMs).toBe(10)
    expect(summary.busyMs).toBe(8)
    expect(summary.bySelf.map((row) => [row.name, row.selfMs, row.percent])).toEqual([
      ['render', 3, 37.5],
      ['encodeInto', 3, 37.5],
      ['handle', 1, 12.5],
      ['(garbage collector)', 1, 12.5],
    ])
    expect(summary.byTotal.map((row) => [row.name, row.where, row.totalMs])).toEqual([
      ['handle', 'build/index.js:10', 8],
      ['render', 'react-dom/cjs/server.js:5', 6],
      ['encodeInto', 'node:internal/encoding:360', 3],
      ['(garbage collector)', '', 1],
    ])
    expect(summary.byPackage).toEqual([
      { name: 'react-dom', selfMs: 3, percent: 37.5 },
      { name: 'node:encoding', selfMs: 3, percent: 37.5 },
      { name: 'build', selfMs: 1, percent: 12.5 },
      { name: '(garbage collector)', selfMs: 1, percent: 12.5 },
    ])
  })

  test('packages named as npm, Node and the project name them', () => {
    expect(packageOf(frame('f', `file://${ROOT}/node_modules/@remix-run/router/dist/router.cjs.js`), ROOT)).toBe('@remix-run/router')
    expect(packageOf(frame('f', 'node:internal/deps/undici/undici'), ROOT)).toBe('node:undici')
    expect(packageOf(frame('f', 'node:events'), ROOT)).toBe('node:events')
    expect(packageOf(frame('f', `file://${ROOT}/localbase/src/rest/rpc.ts`), ROOT)).toBe('localbase')
    expect(packageOf(frame('writev'), ROOT)).toBe('(native)')
    expect(packageOf(frame('(program)'), ROOT)).toBe('(program)')
  })
})
