// A conversation as both sides see it (/account/messages/<id> and the dashboard's Messages tab):
// the messages, oldest first, and the form that adds one.
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { FormErrorBox, HoneypotField, SubmitButton, TextareaField } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'
import { cn } from '#app/utils/misc.ts'
import { ASK_HONEYPOT, MessageSchema } from '#app/models/message-schema.ts'

export type Side = 'adopter' | 'shelter'

export type ThreadMessageView = {
  id: number
  sender: string
  body: string
  created_at: string
  removed_at: string | null
}

/** The messages, oldest first; the viewer's own on the right, each with who wrote it and when. */
export function MessageList({ messages, side, names }: { messages: ThreadMessageView[]; side: Side; names: Record<Side, string> }) {
  const format = useDateTimeFormat()
  return (
    <ol aria-label="Messages" className="flex flex-col gap-4">
      {messages.map((message) => {
        const own = message.sender === side
        const author = own ? 'You' : names[message.sender as Side]
        return (
          <li key={message.id} className={cn('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              aria-label={`${author}, ${format.dateTime(message.created_at)}`}
              className={cn(
                'max-w-[42rem] rounded-xl border px-4 py-3 shadow-sm',
                own ? 'border-brand-200 bg-brand-50' : 'border-gray-200 bg-white',
              )}
            >
              <p className="text-xs text-gray-600">
                <span className="font-semibold text-gray-900">{author}</span> ·{' '}
                <time dateTime={message.created_at}>{format.dateTime(message.created_at)}</time>
              </p>
              {message.removed_at ? (
                <p className="mt-1 text-sm italic text-gray-600">This message was removed when its author deleted their account.</p>
              ) : (
                <p className="mt-1 whitespace-pre-line break-words text-gray-900">{message.body}</p>
              )}
            </article>
          </li>
        )
      })}
    </ol>
  )
}

/**
 * A message form: one textarea, kept as typed when the server refuses it. `resetKey` changes
 * once a message is sent (the redirect back to the thread), so the form starts empty again.
 */
export function MessageForm({
  id,
  lastResult,
  label,
  submitLabel,
  defaultMessage = '',
  honeypot = false,
  intent,
  children,
}: {
  id: string
  lastResult?: SubmissionResult<string[]> | null
  label: string
  submitLabel: string
  defaultMessage?: string
  honeypot?: boolean
  intent?: string
  children?: React.ReactNode
}) {
  const submitting = useIsSubmitting(intent ? { formIntent: intent } : undefined)
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(MessageSchema),
    defaultValue: { message: defaultMessage },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MessageSchema }),
  })
  const { key, ...messageProps } = getTextareaProps(fields.message)
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {honeypot ? <HoneypotField name={ASK_HONEYPOT} /> : null}
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <TextareaField
        key={key}
        labelProps={{ children: label }}
        textareaProps={{ ...messageProps, rows: 5, readOnly: submitting }}
        errors={fields.message.errors}
      />
      {children}
      <div>
        <SubmitButton pending={submitting} pendingText="Sending...">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  )
}
