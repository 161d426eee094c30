// Step 5 of the application profile: experience with pets, the daily routine, and what the
// person is looking for.
import { getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { StepForm } from '~/components/account/application-form'
import { experienceSchema, pathAfterStep, profileFormValues } from '~/components/account/application-profile'
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
  const submission = parseWithZod(form, { schema: experienceSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400, headers })
  await saveApplicationProfileStep(supabase, submission.value)
  return redirect(pathAfterStep('experience', form.get('intent') === 'back' ? 'back' : 'continue'), { headers })
}

export default function ExperienceStep() {
  const { defaultValue } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: 'application-experience',
    lastResult,
    defaultValue,
    constraint: getZodConstraint(experienceSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: experienceSchema }),
  })
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
