// Whether an address a shelter gives us to fetch from (a feed, a self-hosted ASM3 service) is
// on the public internet, checked when the form is saved so the person hears it in plain words
// there and then. The worker checks again on every fetch, on the address it actually connects
// to (worker/safe-fetch.ts): a name's DNS answer can change after it was saved, so this check
// is for the person, and the fetch's is the protection.
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

export type AddressCheckOptions = {
  /**
   * Host names let through unchecked, as typed in the address (e.g. 127.0.0.1). Only the
   * browser tests set it (SYNC_ADDRESS_ALLOW_HOSTS), for their feed servers on this machine;
   * the worker's fetch still refuses them unless it is told otherwise on its own.
   */
  allowHosts?: readonly string[]
  /** How long the DNS lookup may take. */
  timeoutMs?: number
  /** The resolver: tests give their own answers. */
  resolve?: (host: string) => Promise<string[]>
}

const resolveAll = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address)

/** Why `address` cannot be fetched from the public internet, in words, or null when it can. */
export async function publicAddressProblem(address: string, options: AddressCheckOptions = {}): Promise<string | null> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return 'Enter the full address, starting with https://'
  }
  // URL keeps an IPv6 literal in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if ((options.allowHosts ?? []).some((allowed) => allowed.toLowerCase() === host)) return null

  let addresses: string[]
  if (ipaddr.isValid(host)) addresses = [host]
  else {
    const resolve = options.resolve ?? resolveAll
    const timeoutMs = options.timeoutMs ?? 5_000
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<null>((settle) => (timer = setTimeout(() => settle(null), timeoutMs)))
    const answer = await Promise.race([resolve(host).catch(() => [] as string[]), timedOut]).finally(() => clearTimeout(timer))
    if (answer === null) return `We couldn't look up ${host} just now. Please try again in a minute.`
    if (answer.length === 0) return `We couldn't find ${host} on the internet. Please check the address.`
    addresses = answer
  }
  const inside = addresses.find((ip) => !isPublic(ip))
  if (inside === undefined) return null
  const where = inside === host ? host : `${host} (${inside})`
  return `${where} is a private or local network address, which Pawhaven cannot reach from the internet. Enter an address that works from any computer.`
}

/** A unicast address on the public internet (an IPv4 address inside IPv6 is judged as IPv4). */
function isPublic(ip: string): boolean {
  let parsed = ipaddr.parse(ip)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range() === 'unicast'
}
