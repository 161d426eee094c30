import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useFetcher, useLocation } from '@remix-run/react'
import { Field, FormErrorBox, HoneypotField } from '~/components/forms'
import type { action } from '~/routes/resources.subscribe/route'
import { Icon } from './icons'
import { NEWSLETTER_HONEYPOT, NewsletterSchema } from './public-forms'
import { buttonStyles } from './ui'

/**
 * The footer's weekly-updates box. With JavaScript it posts through a fetcher and answers in
 * place; without, the same form posts to /resources/subscribe, which sends the visitor back
 * to this page with a toast.
 */
export function NewsletterForm() {
  const fetcher = useFetcher<typeof action>({ key: 'newsletter' })
  const location = useLocation()
  const lastResult = fetcher.data?.result
  const [form, fields] = useForm({
    id: 'newsletter-form',
    lastResult,
    constraint: getZodConstraint(NewsletterSchema),
    // After a failed submit, errors clear as the visitor types. Revalidating on blur instead
    // removes them on the mousedown of the submit button, the button jumps up, and the click
    // is lost.
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsletterSchema }),
  })
  const pending = fetcher.state !== 'idle'
  const subscribed = !pending && fetcher.data?.subscribed === true
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })

  return (
    <fetcher.Form method="post" action="/resources/subscribe" preventScrollReset {...getFormProps(form)}>
      <HoneypotField name={NEWSLETTER_HONEYPOT} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          key={emailKey}
          className="flex-1"
          labelProps={{ children: 'Email address', className: 'sr-only' }}
          inputProps={{ ...emailProps, placeholder: 'you@example.com', autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <button type="submit" className={buttonStyles.primary} disabled={pending}>
          {pending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-green-800">
        {subscribed ? (
          <span className="inline-flex items-center gap-1.5">
            <Icon name="check" className="h-4 w-4" />
            {fetcher.data?.message}
          </span>
        ) : null}
      </p>
    </fetcher.Form>
  )
}
