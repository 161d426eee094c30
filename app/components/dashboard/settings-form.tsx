import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, FormErrorBox, SelectField, SubmitButton, TextareaField } from '#app/components/ui/forms.tsx'
import { SHELTER_TYPES, SHELTER_TYPE_LABELS, optionsOf } from '#app/utils/vocabulary.ts'
import { Card } from '#app/components/dashboard/cards.tsx'
import { RESPONSE_DAY_CHOICES, shelterSettingsSchema } from '#app/models/shelter-settings-schema.ts'

export type SettingsDefaults = Record<keyof typeof shelterSettingsSchema.shape, string>

const TYPE_OPTIONS = [{ value: '', label: 'Select a type' }, ...optionsOf(SHELTER_TYPES, SHELTER_TYPE_LABELS)]

const RESPONSE_OPTIONS = RESPONSE_DAY_CHOICES.map((days) => ({
  value: String(days),
  label: `Within ${days} ${days === 1 ? 'day' : 'days'}`,
}))

/** What adopters read of the promise: 'We answer applications and questions within 5 days.' */
export function responsePromise(days: string | number): string {
  return `We answer applications and questions within ${days} ${Number(days) === 1 ? 'day' : 'days'}.`
}

/** The spec's settings fields, saved by the settings route's action. */
/** Where the ZIP code just typed is, when that is not the city and state typed beside it. */
export type ZipCheck = { zip: string; city: string; state: string }

export function ShelterSettingsForm({
  defaultValue,
  lastResult,
  zipCheck,
}: {
  defaultValue: SettingsDefaults
  lastResult: SubmissionResult<string[]> | undefined
  zipCheck?: ZipCheck
}) {
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id: 'shelter-settings',
    lastResult,
    defaultValue,
    constraint: getZodConstraint(shelterSettingsSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shelterSettingsSchema }),
  })
  const input = (
    field: (typeof fields)[keyof typeof fields],
    type: Parameters<typeof fieldInputProps>[1],
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => fieldInputProps(field, type, submitting, extra)

  return (
    <Form method="post" {...getFormProps(form)}>
      <Card>
        <div className="flex flex-col gap-5">
          <FormErrorBox id={form.errorId} errors={form.errors} />
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              labelProps={{ children: 'Shelter Name' }}
              inputProps={input(fields.shelter_name, 'text', { autoComplete: 'organization' })}
              errors={fields.shelter_name.errors}
            />
            <SelectField
              labelProps={{ children: 'Shelter Type' }}
              selectProps={{ ...getSelectProps(fields.shelter_type), disabled: submitting }}
              options={TYPE_OPTIONS}
              errors={fields.shelter_type.errors}
            />
          </div>
          <TextareaField
            labelProps={{ children: 'Description' }}
            textareaProps={{ ...getTextareaProps(fields.description), rows: 4, disabled: submitting }}
            errors={fields.description.errors}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              labelProps={{ children: 'Contact Email' }}
              inputProps={input(fields.contact_email, 'email', { autoComplete: 'email' })}
              errors={fields.contact_email.errors}
            />
            <Field
              labelProps={{ children: 'Phone' }}
              inputProps={input(fields.phone, 'tel', { autoComplete: 'tel', placeholder: '(555) 010-7297' })}
              errors={fields.phone.errors}
            />
          </div>
          <Field
            labelProps={{ children: 'Address' }}
            inputProps={input(fields.address, 'text', { autoComplete: 'street-address' })}
            errors={fields.address.errors}
          />
          <div className="grid gap-5 md:grid-cols-3">
            <Field
              labelProps={{ children: 'City' }}
              inputProps={input(fields.city, 'text', { autoComplete: 'address-level2' })}
              errors={fields.city.errors}
            />
            <Field
              labelProps={{ children: 'State' }}
              inputProps={input(fields.state, 'text', { autoComplete: 'address-level1', maxLength: 30, placeholder: 'CA' })}
              errors={fields.state.errors}
            />
            <Field
              labelProps={{ children: 'ZIP Code' }}
              inputProps={input(fields.zip_code, 'text', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 })}
              errors={fields.zip_code.errors}
            />
          </div>
          {zipCheck ? (
            <div
              role="alert"
              aria-labelledby="zip-check-title"
              className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-gray-900"
            >
              <p id="zip-check-title" className="font-semibold">
                {zipCheck.zip} is {zipCheck.city}, {zipCheck.state}
              </p>
              <p className="mt-1">
                Distance searches place your shelter by its ZIP code, so adopters would find you in {zipCheck.city}, {zipCheck.state}.
                Please correct the ZIP code, city or state, or confirm the ZIP code and save again.
              </p>
              <label className="mt-3 flex items-start gap-2 font-medium">
                <input
                  type="checkbox"
                  name="zip_confirmed"
                  value={zipCheck.zip}
                  disabled={submitting}
                  className="mt-0.5 h-4 w-4 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
                />
                <span>Yes, {zipCheck.zip} is the right ZIP code for this address</span>
              </label>
            </div>
          ) : null}
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              labelProps={{ children: 'Website' }}
              inputProps={input(fields.website, 'url', { autoComplete: 'url', placeholder: 'https://example.org' })}
              errors={fields.website.errors}
            />
            <Field
              labelProps={{ children: 'EIN' }}
              inputProps={input(fields.ein, 'text', { autoComplete: 'off', inputMode: 'numeric', placeholder: '12-3456789' })}
              errors={fields.ein.errors}
              hint="Your organization's IRS employer identification number. It shows on your public page, as on your IRS filings."
            />
            <Field
              labelProps={{ children: 'Capacity' }}
              inputProps={input(fields.capacity, 'number', { min: 0, step: 1, inputMode: 'numeric' })}
              errors={fields.capacity.errors}
              hint="How many animals you can care for at once."
            />
          </div>
          <SelectField
            className="md:w-1/2"
            labelProps={{ children: 'Response time' }}
            selectProps={{ ...getSelectProps(fields.response_days), disabled: submitting }}
            options={RESPONSE_OPTIONS}
            errors={fields.response_days.errors}
            hint={`Adopters read: “${responsePromise(fields.response_days.value ?? defaultValue.response_days)}” Each new application and question is due that many days after it arrives.`}
          />
          <div className="flex justify-end">
            <SubmitButton pending={submitting} pendingText="Saving..." className="bg-brand-700 hover:bg-brand-800">
              Save Changes
            </SubmitButton>
          </div>
        </div>
      </Card>
    </Form>
  )
}
