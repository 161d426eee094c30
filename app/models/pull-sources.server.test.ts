import { describe, expect, it } from 'vitest'
import { PullSettingsSchema, PullSourceSchema } from '#app/models/pull-sources.server.ts'

const errorsOf = (result: { success: boolean; error?: { flatten: () => { fieldErrors: Record<string, string[]> } } }) =>
  result.success ? {} : result.error!.flatten().fieldErrors

describe('the source page’s settings form (PullSettingsSchema)', () => {
  it('keeps the stored key when the key field is left blank, and checks one that is typed', () => {
    const blank = PullSettingsSchema.parse({ kind: 'shelterluv', name: ' Shelterluv ', interval: '30', key: '   ' })
    expect(blank).toEqual({ kind: 'shelterluv', name: 'Shelterluv', interval: 30 })
    expect(PullSettingsSchema.parse({ kind: 'shelterluv', name: 'S', interval: '15' })).not.toHaveProperty('key')
    expect(PullSettingsSchema.parse({ kind: 'shelterluv', name: 'S', interval: '15', key: ' abcdefgh12 ' })).toMatchObject({
      key: 'abcdefgh12',
    })
    expect(errorsOf(PullSettingsSchema.safeParse({ kind: 'shelterluv', name: 'S', interval: '15', key: 'short' }))).toEqual({
      key: ['Enter the whole API key'],
    })
  })

  it('checks a feed’s address, an organization id and the interval as the add form does', () => {
    expect(PullSettingsSchema.parse({ kind: 'feed', name: 'Feed', interval: '60', url: ' https://example.org/pets.csv ' })).toEqual({
      kind: 'feed',
      name: 'Feed',
      interval: 60,
      url: 'https://example.org/pets.csv',
    })
    expect(errorsOf(PullSettingsSchema.safeParse({ kind: 'feed', name: '', interval: '2', url: 'ftp://example.org/x' }))).toEqual({
      name: ['Give the source a name'],
      interval: ['Pull every 5 minutes at the most'],
      url: ['The address must start with https:// or http://'],
    })
    expect(errorsOf(PullSettingsSchema.safeParse({ kind: 'feed', name: 'Feed', interval: '15' }))).toEqual({
      url: ['Enter the feed’s address'],
    })
    expect(errorsOf(PullSettingsSchema.safeParse({ kind: 'rescuegroups', name: 'RG', interval: '15', orgId: '80a' }))).toEqual({
      orgId: ['Your organization id is a number, e.g. 8099'],
    })
    expect(PullSettingsSchema.parse({ kind: 'rescuegroups', name: 'RG', interval: '15', orgId: '8099', key: '' })).toEqual({
      kind: 'rescuegroups',
      name: 'RG',
      interval: 15,
      orgId: '8099',
    })
  })

  it('checks an ASM3 account number and a self-hosted service address, blank for the hosted one', () => {
    expect(PullSourceSchema.parse({ kind: 'asm3', name: 'ASM3', interval: '15', account: ' ab1234 ', serviceUrl: '  ' })).toEqual({
      kind: 'asm3',
      name: 'ASM3',
      interval: 15,
      account: 'ab1234',
    })
    expect(
      PullSettingsSchema.parse({
        kind: 'asm3',
        name: 'ASM3',
        interval: '15',
        account: 'db_1',
        serviceUrl: 'https://asm.example.org/asmservice',
      }),
    ).toMatchObject({
      account: 'db_1',
      serviceUrl: 'https://asm.example.org/asmservice',
    })
    expect(errorsOf(PullSourceSchema.safeParse({ kind: 'asm3', name: 'ASM3', interval: '15', account: '' }))).toEqual({
      account: ['Enter your ASM3 account number'],
    })
    expect(
      errorsOf(
        PullSourceSchema.safeParse({ kind: 'asm3', name: 'ASM3', interval: '15', account: 'ab 1234', serviceUrl: 'asm.example.org' }),
      ),
    ).toEqual({
      account: ['Your ASM3 account number is letters and digits, e.g. ab1234'],
      serviceUrl: ['Enter the full address of your ASM3 service, starting with https://'],
    })
    expect(
      errorsOf(
        PullSettingsSchema.safeParse({
          kind: 'asm3',
          name: 'ASM3',
          interval: '15',
          account: 'ab1234',
          serviceUrl: 'ftp://asm.example.org',
        }),
      ),
    ).toEqual({
      serviceUrl: ['The address must start with https:// or http://'],
    })
    // No key is asked for, and none is kept if sent.
    expect(PullSourceSchema.parse({ kind: 'asm3', name: 'ASM3', interval: '15', account: 'ab1234', key: 'abcdefgh12' })).not.toHaveProperty(
      'key',
    )
  })

  it('is not the add form: there a connector needs its key', () => {
    expect(errorsOf(PullSourceSchema.safeParse({ kind: 'shelterluv', name: 'S', interval: '15' }))).toEqual({ key: ['Enter the API key'] })
    expect(errorsOf(PullSettingsSchema.safeParse({ kind: 'upload', name: 'S', interval: '15' }))).toHaveProperty('kind')
  })
})
