// How listings read on the page: the words for an animal's breed, age, sex and distance,
// shared by the result cards, the detail page and the shelter page, and the map's markers.
import type { AnimalCardData } from '#app/models/animal-card.ts'
import { animalNoun, SEX_LABELS, type Sex } from '#app/utils/vocabulary.ts'

/** 'Labrador Retriever & Poodle Mix', 'Beagle', or the type when no breed is given. */
export function breedLabel(animal: Pick<AnimalCardData, 'primary_breed' | 'secondary_breed' | 'mixed_breed' | 'type'>): string {
  const breeds = [animal.primary_breed, animal.secondary_breed].filter(Boolean).join(' & ')
  if (!breeds) return animal.mixed_breed ? `Mixed ${animalNoun(animal.type).toLowerCase()}` : animalNoun(animal.type)
  return animal.mixed_breed && !/\bmix(ed)?\b/i.test(breeds) ? `${breeds} Mix` : breeds
}

/** A card's sex, shown without its field name: 'Female', 'Sex unknown'. */
export function cardSexLabel(sex: Sex): string {
  return sex === 'unknown' ? 'Sex unknown' : SEX_LABELS[sex]
}

// Formatters made once: an Intl formatter costs far more to create than to use, and a results
// page formats dozens of numbers.
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const monthAndYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** '1,284' */
export function formatCount(count: number): string {
  return wholeNumber.format(count)
}

/** 'No fee', '$150', '$99.50'. */
export function formatFee(fee: number): string {
  return fee === 0 ? 'No fee' : `$${(fee % 1 ? cents : dollars).format(fee)}`
}

/** A birth date ('2024-03-15') as 'March 2024'. */
export function formatBirthMonth(date: string): string {
  return monthAndYear.format(new Date(`${date}T00:00:00Z`))
}

/** '3.2 mi'; under a tenth of a mile reads '< 0.1 mi'. */
export function formatDistance(miles: number | null | undefined): string | null {
  if (miles === null || miles === undefined || !Number.isFinite(miles)) return null
  if (miles < 0.1) return '< 0.1 mi'
  return `${miles < 10 ? miles.toFixed(1) : formatCount(miles)} mi`
}

/** '128 pets found', '1 pet found'. */
export function petsFound(total: number): string {
  return total === 1 ? '1 pet found' : `${formatCount(total)} pets found`
}

export function placeLabel(city: string | null | undefined, state: string | null | undefined): string | null {
  return [city, state].filter(Boolean).join(', ') || null
}

/** A run of a listing's text: plain text, or a web address found in it (linkify.server.ts). */
export type TextPart = string | { href: string; text: string }

/** A listing's plain-text description as paragraphs (blank lines separate them). */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** A phone number as a tel: URL (digits and a leading +). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return `tel:${digits.startsWith('+') || digits.length !== 10 ? digits : `+1${digits}`}`
}

/** A website as a link target: a bare domain gets https://; anything but http(s) is dropped. */
export function websiteHref(website: string | null | undefined): string | null {
  const value = website?.trim()
  if (!value) return null
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}
