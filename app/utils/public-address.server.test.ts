import { describe, expect, it } from 'vitest'
import { publicAddressProblem } from '#app/utils/public-address.server.ts'

const answers = (table: Record<string, string[]>) => async (host: string) => {
  const found = table[host]
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return found
}

describe('publicAddressProblem', () => {
  const resolve = answers({
    'feeds.example.org': ['93.184.216.34'],
    'intranet.example.org': ['10.1.2.3'],
    'mixed.example.org': ['93.184.216.34', '192.168.0.10'],
    localhost: ['127.0.0.1', '::1'],
  })

  it('lets a public address through', async () => {
    expect(await publicAddressProblem('https://feeds.example.org/adoptable.csv', { resolve })).toBeNull()
    expect(await publicAddressProblem('http://93.184.216.34/feed.csv', { resolve })).toBeNull()
  })

  it.each([
    ['http://127.0.0.1:9/adoptable.csv', '127.0.0.1 is a private or local network address'],
    ['http://10.0.0.5/feed.csv', '10.0.0.5 is a private'],
    ['http://192.168.1.20/feed.csv', '192.168.1.20 is a private'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is a private'],
    ['http://224.0.0.1/feed', '224.0.0.1 is a private'],
    ['http://0.0.0.0/feed', '0.0.0.0 is a private'],
    ['http://[::1]:8080/feed', '::1 is a private'],
    ['http://[::ffff:127.0.0.1]/feed', 'is a private'],
    ['http://[fd00::1]/feed', 'fd00::1 is a private'],
    ['http://localhost:8080/feed.csv', 'localhost (127.0.0.1) is a private'],
    ['https://intranet.example.org/feed.csv', 'intranet.example.org (10.1.2.3) is a private'],
    ['https://mixed.example.org/feed.csv', 'mixed.example.org (192.168.0.10) is a private'],
  ])('refuses %s in plain words', async (address, words) => {
    const problem = await publicAddressProblem(address, { resolve })
    expect(problem).toContain(words)
    expect(problem).toContain('Enter an address that works from any computer.')
    expect(problem).not.toMatch(/Because|DNS lookup/)
  })

  it('says when a name cannot be found, or not looked up in time', async () => {
    expect(await publicAddressProblem('https://no-such-host.example/feed.csv', { resolve })).toBe(
      "We couldn't find no-such-host.example on the internet. Please check the address.",
    )
    const never = () => new Promise<string[]>(() => {})
    expect(await publicAddressProblem('https://slow.example.org/feed.csv', { resolve: never, timeoutMs: 20 })).toBe(
      "We couldn't look up slow.example.org just now. Please try again in a minute.",
    )
  })

  it('lets through only the hosts it is told to, as written in the address', async () => {
    expect(await publicAddressProblem('http://127.0.0.1:9/adoptable.csv', { resolve, allowHosts: ['127.0.0.1'] })).toBeNull()
    // localhost is 127.0.0.1 too, but it was not named.
    expect(await publicAddressProblem('http://localhost:9/adoptable.csv', { resolve, allowHosts: ['127.0.0.1'] })).toContain('is a private')
  })
})
