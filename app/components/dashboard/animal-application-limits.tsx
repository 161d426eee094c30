// The animal edit page's "Applications" box: pause new applications for the animal, or cap how
// many may be open at once. A paused or full animal's public page says so instead of 'Apply'.
import { Form } from '@remix-run/react'
import { CardTitle, buttonClass } from '#app/components/dashboard/cards.tsx'
import { Field } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'

export function AnimalApplicationLimits({
  name,
  paused,
  openCap,
  openCount,
  error,
  typedCap,
}: {
  name: string
  paused: boolean
  openCap: number | null
  openCount: number
  /** A cap that could not be saved, and what was typed: the form keeps it. */
  error?: string
  typedCap?: string
}) {
  const submitting = useIsSubmitting()
  return (
    <section aria-labelledby="application-limits" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <CardTitle id="application-limits">Applications</CardTitle>
      <p className="mt-2 text-sm text-gray-700">
        {name} has {openCount} open {openCount === 1 ? 'application' : 'applications'}
        {paused ? '. New applications are paused.' : openCap !== null ? `; you accept up to ${openCap}.` : '.'}
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="application-limits" />
        <div className="flex items-center gap-2">
          <input
            id="applications-paused"
            type="checkbox"
            name="paused"
            defaultChecked={paused}
            disabled={submitting}
            className="h-4 w-4 rounded border-gray-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
          />
          <label htmlFor="applications-paused" className="text-sm font-medium text-gray-800">
            Pause applications for {name}
          </label>
        </div>
        <Field
          className="max-w-xs"
          labelProps={{ children: 'Accepting up to this many open applications' }}
          inputProps={{
            name: 'open_cap',
            type: 'number',
            inputMode: 'numeric',
            min: 1,
            max: 100,
            step: 1,
            defaultValue: typedCap ?? (openCap === null ? '' : String(openCap)),
            disabled: submitting,
          }}
          hint="Leave empty for no limit. Open applications are new, in review, on hold or approved."
          errors={error ? [error] : undefined}
        />
        <div>
          <button type="submit" disabled={submitting} className={buttonClass.secondary}>
            Save application settings
          </button>
        </div>
      </Form>
    </section>
  )
}
