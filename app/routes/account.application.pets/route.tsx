// Step 4 of the application profile: the person's other pets (a list that grows with 'Add
// another pet', which without JavaScript comes back from the server one row longer) and the
// veterinarian a shelter may ask about them.
import { getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChoiceGroup, StepForm, useStepForm } from '#app/components/account/application-form.tsx'
import { MAX_OTHER_PETS, otherPetsSchema, YES_NO, YES_NO_LABELS } from '#app/models/application-profile.ts'
import { fieldInputProps } from '#app/components/ui/conform.ts'
import { ErrorList, Field } from '#app/components/ui/forms.tsx'
import { stepAction, stepLoader } from '#app/models/application-profile.server.ts'
import { cn } from '#app/utils/misc.ts'

export const loader = (args: LoaderFunctionArgs) => stepLoader(args)
export const action = (args: ActionFunctionArgs) => stepAction('pets', otherPetsSchema, args)

const secondaryButton =
  'inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50'

export default function OtherPetsStep() {
  const hydrated = useHydrated()
  const [form, fields] = useStepForm('pets', otherPetsSchema)
  const pets = fields.other_pets.getFieldList()
  return (
    <StepForm step="pets" form={form} intro="The animals you have now, and the veterinarian who knows them.">
      <ChoiceGroup legend="Do you have other pets?" field={fields.has_other_pets} options={YES_NO} labels={YES_NO_LABELS} />
      {/* Without JavaScript the list stays in view and says whom it is for; with it, it appears for a yes. */}
      <div className={cn('flex flex-col gap-4', hydrated && fields.has_other_pets.value !== 'yes' && 'hidden')}>
        {hydrated ? null : (
          <p className="text-sm text-gray-600">If you have other pets, tell us about each one. Rows left empty are not saved.</p>
        )}
        <ol className="flex flex-col gap-4">
          {pets.map((pet, index) => {
            const petFields = pet.getFieldset()
            const { key: _spayedKey, ...spayedProps } = getInputProps(petFields.spayed_neutered, { type: 'checkbox' })
            const { key: _vaccinatedKey, ...vaccinatedProps } = getInputProps(petFields.vaccinated, { type: 'checkbox' })
            return (
              <li key={pet.key}>
                <fieldset className="rounded-lg border border-gray-200 p-4">
                  <legend className="px-1 text-sm font-semibold text-gray-900">Pet {index + 1}</legend>
                  <div className="flex flex-col gap-3">
                    <Field
                      labelProps={{ children: 'Kind of animal' }}
                      inputProps={fieldInputProps(petFields.kind, 'text', false, { placeholder: 'e.g. Cat', autoComplete: 'off' })}
                      errors={petFields.kind.errors}
                    />
                    <div className="flex flex-wrap gap-x-6 gap-y-2">
                      <label className="flex items-center gap-2 text-sm text-gray-800">
                        <input {...spayedProps} className="h-4 w-4 rounded border-gray-300" />
                        Spayed or neutered
                      </label>
                      <label className="flex items-center gap-2 text-sm text-gray-800">
                        <input {...vaccinatedProps} className="h-4 w-4 rounded border-gray-300" />
                        Vaccinated
                      </label>
                    </div>
                    <div>
                      <button {...form.remove.getButtonProps({ name: fields.other_pets.name, index })} className={secondaryButton}>
                        Remove pet {index + 1}
                      </button>
                    </div>
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
        <ErrorList id={fields.other_pets.errorId} errors={fields.other_pets.errors} />
        {pets.length < MAX_OTHER_PETS ? (
          <div>
            <button
              {...form.insert.getButtonProps({
                name: fields.other_pets.name,
                defaultValue: { kind: '', spayed_neutered: false, vaccinated: false },
              })}
              className={secondaryButton}
            >
              {pets.length ? 'Add another pet' : 'Add a pet'}
            </button>
          </div>
        ) : null}
      </div>
      <fieldset aria-describedby="vet-hint">
        <legend className="text-sm font-medium text-gray-800">Veterinarian</legend>
        <p id="vet-hint" className="text-xs text-gray-500">
          Needed if you have other pets: the shelter may ask how they are cared for.
        </p>
        <div className="mt-3 flex flex-col gap-4">
          <Field
            labelProps={{ children: "Veterinarian's or clinic's name" }}
            inputProps={fieldInputProps(fields.vet_name, 'text', false, { autoComplete: 'off' })}
            errors={fields.vet_name.errors}
          />
          <Field
            labelProps={{ children: "Veterinarian's phone" }}
            inputProps={fieldInputProps(fields.vet_phone, 'tel', false, { autoComplete: 'off', placeholder: '(512) 555-0199' })}
            errors={fields.vet_phone.errors}
          />
        </div>
      </fieldset>
    </StepForm>
  )
}

export const meta: MetaFunction = () => [{ title: 'Other pets and veterinarian | Application profile | Pawhaven' }]
