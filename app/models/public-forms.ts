// The schemas of the public site's two forms. Each is used twice: by conform in the browser
// for instant feedback, and by the action, which is the one that decides.
import { z } from 'zod'

// The footer's newsletter box checks the same rules without zod (app/models/newsletter.ts, on
// every page); the two are written out in each module, as the other forms' schemas do, so the
// pages with these forms do not share a script with every page for three constants. The unit
// tests hold them equal.
/** Text, @, text, dot, text: the spec's email rule. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const INVALID_EMAIL = 'Please enter a valid email address'
export const EMAIL_MAX = 254

export const NewsletterSchema = z.object({
  email: z.string({ required_error: INVALID_EMAIL }).trim().max(EMAIL_MAX, INVALID_EMAIL).regex(EMAIL_PATTERN, INVALID_EMAIL),
})

export const supportSubjects = [
  { value: 'technical_support', label: 'Technical Support' },
  { value: 'account_issues', label: 'Account Issues' },
  { value: 'feature_request', label: 'Feature Request' },
  { value: 'general_inquiry', label: 'General Inquiry' },
] as const
export type SupportSubject = (typeof supportSubjects)[number]['value']

export const supportPriorities = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
] as const
export type SupportPriority = (typeof supportPriorities)[number]['value']

// Casts: zod's enum wants a non-empty tuple; `map` makes a plain array of the same values.
const subjectValues = supportSubjects.map((subject) => subject.value) as [SupportSubject, ...SupportSubject[]]
const priorityValues = supportPriorities.map((priority) => priority.value) as [SupportPriority, ...SupportPriority[]]

export const MESSAGE_MIN = 10
export const MESSAGE_MAX = 5000

export const SupportMessageSchema = z.object({
  name: z.string({ required_error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be 100 characters or fewer'),
  email: z.string({ required_error: 'Email is required' }).trim().max(254, INVALID_EMAIL).regex(EMAIL_PATTERN, INVALID_EMAIL),
  organization: z.string().trim().max(200, 'Organization must be 200 characters or fewer').optional(),
  subject: z.enum(subjectValues, { errorMap: () => ({ message: 'Please choose a subject' }) }),
  message: z
    .string({ required_error: 'Message is required' })
    .trim()
    .min(MESSAGE_MIN, `Message must be at least ${MESSAGE_MIN} characters`)
    .max(MESSAGE_MAX, `Message must be ${MESSAGE_MAX.toLocaleString('en-US')} characters or fewer`),
  priority: z.enum(priorityValues, { errorMap: () => ({ message: 'Please choose a priority' }) }).default('normal'),
})

export type SupportMessage = z.infer<typeof SupportMessageSchema>

export function isSupportSubject(value: unknown): value is SupportSubject {
  // Cast: `includes` takes only the union's members; this is the check that narrows.
  return subjectValues.includes(value as SupportSubject)
}

/** The reference number the database gives each message, e.g. PH-7KQ2-M9XA. */
export const SUPPORT_REFERENCE_PATTERN = /^PH-[A-Z0-9]{4}-[A-Z0-9]{4}$/

// Its name differs from the newsletter's so both forms can sit on one page.
export const SUPPORT_HONEYPOT = 'website_url'
