// Step 3 of the application profile: the home, and for a renter whether the landlord allows pets.
import { getInputProps, getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChoiceGroup, StepForm, useStepForm } from '#app/components/account/application-form.tsx'
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
  YES_NO,
  YES_NO_LABELS,
} from '#app/models/application-profile.ts'
import { Field, SelectField } from '#app/components/ui/forms.tsx'
import { stepAction, stepLoader } from '#app/models/application-profile.server.ts'
import { cn } from '#app/utils/misc.ts'
import { optionsOf } from '#app/utils/vocabulary.ts'

const HOME_TYPE_OPTIONS = [{ value: '', label: 'Select a type' }, ...optionsOf(HOME_TYPES, HOME_TYPE_LABELS)]

export const loader = (args: LoaderFunctionArgs) => stepLoader(args)
export const action = (args: ActionFunctionArgs) => stepAction('home', homeSchema, args)

export default function HomeStep() {
  const hydrated = useHydrated()
  const [form, fields] = useStepForm('home', homeSchema)
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
