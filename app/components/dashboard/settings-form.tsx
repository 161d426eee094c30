import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useIsSubmitting } from '~/components/ui/pending'
import { fieldInputProps } from '~/components/ui/conform'
import { Field, FormErrorBox, SelectField, SubmitButton, TextareaField } from '~/components/ui/forms'
import { SHELTER_TYPES, SHELTER_TYPE_LABELS, optionsOf } from '~/utils/vocabulary'
import { Card } from './cards'
import { shelterSettingsSchema } from './settings-schema'

export type SettingsDefaults = Record<keyof typeof shelterSettingsSchema.shape, string>

const TYPE_OPTIONS = [{ value: '', label: 'Select a type' }, ...optionsOf(SHELTER_TYPES, SHELTER_TYPE_LABELS)]

/** The spec's settings fields, saved by the settings route's action. */
export function ShelterSettingsForm({
  defaultValue,
  lastResult,
}: {
  defaultValue: SettingsDefaults
  lastResult: SubmissionResult<string[]> | undefined
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
  const input = (field: (typeof fields)[keyof typeof fields], type: Parameters<typeof fieldInputProps>[1], extra: React.InputHTMLAttributes<HTMLInputElement> = {}) =>
    fieldInputProps(field, type, submitting, extra)

  return (
    <Form method="post" {...getFormProps(form)}>
      <Card>
        <div className="flex flex-col gap-5">
          <FormErrorBox id={form.errorId} errors={form.errors} />
          <div className="grid gap-5 md:grid-cols-2">
            <Field labelProps={{ children: 'Shelter Name' }} inputProps={input(fields.shelter_name, 'text', { autoComplete: 'organization' })} errors={fields.shelter_name.errors} />
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
            <Field labelProps={{ children: 'Contact Email' }} inputProps={input(fields.contact_email, 'email', { autoComplete: 'email' })} errors={fields.contact_email.errors} />
            <Field
              labelProps={{ children: 'Phone' }}
              inputProps={input(fields.phone, 'tel', { autoComplete: 'tel', placeholder: '(555) 010-7297' })}
              errors={fields.phone.errors}
            />
          </div>
          <Field labelProps={{ children: 'Address' }} inputProps={input(fields.address, 'text', { autoComplete: 'street-address' })} errors={fields.address.errors} />
          <div className="grid gap-5 md:grid-cols-3">
            <Field labelProps={{ children: 'City' }} inputProps={input(fields.city, 'text', { autoComplete: 'address-level2' })} errors={fields.city.errors} />
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
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              labelProps={{ children: 'Website' }}
              inputProps={input(fields.website, 'url', { autoComplete: 'url', placeholder: 'https://example.org' })}
              errors={fields.website.errors}
            />
            <Field
              labelProps={{ children: 'Capacity' }}
              inputProps={input(fields.capacity, 'number', { min: 0, step: 1, inputMode: 'numeric' })}
              errors={fields.capacity.errors}
              hint="How many animals you can care for at once."
            />
          </div>
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
