// The schemas of the account forms, shared by the browser (instant feedback) and the
// actions (the authority). The messages are the product spec's, word for word.
import { z } from 'zod'

// The spec's rule: text, @, text, dot, text. Looser than the auth server's own check on
// purpose: its rejections come back through the error catalogue.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const PASSWORD_MIN_LENGTH = 6

export const emailSchema = z
  .string({ required_error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address')

export const passwordSchema = z
  .string({ required_error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)

const confirmPasswordSchema = z.string({ required_error: 'Please confirm your password' }).min(1, 'Please confirm your password')

export const ROLES = [
  { value: 'adopter', label: 'Looking for a pet' },
  { value: 'shelter', label: 'Animal rescue/shelter' },
] as const

export type Role = (typeof ROLES)[number]['value']

/** A new password typed twice (sign-up and the password reset). */
function withMatchingPasswords<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: passwordSchema, confirmPassword: confirmPasswordSchema })
    .refine((value) => value.password === value.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    })
}

/**
 * Where a signed-out visitor was (`redirectTo`) and the pet they pressed 'Save' on (`save`):
 * carried through sign-in, sign-up and the confirmation code, and saved at the end.
 */
const pendingFavoriteFields = {
  redirectTo: z.string().optional(),
  save: z.string().uuid().optional().catch(undefined),
}

/** The two after parsing (app/utils/pending-favorite.server.ts): a local path and an animal id, each '' when none. */
export type PendingFavorite = { redirectTo: string; save: string }

export const signUpSchema = withMatchingPasswords({
  email: emailSchema,
  // Anything other than shelter is an adopter, as the spec's roles say.
  role: z.enum(['adopter', 'shelter']).catch('adopter'),
  ...pendingFavoriteFields,
})

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  ...pendingFavoriteFields,
})

export const forgotPasswordSchema = z.object({ email: emailSchema })

export const resetPasswordSchema = withMatchingPasswords({})

/** An account made from a team invitation: the address is the invitation's, so only a password. */
export const invitationSignUpSchema = withMatchingPasswords({})

export const resendConfirmationSchema = z.object({ email: emailSchema, ...pendingFavoriteFields })

/** The 6-digit code in the confirmation email, for people who would rather type it than click. */
export const confirmationCodeSchema = z.object({
  email: emailSchema,
  ...pendingFavoriteFields,
  code: z
    .string({ required_error: 'Enter the 6-digit code from the email' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the email')),
})
