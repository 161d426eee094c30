// How the dashboard shows profile values, as the spec words it. Dates and times are in
// app/utils/date-time.ts, in the reader's zone.
import type { Tables } from '#app/types/database.ts'
import { SHELTER_TYPES, SHELTER_TYPE_LABELS, isOneOf } from '#app/utils/vocabulary.ts'

/** 'rescue_organization' → 'Rescue Organization'; nothing → 'Not specified'. */
export function formatShelterType(type: string | null | undefined): string {
  return isOneOf(SHELTER_TYPES, type) ? SHELTER_TYPE_LABELS[type] : 'Not specified'
}

export function formatLocation(profile: Pick<Tables<'shelter_profiles'>, 'city' | 'state'>): string {
  return profile.city && profile.state ? `${profile.city}, ${profile.state}` : 'Location not set'
}

export function formatCapacity(capacity: number | null | undefined): string {
  return capacity === null || capacity === undefined ? 'Not set' : `${capacity} animals`
}

export function memberSinceYear(createdAt: string): number {
  return new Date(createdAt).getUTCFullYear()
}
