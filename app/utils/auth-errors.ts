// The product spec's error catalogue (section 8): what the auth provider's errors become on
// the sign-up and sign-in forms. Matched on the provider's text as the spec says, with
// GoTrue's error codes as a second key, since its wording is not a contract.

/** The parts of an auth-js error we read; a plain object in tests. */
export type ProviderError = { message?: string; status?: number; code?: string; name?: string }

/** What a form shows: errors above the form and errors under fields (conform's reply shape). */
export type FormErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> }

export const ACCOUNT_EXISTS = 'An account with this email already exists. Please try signing in instead.'
export const UNEXPECTED = 'An unexpected error occurred. Please try again.'

/**
 * Network failures and 5xx answers are not the provider's verdict on the request: the
 * person sees the spec's message for an exception rather than "fetch failed".
 */
export function isOutage(error: ProviderError): boolean {
  return error.name === 'AuthRetryableFetchError' || error.status === 0 || (error.status ?? 0) >= 500
}

const includes = (error: ProviderError, text: string) => (error.message ?? '').toLowerCase().includes(text.toLowerCase())

export function signUpErrors(error: ProviderError): FormErrors {
  if (isOutage(error)) return { formErrors: [UNEXPECTED] }
  if (includes(error, 'User already registered') || error.code === 'user_already_exists' || error.code === 'email_exists') {
    return { formErrors: [ACCOUNT_EXISTS] }
  }
  if (includes(error, 'Password should be at least')) {
    return { fieldErrors: { password: ['Password must be at least 6 characters long'] } }
  }
  // GoTrue words it 'Unable to validate email address: invalid format' or 'Email address "x" is invalid'.
  if (includes(error, 'Invalid email') || includes(error, 'Unable to validate email') || error.code === 'email_address_invalid') {
    return { fieldErrors: { email: ['Please enter a valid email address'] } }
  }
  return { formErrors: [error.message || 'An error occurred during registration. Please try again.'] }
}

export function signInErrors(error: ProviderError): FormErrors {
  if (isOutage(error)) return { formErrors: [UNEXPECTED] }
  if (includes(error, 'Invalid login credentials') || error.code === 'invalid_credentials') {
    return { formErrors: ['Invalid email or password. Please check your credentials and try again.'] }
  }
  if (includes(error, 'Email not confirmed') || error.code === 'email_not_confirmed') {
    return { formErrors: ['Please check your email and click the confirmation link before signing in.'] }
  }
  return { formErrors: [error.message || 'An error occurred during sign in. Please try again.'] }
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.'

/**
 * Errors of the requests that email a link (password reset, a new confirmation link). None
 * may reveal whether the address has an account, so the per-address email limit, which
 * only an existing account can reach, reads as success.
 */
export function emailLinkErrors(error: ProviderError): FormErrors | null {
  if (error.code === 'over_email_send_rate_limit') return null
  if (error.status === 429) return { formErrors: [TOO_MANY_REQUESTS] }
  if (isOutage(error)) return { formErrors: [UNEXPECTED] }
  if (includes(error, 'Unable to validate email') || error.code === 'email_address_invalid') {
    return { fieldErrors: { email: ['Please enter a valid email address'] } }
  }
  return { formErrors: [error.message || UNEXPECTED] }
}

/** Errors of setting a new password (after a reset link signed the person in). */
export function newPasswordErrors(error: ProviderError): FormErrors {
  if (isOutage(error)) return { formErrors: [UNEXPECTED] }
  if (includes(error, 'Password should be at least')) {
    return { fieldErrors: { password: ['Password must be at least 6 characters long'] } }
  }
  // 'New password should be different from the old password.' and the other password rules belong under the field.
  if (error.code === 'same_password' || error.code === 'weak_password') {
    return { fieldErrors: { password: [error.message ?? UNEXPECTED] } }
  }
  return { formErrors: [error.message || UNEXPECTED] }
}
