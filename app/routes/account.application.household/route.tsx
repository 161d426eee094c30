// Step 2 of the application profile: who lives with the person, and allergies to animals.
import { getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChoiceGroup, StepForm, useStepForm } from '#app/components/account/application-form.tsx'
import { ALLERGIES, ALLERGY_LABELS, householdSchema } from '#app/models/application-profile.ts'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { Field, TextareaField } from '#app/components/ui/forms.tsx'
import { stepAction, stepLoader } from '#app/models/application-profile.server.ts'

export const loader = (args: LoaderFunctionArgs) => stepLoader(args)
export const action = (args: ActionFunctionArgs) => stepAction('household', householdSchema, args)

export default function HouseholdStep() {
  const hydrated = useHydrated()
  const [form, fields] = useStepForm('household', householdSchema)
  return (
    <StepForm step="household" form={form} intro="Everyone the pet would live with.">
      <Field
        labelProps={{ children: 'How many adults live in your home, you included?' }}
        inputProps={fieldInputProps(fields.adults, 'number', false, { min: 1, max: 20 })}
        errors={fields.adults.errors}
      />
      <Field
        labelProps={{ children: "Children's ages" }}
        inputProps={fieldInputProps(fields.children_ages, 'text', false, { placeholder: 'e.g. 4, 9' })}
        hint="In years, separated by commas (0 for a baby). Leave empty if no children live with you."
        errors={fields.children_ages.errors}
      />
      <ChoiceGroup
        legend="Does anyone in your home have allergies to animals?"
        field={fields.allergies}
        options={ALLERGIES}
        labels={ALLERGY_LABELS}
      />
      {/* Without JavaScript the details stay in view; with it, they appear for an allergy. */}
      <TextareaField
        className={hydrated && (fields.allergies.value ?? 'none') === 'none' ? 'hidden' : undefined}
        labelProps={{ children: 'About the allergies (optional)' }}
        textareaProps={{ ...getTextareaProps(fields.allergies_details), rows: 3 }}
        errors={fields.allergies_details.errors}
      />
    </StepForm>
  )
}

export const meta: MetaFunction = () => [{ title: 'Household | Application profile | Pawhaven' }]
