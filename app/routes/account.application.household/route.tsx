// Step 2 of the application profile: who lives with the person, and allergies to animals.
import { getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChoiceGroup, StepForm } from '~/components/account/application-form'
import { ALLERGIES, ALLERGY_LABELS, householdSchema, pathAfterStep, profileFormValues } from '~/components/account/application-profile'
import { fieldInputProps } from '~/components/ui/conform'
import { Field, TextareaField } from '~/components/ui/forms'
import { getApplicationProfile, saveApplicationProfileStep } from '~/models/application-profile.server'
import { requireUser } from '~/utils/auth.server'
import { readForm } from '~/utils/request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  return json({ defaultValue: profileFormValues(await getApplicationProfile(supabase)) }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: householdSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400, headers })
  await saveApplicationProfileStep(supabase, submission.value)
  return redirect(pathAfterStep('household', form.get('intent') === 'back' ? 'back' : 'continue'), { headers })
}

export default function HouseholdStep() {
  const { defaultValue } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    id: 'application-household',
    lastResult,
    defaultValue,
    constraint: getZodConstraint(householdSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: householdSchema }),
  })
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
