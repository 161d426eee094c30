// What the Sync tab offers for scheduled pulls, for the pages and the server alike (no
// server-only imports): the kinds, their names, and the intervals.
export const PULL_KINDS = ['feed', 'shelterluv', 'rescuegroups', 'asm3'] as const
export type PullKind = (typeof PULL_KINDS)[number]
export const PULL_KIND_LABELS: Record<PullKind, string> = {
  feed: 'Feed URL',
  shelterluv: 'Shelterluv',
  rescuegroups: 'RescueGroups',
  asm3: 'ShelterManager ASM3',
}

/** The kinds that need an API key (stored encrypted); a feed and an ASM3 account need none. */
export const KEYED_PULL_KINDS = ['shelterluv', 'rescuegroups'] as const satisfies readonly PullKind[]

/** ShelterManager's hosted service; a self-hosted ASM3 has its own address (…/asmservice). */
export const ASM3_HOSTED_SERVICE = 'https://service.sheltermanager.com/asmservice'

/** An ASM3 account number as the hosted service knows it ("ab1234"); a self-hosted one's database alias. */
export const ASM3_ACCOUNT = /^[A-Za-z0-9_-]{1,50}$/

/** The intervals offered (minutes); the database takes any from 5 to 1440. */
export const PULL_INTERVALS = [5, 10, 15, 30, 60, 120, 360, 720, 1440] as const
export const DEFAULT_PULL_INTERVAL = 15

/** "Every 15 minutes", "Every hour", "Every 6 hours", "Once a day". */
export function intervalLabel(minutes: number): string {
  if (minutes === 1440) return 'Once a day'
  if (minutes === 60) return 'Every hour'
  if (minutes % 60 === 0) return `Every ${minutes / 60} hours`
  return `Every ${minutes} minutes`
}
