// The newsletter's rules without zod, for the footer that every page carries: the browser
// checks them natively (see app/components/marketing/newsletter-form.tsx), so no schema library ships with each page.
// NewsletterSchema in public-forms.ts stays the one the action decides with; a unit test holds
// the two together.
import type { SubmissionResult } from '@conform-to/react'

/** Text, @, text, dot, text: the spec's email rule. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const INVALID_EMAIL = 'Please enter a valid email address'
export const EMAIL_MAX = 254

/** The email field's native constraints: what getZodConstraint(NewsletterSchema) derives. */
export const newsletterEmailConstraint = {
  required: true,
  maxLength: EMAIL_MAX,
  pattern: `^(?=.*(?:${EMAIL_PATTERN.source})).*$`,
} as const

// The honeypots' names differ so both forms can sit on one page (the footer is everywhere).
export const NEWSLETTER_HONEYPOT = 'newsletter_website'

export const NEWSLETTER_SUCCESS = 'Thanks for subscribing! Watch your inbox for weekly updates.'

/** What /resources/subscribe answers the footer's fetcher: conform's result, and whether it worked. */
export type SubscribeAnswer = { result: SubmissionResult<string[]>; subscribed: boolean; message: string | null }
