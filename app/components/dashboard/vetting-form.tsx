import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, FormErrorBox, SelectField, SubmitButton } from '#app/components/ui/forms.tsx'
import { US_TIME_ZONES } from '#app/utils/meeting-times.ts'
import { SHELTER_TYPES, SHELTER_TYPE_LABELS, optionsOf } from '#app/utils/vocabulary.ts'
import { Card, CardTitle } from '#app/components/dashboard/cards.tsx'
import { REQUIRED_FIELDS, vettingRequestSchema } from '#app/models/vetting-schema.ts'

export type VettingDefaults = Partial<Record<keyof typeof vettingRequestSchema._def.schema.shape, string>>

const TYPE_OPTIONS = [{ value: '', label: 'Select a type' }, ...optionsOf(SHELTER_TYPES, SHELTER_TYPE_LABELS)]
const ZONE_OPTIONS = US_TIME_ZONES.map((zone) => ({ value: zone.value, label: zone.label }))

const constraint = {
  ...getZodConstraint(vettingRequestSchema),
  ...Object.fromEntries(REQUIRED_FIELDS.map((name) => [name, { required: true }])),
}

/** What vetting needs from a shelter, and when it can meet. */
export function VettingRequestForm({
  defaultValue,
  lastResult,
  minTime,
}: {
  defaultValue: VettingDefaults
  lastResult: SubmissionResult<string[]> | undefined
  /** The earliest time the pickers offer (now, in the shelter's zone). */
  minTime: string
}) {
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id: 'vetting-request',
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: vettingRequestSchema }),
  })
  const input = (
    field: (typeof fields)[keyof typeof fields],
    type: Parameters<typeof fieldInputProps>[1],
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => fieldInputProps(field, type, submitting, extra)

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      <FormErrorBox id={form.errorId} errors={form.errors} />
      <Card>
        <CardTitle>Your organization</CardTitle>
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          <Field
            className="md:col-span-2"
            labelProps={{ children: 'Organization name' }}
            inputProps={input(fields.organization_name, 'text', { autoComplete: 'organization' })}
            hint="As adopters will see it on your listings; staff approve this name."
            errors={fields.organization_name.errors}
          />
          <SelectField
            labelProps={{ children: 'Organization type' }}
            selectProps={{ ...getSelectProps(fields.organization_type), disabled: submitting }}
            options={TYPE_OPTIONS}
            errors={fields.organization_type.errors}
          />
          <Field
            labelProps={{ children: 'EIN (optional for foster networks)' }}
            inputProps={input(fields.ein, 'text', { inputMode: 'numeric', placeholder: '12-3456789', autoComplete: 'off' })}
            hint="Your IRS Employer Identification Number."
            errors={fields.ein.errors}
          />
          <Field
            labelProps={{ children: 'Website or social media page' }}
            inputProps={input(fields.website, 'text', {
              inputMode: 'url',
              autoComplete: 'url',
              placeholder: 'https://facebook.com/yourrescue',
            })}
            errors={fields.website.errors}
          />
          <Field
            labelProps={{ children: 'Phone number' }}
            inputProps={input(fields.phone, 'tel', { autoComplete: 'tel', placeholder: '(555) 010-7297' })}
            hint="Where we can reach you about the meeting."
            errors={fields.phone.errors}
          />
        </div>
      </Card>

      <Card>
        <CardTitle>Veterinarian reference</CardTitle>
        <p className="mt-1 text-sm text-gray-600">A veterinarian who knows your animals' care; we may call them.</p>
        <div className="mt-4 grid gap-5 md:grid-cols-3">
          <Field
            labelProps={{ children: "Veterinarian's name" }}
            inputProps={input(fields.vet_name, 'text')}
            errors={fields.vet_name.errors}
          />
          <Field labelProps={{ children: 'Clinic' }} inputProps={input(fields.vet_clinic, 'text')} errors={fields.vet_clinic.errors} />
          <Field
            labelProps={{ children: "Veterinarian's phone" }}
            inputProps={input(fields.vet_phone, 'tel', { placeholder: '(555) 010-7297' })}
            errors={fields.vet_phone.errors}
          />
        </div>
      </Card>

      <Card>
        <fieldset>
          <legend className="text-lg font-semibold text-gray-900">Preferred meeting times</legend>
          <p className="mt-1 text-sm text-gray-600">Give us two or three times that suit you; the meeting takes about 30 minutes.</p>
          <div className="mt-4 grid gap-5 md:grid-cols-2">
            <SelectField
              labelProps={{ children: 'Time zone' }}
              selectProps={{ ...getSelectProps(fields.time_zone), disabled: submitting }}
              options={ZONE_OPTIONS}
              errors={fields.time_zone.errors}
            />
          </div>
          <div className="mt-5 grid gap-5 md:grid-cols-3">
            <Field
              labelProps={{ children: 'First choice' }}
              inputProps={input(fields.preferred_time_1, 'datetime-local', { min: minTime })}
              errors={fields.preferred_time_1.errors}
            />
            <Field
              labelProps={{ children: 'Second choice' }}
              inputProps={input(fields.preferred_time_2, 'datetime-local', { min: minTime })}
              errors={fields.preferred_time_2.errors}
            />
            <Field
              labelProps={{ children: 'Third choice (optional)' }}
              inputProps={input(fields.preferred_time_3, 'datetime-local', { min: minTime })}
              errors={fields.preferred_time_3.errors}
            />
          </div>
        </fieldset>
      </Card>

      <div>
        <SubmitButton pending={submitting} pendingText="Sending...">
          Request Meeting
        </SubmitButton>
      </div>
    </Form>
  )
}
