// The forms of /account/settings, checked in the browser and again in the action.
import { z } from 'zod'
import { passwordSchema, PASSWORD_MIN_LENGTH } from '#app/utils/auth-schemas.ts'

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on')

export const accountProfileSchema = z.object({
  intent: z.literal('profile'),
  display_name: z.string().trim().max(100, 'At most 100 characters').optional(),
  zip_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code')
    .optional(),
  email_messages: checkbox,
  email_applications: checkbox,
  email_alerts: checkbox,
})

export const changePasswordSchema = z
  .object({
    intent: z.literal('password'),
    currentPassword: z.string({ required_error: 'Enter your current password' }).min(1, 'Enter your current password'),
    password: passwordSchema,
    confirmPassword: z.string({ required_error: 'Please confirm your password' }),
  })
  .refine((value) => value.password === value.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] })
  .refine((value) => value.password !== value.currentPassword, {
    message: `Choose a new password (at least ${PASSWORD_MIN_LENGTH} characters) different from the current one`,
    path: ['password'],
  })

export const deleteAccountSchema = z.object({
  intent: z.literal('delete'),
  confirmEmail: z.string({ required_error: 'Type your email address to confirm' }).trim().min(1, 'Type your email address to confirm'),
})
