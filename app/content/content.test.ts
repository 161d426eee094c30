import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isAnimalType } from '#app/utils/vocabulary.ts'
import { animalCategories } from '#app/content/animal-categories.ts'
import { filterSampleAnimals, heroTypeOptions, sampleAnimals } from '#app/content/animals.ts'
import { ageOptions, searchTypeOptions } from '#app/utils/search-params.ts'
import { articleCategories, articles, articlesFor, isArticleCategory } from '#app/content/articles.ts'
import { formatLongDate, formatMonthYear } from '#app/content/dates.ts'
import { faqCategories } from '#app/content/faq.ts'
import { legalLastUpdated, privacySections, termsSections } from '#app/content/legal.ts'
import { filterSampleShelters, sampleShelters } from '#app/content/shelters.ts'
import { shelterStatistics2023 } from '#app/content/statistics.ts'
import { successStories } from '#app/content/stories.ts'
import { serviceStatuses, serviceStatusKinds } from '#app/content/system-status.ts'

const publicDir = path.resolve(import.meta.dirname, '../../public')
const imageExists = (src: string) => existsSync(path.join(publicDir, src))

describe('the spec\u2019s fixed figures', () => {
  it('shows the 2023 statistics', () => {
    expect(shelterStatistics2023.map((statistic) => statistic.value)).toEqual(['6.5M', '4.8M', '690K', '1M'])
  })

  it('has the six categories with their counts, each browsing a real type', () => {
    expect(animalCategories.map((category) => [category.name, category.count])).toEqual([
      ['Dogs', '25,000+'],
      ['Cats', '18,000+'],
      ['Rabbits', '2,500+'],
      ['Birds', '1,200+'],
      ['Small Animals', '800+'],
      ['Reptiles', '300+'],
    ])
    for (const category of animalCategories) expect(isAnimalType(category.type)).toBe(true)
  })

  it('lists the form options the spec names', () => {
    expect(heroTypeOptions.map((option) => option.label)).toEqual(['Any', 'Dog', 'Cat', 'Rabbit', 'Reptile', 'Other'])
    expect(searchTypeOptions.map((option) => option.label)).toEqual(['Dogs', 'Cats', 'Rabbits', 'Birds', 'Other'])
    expect(ageOptions.map((option) => option.label)).toEqual(['Young (0-2 years)', 'Adult (3-7 years)', 'Senior (8+ years)'])
  })

  it('has 3 sample animals, 6 shelters and 6 stories', () => {
    expect(sampleAnimals).toHaveLength(3)
    expect(sampleShelters).toHaveLength(6)
    expect(successStories).toHaveLength(6)
  })

  it('has one featured article and five more, one per chip at least', () => {
    expect(articles.filter((article) => article.featured)).toHaveLength(1)
    expect(articles).toHaveLength(6)
    for (const category of articleCategories)
      expect(articlesFor(category.slug).others.length + (articlesFor(category.slug).featured ? 1 : 0)).toBeGreaterThan(0)
    expect(articleCategories.map((category) => category.name)).toEqual([
      'New Pet Care',
      'Behavior',
      'Senior Pets',
      'Home Preparation',
      'Cat Care',
      'Pet Care Tips',
    ])
  })

  it('has the FAQ categories and says what the spec says', () => {
    expect(faqCategories.map((category) => category.title)).toEqual(['Getting Started', 'Account Management', 'Adoption Process'])
    const answers = faqCategories.flatMap((category) => category.items.map((item) => item.answer)).join(' ')
    expect(answers).toContain('2-4 hours')
    expect(answers).toMatch(/adopted.*archived/)
  })

  it('reports the system status the spec gives', () => {
    expect(serviceStatuses).toEqual([
      { service: 'Website', status: 'operational' },
      { service: 'Mobile App', status: 'operational' },
      { service: 'Search Engine', status: 'operational' },
      { service: 'Email Notifications', status: 'maintenance' },
    ])
    expect(serviceStatusKinds).toEqual(['operational', 'maintenance', 'outage'])
  })

  it('dates the legal pages March 1, 2024, with California law and the under-13 rule', () => {
    expect(legalLastUpdated).toBe('March 1, 2024')
    expect(termsSections.flatMap((section) => section.paragraphs).join(' ')).toContain('State of California')
    expect(privacySections.flatMap((section) => section.paragraphs).join(' ')).toContain('children under 13')
  })
})

describe('content integrity', () => {
  it('points every picture at a file in public/', () => {
    const images = [
      ...animalCategories.map((category) => category.image),
      ...sampleAnimals.map((animal) => animal.image),
      ...successStories.flatMap((story) => [story.beforeImage, story.afterImage]),
      ...articles.map((article) => article.image),
    ]
    expect(images.filter((image) => !imageExists(image))).toEqual([])
  })

  it('uses unique ids, so React keys and anchors never collide', () => {
    const unique = (values: string[]) => new Set(values).size === values.length
    expect(unique(sampleAnimals.map((animal) => animal.id))).toBe(true)
    expect(unique(sampleShelters.map((shelter) => shelter.id))).toBe(true)
    expect(unique(successStories.map((story) => story.id))).toBe(true)
    expect(unique(articles.map((article) => article.slug))).toBe(true)
    expect(unique([...privacySections.map((section) => section.id)])).toBe(true)
    expect(unique([...termsSections.map((section) => section.id)])).toBe(true)
  })

  it('keeps article categories to the chips', () => {
    for (const article of articles) expect(isArticleCategory(article.category)).toBe(true)
    expect(isArticleCategory('pizza')).toBe(false)
  })
})

describe('filters over the sample cards', () => {
  it('narrows animals by type, age and place (city, state or ZIP, any punctuation)', () => {
    expect(filterSampleAnimals(sampleAnimals, {}).map((animal) => animal.id)).toEqual(['buddy', 'luna', 'clover'])
    expect(filterSampleAnimals(sampleAnimals, { type: 'cat' }).map((animal) => animal.id)).toEqual(['luna'])
    expect(filterSampleAnimals(sampleAnimals, { age: 'senior' }).map((animal) => animal.id)).toEqual(['clover'])
    expect(filterSampleAnimals(sampleAnimals, { location: 'austin tx' }).map((animal) => animal.id)).toEqual(['buddy'])
    expect(filterSampleAnimals(sampleAnimals, { location: '97205' }).map((animal) => animal.id)).toEqual(['luna'])
    expect(filterSampleAnimals(sampleAnimals, { type: 'dog', age: 'young' })).toEqual([])
  })

  it('finds shelters by city or ZIP', () => {
    expect(filterSampleShelters(sampleShelters, '').length).toBe(6)
    expect(filterSampleShelters(sampleShelters, 'Chicago, IL').map((shelter) => shelter.id)).toEqual(['lakeside-humane-society'])
    expect(filterSampleShelters(sampleShelters, '78701').map((shelter) => shelter.id)).toEqual(['happy-tails-rescue'])
    expect(filterSampleShelters(sampleShelters, 'Atlantis')).toEqual([])
  })

  it('picks the featured article for All and for its own chip only', () => {
    expect(articlesFor(null).featured?.slug).toBe('first-week-with-a-rescue-dog')
    expect(articlesFor(null).others).toHaveLength(5)
    expect(articlesFor('behavior')).toEqual({ featured: null, others: [articles[1]] })
  })
})

describe('dates', () => {
  it('formats without time zones', () => {
    expect(formatMonthYear('2024-01')).toBe('January 2024')
    expect(formatLongDate('2024-02-12')).toBe('February 12, 2024')
  })
})
