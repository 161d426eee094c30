import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useId, useState } from 'react'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { ErrorList, Field, FormErrorBox, SelectField, SubmitButton, TextareaField } from '#app/components/ui/forms.tsx'
import { animalNotesSchema, animalSchema } from '#app/models/animal-form-schema.ts'
import {
  AGE_GROUPS,
  AGE_GROUP_LABELS_WITH_YEARS,
  ANIMAL_STATUSES,
  ANIMAL_TYPES,
  ANIMAL_TYPE_LABELS,
  COAT_LABELS,
  COATS_BY_TYPE,
  COLORS_BY_TYPE,
  CARE_ANSWERS,
  CARE_ANSWER_LABELS,
  SEXES,
  SEX_LABELS,
  SIZES,
  SIZE_LABELS,
  STATUS_LABELS,
  optionsOf,
  type AnimalType,
} from '#app/utils/vocabulary.ts'
import { PhotosCard, UploadProgress, type ExistingPhoto } from '#app/components/dashboard/animal-photos.tsx'
import { Card, CardTitle } from '#app/components/dashboard/cards.tsx'

/** The form's starting values as the inputs hold them ('on' for a ticked box, '' for blank, yes/no/unknown for a care question). */
export type AnimalDefaults = Partial<Record<keyof typeof animalSchema._def.schema.shape, string>>

/**
 * Add or edit an animal: every listing field, and its photos. Posts multipart to the route's
 * action. With `notesOnly` (a volunteer), only the notes and the photos can be changed: the
 * other fields show the animal as it is, disabled, and are not sent.
 */
export function AnimalForm({
  id,
  defaultValue,
  lastResult,
  photoErrors,
  existingPhotos = [],
  notesOnly = false,
  readOnly = false,
  submitLabel,
}: {
  id: string
  defaultValue: AnimalDefaults
  lastResult: SubmissionResult<string[]> | undefined
  photoErrors?: string[]
  existingPhotos?: ExistingPhoto[]
  notesOnly?: boolean
  /** A synced animal: every field shown, none editable (its source controls them). */
  readOnly?: boolean
  submitLabel: string
}) {
  const submitting = useIsSubmitting()
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(notesOnly ? animalNotesSchema : animalSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => validateAnimalForm(formData, notesOnly),
  })
  // A volunteer's special needs notes are for an animal that has special needs, as on the full form.
  const locked = submitting || notesOnly || readOnly
  const notesLocked = submitting || readOnly || (notesOnly && fields.special_needs.initialValue !== 'yes')
  const [type, setType] = useState<AnimalType>((fields.type.initialValue as AnimalType) || 'dog')
  const coats = COATS_BY_TYPE[ANIMAL_TYPES.includes(type) ? type : 'dog']
  const colorListId = `${id}-colors`
  const text = (field: (typeof fields)[keyof typeof fields], extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => ({
    ...getInputProps(field, { type: 'text' }),
    ...extra,
    disabled: locked,
  })
  const select = (field: (typeof fields)[keyof typeof fields]) => ({ ...getSelectProps(field), disabled: locked })
  const checkbox = (field: (typeof fields)[keyof typeof fields]) => ({ ...getInputProps(field, { type: 'checkbox' }), disabled: locked })
  const care = (legend: string, field: (typeof fields)[keyof typeof fields]) => (
    <CareQuestion legend={legend} field={field} disabled={locked} />
  )

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={stopOnPhotoProblems(getFormProps(form).onSubmit)}
      className="flex flex-col gap-6"
    >
      <FormErrorBox id={form.errorId} errors={form.errors} />
      {notesOnly ? (
        <p className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-gray-800">
          {fields.special_needs.initialValue === 'yes'
            ? 'As a volunteer you can change this animal’s description, special needs notes and photos. Ask a staff member to change anything else.'
            : 'As a volunteer you can change this animal’s description and photos. Special needs notes open once a staff member marks the animal as having special needs; ask a staff member to change anything else.'}
        </p>
      ) : null}
      <Card>
        <CardTitle>About</CardTitle>
        <div className="mt-4 grid gap-5 md:grid-cols-3">
          <Field labelProps={{ children: 'Name' }} inputProps={text(fields.name, { autoComplete: 'off' })} errors={fields.name.errors} />
          <SelectField
            labelProps={{ children: 'Type' }}
            selectProps={{ ...select(fields.type), onChange: (event) => setType(event.currentTarget.value as AnimalType) }}
            options={optionsOf(ANIMAL_TYPES, ANIMAL_TYPE_LABELS)}
            errors={fields.type.errors}
          />
          <SelectField
            labelProps={{ children: 'Status' }}
            selectProps={select(fields.status)}
            options={optionsOf(ANIMAL_STATUSES, STATUS_LABELS)}
            errors={fields.status.errors}
          />
          <Field
            labelProps={{ children: 'Primary Breed' }}
            inputProps={text(fields.primary_breed, { placeholder: 'e.g. Labrador Retriever' })}
            errors={fields.primary_breed.errors}
          />
          <Field
            labelProps={{ children: 'Secondary Breed' }}
            inputProps={text(fields.secondary_breed)}
            errors={fields.secondary_breed.errors}
          />
          <CheckboxField
            label="Mixed breed"
            inputProps={checkbox(fields.mixed_breed)}
            errors={fields.mixed_breed.errors}
            className="md:self-end md:pb-2"
          />
          <SelectField
            labelProps={{ children: 'Age' }}
            selectProps={select(fields.age_group)}
            options={optionsOf(AGE_GROUPS, AGE_GROUP_LABELS_WITH_YEARS)}
            errors={fields.age_group.errors}
          />
          <Field
            labelProps={{ children: 'Birth Date' }}
            inputProps={{ ...getInputProps(fields.birth_date, { type: 'date' }), disabled: locked }}
            errors={fields.birth_date.errors}
            hint="Optional, if you know it."
          />
          <SelectField
            labelProps={{ children: 'Sex' }}
            selectProps={select(fields.sex)}
            options={optionsOf(SEXES, SEX_LABELS)}
            errors={fields.sex.errors}
          />
          <SelectField
            labelProps={{ children: 'Size' }}
            selectProps={select(fields.size)}
            options={optionsOf(SIZES, SIZE_LABELS)}
            errors={fields.size.errors}
          />
          <SelectField
            labelProps={{ children: 'Coat' }}
            selectProps={select(fields.coat)}
            options={[
              { value: '', label: coats.length ? 'Not specified' : 'Not applicable' },
              ...coats.map((coat) => ({ value: coat, label: COAT_LABELS[coat] })),
            ]}
            errors={fields.coat.errors}
          />
        </div>
        <div className="mt-5 grid gap-5 md:grid-cols-3">
          <Field
            labelProps={{ children: 'Primary Color' }}
            inputProps={text(fields.primary_color, { list: colorListId })}
            errors={fields.primary_color.errors}
          />
          <Field
            labelProps={{ children: 'Secondary Color' }}
            inputProps={text(fields.secondary_color, { list: colorListId })}
            errors={fields.secondary_color.errors}
          />
          <Field
            labelProps={{ children: 'Tertiary Color' }}
            inputProps={text(fields.tertiary_color, { list: colorListId })}
            errors={fields.tertiary_color.errors}
          />
          <datalist id={colorListId}>
            {COLORS_BY_TYPE[ANIMAL_TYPES.includes(type) ? type : 'dog'].map((color) => (
              <option key={color} value={color} />
            ))}
          </datalist>
        </div>
      </Card>

      <Card>
        <CardTitle>Behavior and Care</CardTitle>
        <p className="mt-1 text-sm text-gray-600">Not sure is fine: adopters are told only what you know.</p>
        <div className="mt-4 grid gap-5 sm:grid-cols-2 md:grid-cols-3">
          {care('Good with Children', fields.good_with_children)}
          {care('Good with Dogs', fields.good_with_dogs)}
          {care('Good with Cats', fields.good_with_cats)}
          {care('House-trained', fields.house_trained)}
          {care('Spayed / neutered', fields.spayed_neutered)}
          {care('Vaccinations current', fields.vaccinations_current)}
          {care('Special needs', fields.special_needs)}
        </div>
        <TextareaField
          className="mt-5"
          labelProps={{ children: 'Special Needs Notes' }}
          textareaProps={{ ...getTextareaProps(fields.special_needs_notes), rows: 3, disabled: notesLocked }}
          errors={fields.special_needs_notes.errors}
        />
      </Card>

      <Card>
        <CardTitle>Listing</CardTitle>
        <div className="mt-4 grid gap-5 md:grid-cols-3">
          <Field
            labelProps={{ children: 'Adoption Fee ($)' }}
            inputProps={{
              ...getInputProps(fields.adoption_fee, { type: 'number' }),
              min: 0,
              step: '0.01',
              inputMode: 'decimal',
              disabled: locked,
            }}
            errors={fields.adoption_fee.errors}
            hint="Leave blank if you have not set one."
          />
        </div>
        <TextareaField
          className="mt-5"
          labelProps={{ children: 'Description' }}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 6, disabled: submitting || readOnly }}
          errors={fields.description.errors}
        />
      </Card>

      <PhotosCard existingPhotos={existingPhotos} photoErrors={photoErrors} disabled={submitting || readOnly} />

      {readOnly ? null : (
        <div className="flex flex-wrap items-center justify-end gap-4">
          <UploadProgress />
          <SubmitButton pending={submitting} pendingText="Saving...">
            {submitLabel}
          </SubmitButton>
        </div>
      )}
    </Form>
  )
}

/**
 * The full schema, or a volunteer's notes schema (the other fields are disabled, so not sent).
 * Typed as the full form's submission, so the fields keep their types either way.
 */
function validateAnimalForm(formData: FormData, notesOnly: boolean) {
  const full = () => parseWithZod(formData, { schema: animalSchema })
  return notesOnly ? (parseWithZod(formData, { schema: animalNotesSchema }) as unknown as ReturnType<typeof full>) : full()
}

/** With JavaScript, a photo that would be refused is never uploaded: the form stays, the field says why. */
function stopOnPhotoProblems(submit: React.FormEventHandler<HTMLFormElement>): React.FormEventHandler<HTMLFormElement> {
  return (event) => {
    const input = event.currentTarget.elements.namedItem('photos')
    if (input instanceof HTMLInputElement && input.validationMessage) {
      event.preventDefault()
      input.focus()
      return
    }
    submit(event)
  }
}

/** A care question: Yes / No / Not sure radios in a fieldset its legend names; Not sure when nothing was given. */
function CareQuestion({ legend, field, disabled }: { legend: string; field: FieldMetadata<string>; disabled: boolean }) {
  const errorId = field.errors?.length ? field.errorId : undefined
  const checked = typeof field.initialValue === 'string' && field.initialValue ? field.initialValue : 'unknown'
  return (
    <fieldset aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {CARE_ANSWERS.map((answer) => {
          const id = `${field.id}-${answer}`
          return (
            <div key={answer} className="flex items-center gap-2">
              <input
                {...getInputProps(field, { type: 'radio', value: answer, ariaAttributes: false })}
                id={id}
                defaultChecked={checked === answer}
                disabled={disabled}
                className="h-4 w-4 border-gray-300 text-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-1"
              />
              <label htmlFor={id} className="text-sm text-gray-800">
                {CARE_ANSWER_LABELS[answer]}
              </label>
            </div>
          )
        })}
      </div>
      <ErrorList id={errorId} errors={field.errors} />
    </fieldset>
  )
}

function CheckboxField({
  label,
  inputProps,
  errors,
  className,
}: {
  label: string
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: string[]
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          {...inputProps}
          id={id}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="h-4 w-4 rounded border-gray-300 text-brand-700 focus:ring-brand-500"
        />
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
