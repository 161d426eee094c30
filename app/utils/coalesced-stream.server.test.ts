import { setImmediate as nextTurn } from 'node:timers/promises'
import { CoalescedStream } from '#app/utils/coalesced-stream.server.ts'

function collect(stream: CoalescedStream) {
  const chunks: string[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  const ended = new Promise<void>((resolve) => stream.on('end', resolve))
  return { chunks, ended }
}

describe('CoalescedStream', () => {
  test('sends what is written in one turn as one chunk, in order', async () => {
    const stream = new CoalescedStream()
    const { chunks, ended } = collect(stream)
    for (let i = 0; i < 70; i++) stream.write(new TextEncoder().encode(`<p>${i}</p>`))
    stream.end()
    await ended
    expect(chunks).toEqual([Array.from({ length: 70 }, (_, i) => `<p>${i}</p>`).join('')])
  })

  test('sends what comes in a later turn (a Suspense boundary) as it comes', async () => {
    const stream = new CoalescedStream()
    const { chunks, ended } = collect(stream)
    stream.write('<html>')
    stream.write('<body>shell')
    await nextTurn()
    await nextTurn()
    expect(chunks).toEqual(['<html><body>shell'])
    stream.write('<template>late</template>')
    stream.write('</body></html>')
    await nextTurn()
    await nextTurn()
    expect(chunks).toEqual(['<html><body>shell', '<template>late</template></body></html>'])
    stream.end()
    await ended
    expect(chunks).toHaveLength(2)
  })

  test('never holds back bytes when it ends', async () => {
    const stream = new CoalescedStream()
    const { chunks, ended } = collect(stream)
    stream.end('all at once')
    await ended
    expect(chunks.join('')).toBe('all at once')
  })
})
