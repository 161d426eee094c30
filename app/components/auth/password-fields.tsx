import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '#app/components/ui/forms.tsx'

/**
 * conform's props for an input, minus the `pattern` it derives from the schema: the
 * browser's "match the requested format" bubble would hide the spec's own message when
 * JavaScript is off, and type="email" already gives native feedback.
 */
export function inputProps(field: FieldMetadata<string | undefined>, type: 'email' | 'password' | 'text', disabled: boolean) {
  const { pattern: _pattern, ...props } = getInputProps(field, { type })
  return { ...props, disabled }
}

/** Password and confirmation, as sign-up and the password reset both ask for them. */
export function NewPasswordFields({
  password,
  confirmPassword,
  disabled,
  passwordLabel = 'Password',
}: {
  password: FieldMetadata<string>
  confirmPassword: FieldMetadata<string>
  disabled: boolean
  passwordLabel?: string
}) {
  return (
    <>
      <Field
        labelProps={{ children: passwordLabel }}
        inputProps={{ ...inputProps(password, 'password', disabled), autoComplete: 'new-password' }}
        errors={password.errors}
      />
      <Field
        labelProps={{ children: 'Confirm Password' }}
        inputProps={{ ...inputProps(confirmPassword, 'password', disabled), autoComplete: 'new-password' }}
        errors={confirmPassword.errors}
      />
    </>
  )
}
