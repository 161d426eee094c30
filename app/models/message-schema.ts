// The one field of every message form (asking about a pet, replying in a thread), checked in
// the browser and again in the action; the database checks the same limits.
import { z } from 'zod'

export const MESSAGE_MAX = 2000

export const MessageSchema = z.object({
  message: z
    .string({ required_error: 'Write your message' })
    .trim()
    .min(1, 'Write your message')
    .max(MESSAGE_MAX, `Your message is too long: at most ${MESSAGE_MAX.toLocaleString('en-US')} characters`),
})

// The ask form's honeypot: a field people never see or fill.
export const ASK_HONEYPOT = 'website_url'
