import { describe, expect, it } from 'vitest'
import { emailLinkErrors, newPasswordErrors, signInErrors, signUpErrors } from '#app/utils/auth-errors.ts'

const gotrue = (status: number, code: string, message: string) => ({ name: 'AuthApiError', status, code, message })

describe('the sign-up error catalogue', () => {
  it('reports a known address above the form', () => {
    expect(signUpErrors(gotrue(422, 'user_already_exists', 'User already registered'))).toEqual({
      formErrors: ['An account with this email already exists. Please try signing in instead.'],
    })
  })

  it('puts a short password under the password field', () => {
    expect(signUpErrors(gotrue(422, 'weak_password', 'Password should be at least 6 characters.'))).toEqual({
      fieldErrors: { password: ['Password must be at least 6 characters long'] },
    })
  })

  it.each([
    gotrue(400, 'validation_failed', 'Unable to validate email address: invalid format'),
    gotrue(400, 'email_address_invalid', 'Email address "x@y.z" is invalid'),
    { message: 'Invalid email' },
  ])('puts an email the provider refuses under the email field ($message)', (error) => {
    expect(signUpErrors(error)).toEqual({ fieldErrors: { email: ['Please enter a valid email address'] } })
  })

  it('shows any other error with its own message, or the fallback', () => {
    expect(signUpErrors(gotrue(422, 'signup_disabled', 'Signups not allowed for this instance'))).toEqual({
      formErrors: ['Signups not allowed for this instance'],
    })
    expect(signUpErrors({ status: 400, message: '' })).toEqual({ formErrors: ['An error occurred during registration. Please try again.'] })
  })

  it('treats an outage as the unexpected error', () => {
    expect(signUpErrors({ name: 'AuthRetryableFetchError', status: 0, message: 'fetch failed' })).toEqual({
      formErrors: ['An unexpected error occurred. Please try again.'],
    })
    expect(signUpErrors(gotrue(500, 'unexpected_failure', 'Database error saving new user')).formErrors).toEqual([
      'An unexpected error occurred. Please try again.',
    ])
  })
})

describe('the sign-in error catalogue', () => {
  it('maps wrong credentials and an unconfirmed email to the spec messages', () => {
    expect(signInErrors(gotrue(400, 'invalid_credentials', 'Invalid login credentials'))).toEqual({
      formErrors: ['Invalid email or password. Please check your credentials and try again.'],
    })
    expect(signInErrors(gotrue(400, 'email_not_confirmed', 'Email not confirmed'))).toEqual({
      formErrors: ['Please check your email and click the confirmation link before signing in.'],
    })
  })

  it('shows other errors as they are, or the fallback', () => {
    expect(signInErrors(gotrue(429, 'over_request_rate_limit', 'Request rate limit reached'))).toEqual({
      formErrors: ['Request rate limit reached'],
    })
    expect(signInErrors({ status: 400 })).toEqual({ formErrors: ['An error occurred during sign in. Please try again.'] })
  })
})

describe('emailed links', () => {
  it('never reveals that an address has an account', () => {
    expect(
      emailLinkErrors(gotrue(429, 'over_email_send_rate_limit', 'For security purposes, you can only request this after 40 seconds.')),
    ).toBeNull()
  })

  it('slows down a caller who asks too often', () => {
    expect(emailLinkErrors(gotrue(429, 'over_request_rate_limit', 'Request rate limit reached'))?.formErrors).toHaveLength(1)
  })
})

describe('a new password', () => {
  it('puts the password rules under the field', () => {
    expect(newPasswordErrors(gotrue(422, 'same_password', 'New password should be different from the old password.'))).toEqual({
      fieldErrors: { password: ['New password should be different from the old password.'] },
    })
  })
})
