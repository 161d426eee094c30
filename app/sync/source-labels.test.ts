import { describe, expect, it } from 'vitest'
import { noRunYet, pullScheduleLabel, sourceKindLabel } from '#app/sync/source-labels.ts'

const source = (fields: Partial<Parameters<typeof pullScheduleLabel>[0]>) => ({
  kind: 'upload',
  format: null,
  pull_interval_minutes: null,
  paused: false,
  last_pulled_at: null,
  consecutive_failures: 0,
  ...fields,
})

describe('how the Sync tab names a source', () => {
  it('says the way in in words, and the format of files that come in', () => {
    expect(sourceKindLabel({ kind: 'upload', format: 'petfinder' })).toBe('Upload · Petfinder import CSV')
    expect(sourceKindLabel({ kind: 'ftp', format: 'adoptapet' })).toBe('FTP drop · Adopt-a-Pet pets.csv (with import.cfg)')
    expect(sourceKindLabel({ kind: 'feed', format: null })).toBe('Feed URL')
    expect(sourceKindLabel({ kind: 'shelterluv', format: null })).toBe('Shelterluv')
    expect(sourceKindLabel({ kind: 'rescuegroups', format: null })).toBe('RescueGroups')
    expect(sourceKindLabel({ kind: 'asm3', format: null })).toBe('ShelterManager ASM3')
    expect(sourceKindLabel({ kind: 'api', format: null })).toBe('API')
  })

  it('gives a pulled source its schedule and state, and each kind its own words before a first run', () => {
    expect(pullScheduleLabel(source({ kind: 'feed', pull_interval_minutes: 15 }))).toBe('Every 15 minutes · Active')
    expect(pullScheduleLabel(source({ kind: 'shelterluv', pull_interval_minutes: 60, paused: true }))).toBe('Every hour · Paused')
    expect(pullScheduleLabel(source({ kind: 'rescuegroups', pull_interval_minutes: 1440, consecutive_failures: 3 }))).toBe(
      'Once a day · Failing (3 in a row)',
    )
    expect(pullScheduleLabel(source({ kind: 'upload' }))).toBeNull()

    expect(noRunYet(source({ kind: 'feed', pull_interval_minutes: 15 }))).toBe('No pull yet: the first starts within a minute.')
    expect(noRunYet(source({ kind: 'feed', pull_interval_minutes: 15, paused: true }))).toBe('No pull yet.')
    expect(noRunYet(source({ kind: 'api' }))).toBe('No snapshot yet: single animals your software sends show at once.')
    expect(noRunYet(source({ kind: 'ftp', format: 'petfinder' }))).toBe('No file yet.')
    expect(noRunYet(source({ kind: 'upload', format: 'petfinder' }))).toBe('No file yet.')
  })
})
