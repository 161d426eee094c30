// Step 3 of the application profile: the home, and for a renter whether the landlord allows pets.
import { getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChoiceGroup, StepForm } from '~/components/account/application-form'
import {
  FENCE_LABELS,
  FENCES,
  HOME_OWNERSHIP_LABELS,
  HOME_OWNERSHIPS,
  HOME_TYPE_LABELS,
  HOME_TYPES,
  homeSchema,
  LANDLORD_PERMISSION_LABELS,
  LANDLORD_PERMISSIONS,
  pathAfterStep,
  profileFormValues,
  YES_NO,
  YES_NO_LABELS,
} from '~/components/account/application-profile'
import { Field, SelectField } from '~/components/ui/forms'
import { getApplicationProfile, saveApplicationProfileStep } from '~/models/application-profile.server'
import { requireUser } from '~/utils/auth.server'
import { cn } from '~/utils/misc'
import { optionsOf } from '~/utils/vocabulary'
import { readForm } from '~/utils/request.server'

const HOME_TYPE_OPTIONS = [{ value: '', label: 'Select a type' }, ...optionsOf(HOME_TYPES, HOME_TYPE_LABELS)]

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  return json({ defaultValue: profileFormValues(await getApplicationProfile(supabase)) }, { headers })
}

export async function action({ request }: ActionFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: homeSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400, headers })
  await saveApplicationProfileStep(supabase, submission.value)
  return redirect(pathAfterStep('home', form.get('intent') === 'back' ? 'back' : 'continue'), { headers })
}

export default function HomeStep() {
  const { defaultValue } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    id: 'application-home',
    lastResult,
    defaultValue,
    constraint: getZodConstraint(homeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: homeSchema }),
  })
  // Without JavaScript every question is in view and says whom it is for; with it, the
  // landlord's appear once 'Rent' is chosen and the fence's unless there is no yard.
  const rents = fields.home_ownership.value === 'rent'
  const { key: _contactKey, ...landlordContactProps } = getInputProps(fields.landlord_contact, { type: 'text' })
  return (
    <StepForm step="home" form={form} intro="Where the pet would live.">
      <ChoiceGroup
        legend="Do you own or rent your home?"
        field={fields.home_ownership}
        options={HOME_OWNERSHIPS}
        labels={HOME_OWNERSHIP_LABELS}
      />
      <div className={cn('flex flex-col gap-5 rounded-lg border border-gray-200 bg-gray-50 p-4', hydrated && !rents && 'hidden')}>
        <ChoiceGroup
          legend="Does your landlord allow pets?"
          hint={hydrated ? undefined : 'Only if you rent.'}
          field={fields.landlord_permission}
          options={LANDLORD_PERMISSIONS}
          labels={LANDLORD_PERMISSION_LABELS}
        />
        <Field
          labelProps={{ children: "Your landlord's name and phone or email (optional)" }}
          inputProps={{ ...landlordContactProps, autoComplete: 'off' }}
          errors={fields.landlord_contact.errors}
        />
      </div>
      <SelectField
        labelProps={{ children: 'What type of home do you live in?' }}
        selectProps={getSelectProps(fields.home_type)}
        options={HOME_TYPE_OPTIONS}
        errors={fields.home_type.errors}
      />
      <ChoiceGroup legend="Do you have a yard?" field={fields.has_yard} options={YES_NO} labels={YES_NO_LABELS} />
      <ChoiceGroup
        hidden={hydrated && fields.has_yard.value === 'no'}
        legend="Is the yard fenced?"
        hint={hydrated ? undefined : 'Only if you have a yard.'}
        field={fields.fence}
        options={FENCES}
        labels={FENCE_LABELS}
      />
    </StepForm>
  )
}

export const meta: MetaFunction = () => [{ title: 'Home | Application profile | Pawhaven' }]
