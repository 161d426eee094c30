import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { ErrorList, Field, FormErrorBox, HoneypotField, SelectField, SubmitButton, TextareaField } from '#app/components/ui/forms.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'
import {
  SUPPORT_HONEYPOT,
  SupportMessageSchema,
  supportPriorities,
  supportSubjects,
  type SupportSubject,
} from '#app/models/public-forms.ts'

const subjectOptions = [{ value: '', label: 'Select a subject' }, ...supportSubjects]

/** The message form of /support and /contact: one schema, checked here and in the action. */
export function SupportMessageForm({
  lastResult,
  defaultSubject,
}: {
  lastResult?: SubmissionResult<string[]> | null
  defaultSubject?: SupportSubject | null
}) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('message') != null
  const [form, fields] = useForm({
    id: 'support-message',
    lastResult,
    constraint: getZodConstraint(SupportMessageSchema),
    defaultValue: { priority: 'normal', subject: defaultSubject ?? '' },
    // After a failed submit, errors clear as the visitor types. Revalidating on blur instead
    // removes them on the mousedown of the submit button, the button jumps up, and the click
    // is lost.
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SupportMessageSchema }),
  })
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
  const { key: organizationKey, ...organizationProps } = getInputProps(fields.organization, { type: 'text' })
  const { key: subjectKey, ...subjectProps } = getSelectProps(fields.subject)
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message)

  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-5" {...getFormProps(form)}>
      <HoneypotField name={SUPPORT_HONEYPOT} />
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          key={nameKey}
          labelProps={{ children: 'Name' }}
          inputProps={{ ...nameProps, autoComplete: 'name' }}
          errors={fields.name.errors}
        />
        <Field
          key={emailKey}
          labelProps={{ children: 'Email' }}
          inputProps={{ ...emailProps, autoComplete: 'email' }}
          errors={fields.email.errors}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          key={organizationKey}
          labelProps={{ children: 'Organization (optional)' }}
          inputProps={{ ...organizationProps, autoComplete: 'organization' }}
          errors={fields.organization.errors}
        />
        <SelectField
          key={subjectKey}
          labelProps={{ children: 'Subject' }}
          selectProps={subjectProps}
          options={subjectOptions}
          errors={fields.subject.errors}
        />
      </div>
      <TextareaField
        key={messageKey}
        labelProps={{ children: 'Message' }}
        textareaProps={{ ...messageProps, rows: 6, placeholder: 'How can we help?' }}
        errors={fields.message.errors}
      />
      <fieldset aria-describedby={fields.priority.errors?.length ? fields.priority.errorId : undefined}>
        <legend className="text-sm font-medium text-gray-800">Priority</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {getCollectionProps(fields.priority, {
            type: 'radio',
            options: supportPriorities.map((priority) => priority.value),
          }).map(({ key, ...radioProps }) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input {...radioProps} className="h-4 w-4 accent-brand-700" />
              {supportPriorities.find((priority) => priority.value === radioProps.value)?.label}
            </label>
          ))}
        </div>
        <ErrorList id={fields.priority.errorId} errors={fields.priority.errors} className="mt-1" />
      </fieldset>
      <div>
        <SubmitButton pending={pending} pendingText="Sending..." className="rounded-full bg-brand-700 px-6 py-3 hover:bg-brand-800">
          Send Message
        </SubmitButton>
      </div>
    </Form>
  )
}

/** What the visitor sees after a message is stored: its reference number and a way back. */
export function SupportMessageSent({ reference, againHref }: { reference: string; againHref: string }) {
  return (
    <div id="message-sent" role="status" className="scroll-mt-24 rounded-2xl border border-green-200 bg-green-50 p-6 text-green-950">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-green-600 text-white">
          <Icon name="check" className="h-5 w-5" />
        </span>
        <div>
          <h3 className="text-lg font-semibold">Thank you! Your message has been sent.</h3>
          <p className="mt-1">
            Your reference number is <strong className="font-mono text-base tracking-wide">{reference}</strong>. Please keep it handy: our
            team replies within 24 hours.
          </p>
          <Link to={againHref} preventScrollReset className="mt-4 inline-block font-semibold text-green-900 underline hover:no-underline">
            Send another message
          </Link>
        </div>
      </div>
    </div>
  )
}
