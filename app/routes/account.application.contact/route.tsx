// Step 1 of the application profile: how a shelter reaches the person, and where they live.
import { getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { StepForm, useStepForm } from '#app/components/account/application-form.tsx'
import { contactSchema } from '#app/models/application-profile.ts'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, SelectField } from '#app/components/ui/forms.tsx'
import { US_STATES } from '#app/models/shelter-settings-schema.ts'
import { stepAction, stepLoader } from '#app/models/application-profile.server.ts'

export const loader = (args: LoaderFunctionArgs) => stepLoader(args)
export const action = (args: ActionFunctionArgs) => stepAction('contact', contactSchema, args)

const STATE_OPTIONS = [{ value: '', label: 'Select a state' }, ...Object.entries(US_STATES).map(([value, label]) => ({ value, label }))]

export default function ContactStep() {
  const [form, fields] = useStepForm('contact', contactSchema)
  const input = (
    field: (typeof fields)[keyof typeof fields],
    autoComplete: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => fieldInputProps(field, 'text', false, { autoComplete, ...extra })
  return (
    <StepForm step="contact" form={form} intro="How the shelter reaches you, and where the pet would live.">
      <Field labelProps={{ children: 'Full name' }} inputProps={input(fields.full_name, 'name')} errors={fields.full_name.errors} />
      <Field
        labelProps={{ children: 'Phone' }}
        inputProps={{ ...input(fields.phone, 'tel', { placeholder: '(512) 555-0100' }), type: 'tel' }}
        errors={fields.phone.errors}
      />
      <Field
        labelProps={{ children: 'Street address' }}
        inputProps={input(fields.address_line1, 'address-line1')}
        errors={fields.address_line1.errors}
      />
      <Field
        labelProps={{ children: 'Apartment, suite or unit (optional)' }}
        inputProps={input(fields.address_line2, 'address-line2')}
        errors={fields.address_line2.errors}
      />
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem_8rem]">
        <Field labelProps={{ children: 'City' }} inputProps={input(fields.city, 'address-level2')} errors={fields.city.errors} />
        {/* A list, not a box: a typed name never comes back cut to two letters. */}
        <SelectField
          labelProps={{ children: 'State' }}
          selectProps={{ ...getSelectProps(fields.state), autoComplete: 'address-level1' }}
          options={STATE_OPTIONS}
          errors={fields.state.errors}
        />
        <Field
          labelProps={{ children: 'ZIP code' }}
          inputProps={input(fields.zip_code, 'postal-code', { inputMode: 'numeric', maxLength: 10 })}
          errors={fields.zip_code.errors}
        />
      </div>
    </StepForm>
  )
}

export const meta: MetaFunction = () => [{ title: 'Contact and address | Application profile | Pawhaven' }]
