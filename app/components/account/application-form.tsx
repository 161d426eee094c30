// What every step of /account/application shares: the step's heading, its form with 'Back' and
// 'Save and continue' (both save the draft), and a group of radio buttons with its legend.
import { getCollectionProps, getFormProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { z } from 'zod'
import type { stepLoader } from '#app/models/application-profile.server.ts'
import { ErrorList, FormErrorBox, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { cn } from '#app/utils/misc.ts'
import { APPLICATION_STEPS, stepInfo, type StepSlug } from '#app/models/application-profile.ts'

/** A step's conform form: the profile's answers to start from, the step's schema to check them. */
export function useStepForm<Schema extends z.ZodTypeAny>(step: StepSlug, schema: Schema) {
  const { defaultValue } = useLoaderData<typeof stepLoader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  return useForm({
    id: `application-${step}`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}

export function StepForm({
  step,
  form,
  intro,
  children,
}: {
  step: StepSlug
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any step's form
  form: FormMetadata<any, string[]>
  intro?: React.ReactNode
  children: React.ReactNode
}) {
  const navigation = useNavigation()
  const submitting = useIsSubmitting()
  const going = submitting ? navigation.formData?.get('intent') : null
  const { number, title } = stepInfo(step)
  return (
    <section aria-labelledby="step-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="text-sm font-medium text-brand-800">
        Step {number} of {APPLICATION_STEPS.length}
      </p>
      <h3 id="step-heading" className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      {intro ? <p className="mt-1 text-sm text-gray-600">{intro}</p> : null}
      <Form method="post" {...getFormProps(form)} className="mt-5 flex flex-col gap-5">
        {/* Enter in a field saves and continues: the browser presses a form's first submit
            button, which would otherwise be Back or a pet's Remove. */}
        <button type="submit" name="intent" value="continue" tabIndex={-1} aria-hidden="true" className="sr-only" />
        <FormErrorBox id={form.errorId} errors={form.errors} />
        {children}
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-5">
          <button
            type="submit"
            name="intent"
            value="back"
            disabled={submitting}
            className="inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-800 shadow-sm hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {going === 'back' ? 'Saving...' : 'Back'}
          </button>
          <SubmitButton name="intent" value="continue" pending={submitting} pendingText={going === 'continue' ? 'Saving...' : undefined}>
            Save and continue
          </SubmitButton>
        </div>
        <p className="text-sm text-gray-600">
          Both buttons save your answers as a draft. You can leave anything empty and come back to it later.
        </p>
      </Form>
    </section>
  )
}

/** Radio buttons in a fieldset whose legend asks the question; the error is tied to the group. */
export function ChoiceGroup<Value extends string>({
  legend,
  field,
  options,
  labels,
  hint,
  hidden,
  className,
}: {
  legend: React.ReactNode
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any step's form
  field: FieldMetadata<string | undefined, any, string[]>
  options: readonly Value[]
  labels: Record<Value, string>
  hint?: React.ReactNode
  hidden?: boolean
  className?: string
}) {
  const hintId = hint ? `${field.id}-hint` : undefined
  const errorId = field.errors?.length ? field.errorId : undefined
  return (
    <fieldset aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} className={cn(className, hidden && 'hidden')}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {getCollectionProps(field, { type: 'radio', options: [...options] }).map(({ key, ...radioProps }) => (
          <label
            key={key}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-full border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
            )}
          >
            <input {...radioProps} className="h-4 w-4 accent-brand-700" />
            {labels[radioProps.value as Value]}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} className="mt-1" />
    </fieldset>
  )
}
