// Step 5 of the application profile: experience with pets, the daily routine, and what the
// person is looking for.
import { getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { StepForm, useStepForm } from '#app/components/account/application-form.tsx'
import { experienceSchema } from '#app/models/application-profile.ts'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, TextareaField } from '#app/components/ui/forms.tsx'
import { stepAction, stepLoader } from '#app/models/application-profile.server.ts'

export const loader = (args: LoaderFunctionArgs) => stepLoader(args)
export const action = (args: ActionFunctionArgs) => stepAction('experience', experienceSchema, args)

export default function ExperienceStep() {
  const [form, fields] = useStepForm('experience', experienceSchema)
  return (
    <StepForm step="experience" form={form} intro="Your experience, your days, and the pet you hope to find.">
      <TextareaField
        labelProps={{ children: 'Your experience with pets (optional)' }}
        textareaProps={{ ...getTextareaProps(fields.experience), rows: 4, placeholder: 'Pets you have had, training, breeds you know' }}
        errors={fields.experience.errors}
      />
      <Field
        labelProps={{ children: 'On a typical day, how many hours would the pet be alone?' }}
        inputProps={fieldInputProps(fields.hours_alone, 'number', false, { min: 0, max: 24 })}
        errors={fields.hours_alone.errors}
      />
      <TextareaField
        labelProps={{ children: 'What are you looking for in a pet?' }}
        textareaProps={{
          ...getTextareaProps(fields.looking_for),
          rows: 4,
          placeholder: 'Age, energy, size, how it gets on with children or other pets',
        }}
        errors={fields.looking_for.errors}
      />
    </StepForm>
  )
}

export const meta: MetaFunction = () => [{ title: 'Experience and routine | Application profile | Pawhaven' }]
