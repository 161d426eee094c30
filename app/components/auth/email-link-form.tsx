import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import type { z } from 'zod'
import { Field, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { inputProps } from '#app/components/auth/password-fields.tsx'

/** One email field and a button: the forms that ask for a password-reset or confirmation link. */
export function EmailLinkForm({
  id,
  schema,
  lastResult,
  submitText,
  pendingText,
  defaultEmail = '',
  children,
}: {
  id: string
  schema: z.ZodType<{ email: string }, z.ZodTypeDef, unknown>
  lastResult: SubmissionResult<string[]> | undefined
  submitText: string
  pendingText: string
  defaultEmail?: string
  /** Hidden fields that go with the address. */
  children?: React.ReactNode
}) {
  const submitting = useIsSubmitting()
  const [form, fields] = useForm<{ email: string }>({
    id,
    lastResult,
    defaultValue: { email: defaultEmail },
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrorBox id={form.errorId} errors={form.errors} />
      {children}
      <Field
        labelProps={{ children: 'Email' }}
        inputProps={{ ...inputProps(fields.email, 'email', submitting), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <SubmitButton pending={submitting} pendingText={pendingText} className="bg-brand-700 hover:bg-brand-800">
        {submitText}
      </SubmitButton>
    </Form>
  )
}
