import type { SubmissionResult } from '@conform-to/react'
import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Field, FormErrorBox, HoneypotField } from '#app/components/ui/forms.tsx'
import { INVALID_EMAIL, NEWSLETTER_HONEYPOT, newsletterEmailConstraint, type SubscribeAnswer } from '#app/models/newsletter.ts'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles } from '#app/components/marketing/ui.tsx'

const FORM_ID = 'newsletter-form'
const EMAIL_ID = `${FORM_ID}-email`

/**
 * The footer's weekly-updates box. With JavaScript it posts through a fetcher and answers in
 * place; without, the same form posts to /resources/subscribe, which sends the visitor back
 * to this page with a toast.
 *
 * It is on every page, so it checks the address with the browser's own constraint validation
 * (the attributes NewsletterSchema implies) rather than shipping zod and conform with each
 * page (decision 015). It behaves as the conform forms do: errors show on submit, then follow
 * the typing; the server's answer (a conform SubmissionResult) fills or resets the form.
 */
export function NewsletterForm() {
  const fetcher = useFetcher<SubscribeAnswer>({ key: 'newsletter' })
  const location = useLocation()
  const validation = useNewsletterValidation(fetcher.data?.result)
  const pending = fetcher.state !== 'idle'
  const subscribed = !pending && fetcher.data?.subscribed === true
  const formErrorId = `${FORM_ID}-error`

  return (
    <fetcher.Form
      method="post"
      action="/resources/subscribe"
      preventScrollReset
      id={FORM_ID}
      // The action decides; the browser's own bubbles would show other words than ours.
      noValidate
      aria-describedby={validation.formErrors ? formErrorId : undefined}
      onSubmit={validation.onSubmit}
      onInput={validation.onInput}
    >
      <HoneypotField name={NEWSLETTER_HONEYPOT} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <FormErrorBox id={formErrorId} errors={validation.formErrors} />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          // A new input after a successful subscription: an empty box, as conform's reset gives.
          key={validation.inputKey}
          className="flex-1"
          labelProps={{ children: 'Email address', className: 'sr-only' }}
          inputProps={{
            id: EMAIL_ID,
            ...newsletterEmailConstraint,
            name: 'email',
            form: FORM_ID,
            type: 'email',
            placeholder: 'you@example.com',
            autoComplete: 'email',
          }}
          errors={validation.emailErrors}
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

type Errors = string[] | undefined

/**
 * What the browser thinks of the address, in the schema's words. The type's own email check is
 * left out: the schema has none (its pattern is the rule), and browsers differ on it.
 */
function emailErrors(input: HTMLInputElement): Errors {
  const { valueMissing, tooLong, patternMismatch } = input.validity
  return valueMissing || tooLong || patternMismatch ? [INVALID_EMAIL] : undefined
}

/** Conform's useForm, as this one-field form uses it: validate on submit, revalidate on input. */
function useNewsletterValidation(lastResult: SubmissionResult<string[]> | undefined) {
  const [state, setState] = useState(() => ({
    emailErrors: lastResult?.error?.email ?? undefined,
    formErrors: lastResult?.error?.[''] ?? undefined,
    inputKey: 0,
  }))
  // Errors follow the typing only once the visitor has tried to submit.
  const validated = useRef(false)
  const reported = useRef(lastResult)

  useEffect(() => {
    if (!lastResult || lastResult === reported.current) return
    reported.current = lastResult
    if (lastResult.initialValue === null) {
      // The action asked for a reset (subscribed): a fresh, untouched form.
      validated.current = false
      setState((previous) => ({ emailErrors: undefined, formErrors: undefined, inputKey: previous.inputKey + 1 }))
      return
    }
    const emailErrors = lastResult.error?.email ?? undefined
    setState((previous) => ({ ...previous, emailErrors, formErrors: lastResult.error?.[''] ?? undefined }))
    if (lastResult.status === 'error' && emailErrors) document.getElementById(EMAIL_ID)?.focus()
  }, [lastResult])

  function check(form: HTMLFormElement) {
    const input = form.elements.namedItem('email')
    const errors = input instanceof HTMLInputElement ? emailErrors(input) : undefined
    // A new check replaces every error, the server's form-level ones included.
    setState((previous) => ({ ...previous, emailErrors: errors, formErrors: undefined }))
    return { input, errors }
  }

  return {
    ...state,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      validated.current = true
      const { input, errors } = check(event.currentTarget)
      if (!errors) return
      // Stops the fetcher: nothing is sent until the address passes.
      event.preventDefault()
      if (input instanceof HTMLInputElement) input.focus()
    },
    onInput(event: React.FormEvent<HTMLFormElement>) {
      const target = event.target as HTMLInputElement
      if (validated.current && target.name === 'email') check(event.currentTarget)
    },
  }
}
