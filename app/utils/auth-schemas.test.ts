import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from '#app/utils/auth-schemas.ts'

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

/** The errors a form shows, parsed as the browser and the action parse it. */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema })
  return submission.status === 'success' ? {} : submission.reply().error
}

describe('sign-up', () => {
  const valid = { email: 'pat@example.com', password: 'secret1', confirmPassword: 'secret1', role: 'shelter' }

  it('accepts a complete form', () => {
    const submission = parseWithZod(form(valid), { schema: signUpSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ ...valid })
  })

  it('says what is missing, in the spec words', () => {
    expect(errorsOf(signUpSchema, {})).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
      confirmPassword: ['Please confirm your password'],
    })
  })

  it.each(['pat', 'pat@example', '@example.com', 'pat@.', 'pat @example.com'])('refuses the address %j', (email) => {
    expect(errorsOf(signUpSchema, { ...valid, email })).toEqual({ email: ['Please enter a valid email address'] })
  })

  it('wants 6 characters of password', () => {
    expect(errorsOf(signUpSchema, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: ['Password must be at least 6 characters'],
    })
  })

  it('wants the same password twice', () => {
    expect(errorsOf(signUpSchema, { ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: ['Passwords do not match'] })
  })

  it('makes anyone who is not a shelter an adopter', () => {
    for (const role of [undefined, 'adopter', 'admin']) {
      const fields: Record<string, string> = { ...valid }
      if (role) fields.role = role
      else delete fields.role
      const submission = parseWithZod(form(fields), { schema: signUpSchema })
      expect(submission.status === 'success' && submission.value.role).toBe('adopter')
    }
  })

  it('trims the email', () => {
    const submission = parseWithZod(form({ ...valid, email: '  pat@example.com ' }), { schema: signUpSchema })
    expect(submission.status === 'success' && submission.value.email).toBe('pat@example.com')
  })
})

describe('sign-in', () => {
  it('has the same rules and messages for email and password', () => {
    expect(errorsOf(signInSchema, {})).toEqual({ email: ['Email is required'], password: ['Password is required'] })
    expect(errorsOf(signInSchema, { email: 'nope', password: '123' })).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters'],
    })
  })
})

describe('password reset', () => {
  it('asks for an email to send the link to', () => {
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: ['Email is required'] })
  })

  it('asks for the new password twice', () => {
    expect(errorsOf(resetPasswordSchema, { password: 'secret1', confirmPassword: 'secret9' })).toEqual({
      confirmPassword: ['Passwords do not match'],
    })
  })
})
