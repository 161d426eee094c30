import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { INVALID_EMAIL as FOOTER_INVALID_EMAIL, newsletterEmailConstraint } from '#app/models/newsletter.ts'
import {
  NewsletterSchema,
  SUPPORT_REFERENCE_PATTERN,
  SupportMessageSchema,
  supportPriorities,
  supportSubjects,
} from '#app/models/public-forms.ts'

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

const validMessage = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  organization: '',
  subject: 'technical_support',
  message: 'The search page does not load for me.',
  priority: 'high',
}

describe('NewsletterSchema', () => {
  it('accepts an address and trims it', () => {
    const submission = parseWithZod(form({ email: '  pat@example.com ' }), { schema: NewsletterSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value.email).toBe('pat@example.com')
  })

  it.each(['', 'pat', 'pat@example', '@example.com', 'pat @example.com', 'pat@exa mple.com'])(
    'refuses %j with the spec message',
    (email) => {
      const submission = parseWithZod(form({ email }), { schema: NewsletterSchema })
      expect(submission.status).toBe('error')
      expect(submission.reply().error?.email).toEqual(['Please enter a valid email address'])
    },
  )

  it('gives the footer form the native constraints it checks in the browser', () => {
    expect(getZodConstraint(NewsletterSchema)).toEqual({ email: newsletterEmailConstraint })
  })

  it('words a refusal as the footer form does', () => {
    const submission = parseWithZod(form({ email: 'pat' }), { schema: NewsletterSchema })
    expect(submission.reply().error?.email).toEqual([FOOTER_INVALID_EMAIL])
  })
})

describe('SupportMessageSchema', () => {
  it('accepts a complete message, with the organization optional', () => {
    const submission = parseWithZod(form(validMessage), { schema: SupportMessageSchema })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toEqual({ ...validMessage, organization: undefined })
  })

  it('defaults the priority to normal', () => {
    const { priority: _priority, ...withoutPriority } = validMessage
    const submission = parseWithZod(form(withoutPriority), { schema: SupportMessageSchema })
    expect(submission.status === 'success' && submission.value.priority).toBe('normal')
  })

  it('says what is wrong with each field', () => {
    const submission = parseWithZod(form({ name: '  ', email: 'nope', subject: 'pizza', message: 'short', priority: 'meh' }), {
      schema: SupportMessageSchema,
    })
    expect(submission.reply().error).toEqual({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
      subject: ['Please choose a subject'],
      message: ['Message must be at least 10 characters'],
      priority: ['Please choose a priority'],
    })
  })

  it('requires the name, email, subject and message', () => {
    const submission = parseWithZod(form({}), { schema: SupportMessageSchema })
    expect(submission.reply().error).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      subject: ['Please choose a subject'],
      message: ['Message is required'],
    })
  })

  it('limits the lengths the database also limits', () => {
    const long = parseWithZod(form({ ...validMessage, name: 'x'.repeat(101), message: 'y'.repeat(5001), organization: 'z'.repeat(201) }), {
      schema: SupportMessageSchema,
    })
    expect(Object.keys(long.reply().error ?? {}).sort()).toEqual(['message', 'name', 'organization'])
  })

  it('offers the spec\u2019s four subjects and four priorities', () => {
    expect(supportSubjects.map((subject) => subject.label)).toEqual([
      'Technical Support',
      'Account Issues',
      'Feature Request',
      'General Inquiry',
    ])
    expect(supportPriorities.map((priority) => priority.value)).toEqual(['low', 'normal', 'high', 'urgent'])
  })
})

describe('SUPPORT_REFERENCE_PATTERN', () => {
  it('matches the references the database makes, and nothing else', () => {
    expect(SUPPORT_REFERENCE_PATTERN.test('PH-7KQ2-M9XA')).toBe(true)
    expect(SUPPORT_REFERENCE_PATTERN.test('ph-7kq2-m9xa')).toBe(false)
    expect(SUPPORT_REFERENCE_PATTERN.test('PH-7KQ2-M9XA<script>')).toBe(false)
  })
})
