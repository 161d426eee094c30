import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useId, useState } from 'react'
import { useIsSubmitting } from '~/components/ui/pending'
import { ErrorList, Field, FormErrorBox, SelectField, SubmitButton, TextareaField } from '~/components/ui/forms'
import { animalNotesSchema, animalSchema } from '~/models/animal-schema'
import {
  AGE_GROUPS,
  AGE_GROUP_LABELS_WITH_YEARS,
  ANIMAL_STATUSES,
  ANIMAL_TYPES,
  ANIMAL_TYPE_LABELS,
  COAT_LABELS,
  COATS_BY_TYPE,
  COLORS_BY_TYPE,
  GOOD_WITH_ANSWERS,
  GOOD_WITH_ANSWER_LABELS,
  SEXES,
  SEX_LABELS,
  SIZES,
  SIZE_LABELS,
  STATUS_LABELS,
  optionsOf,
  type AnimalType,
} from '~/utils/vocabulary'
import { PhotosCard, UploadProgress, type ExistingPhoto } from './animal-photos'
import { Card, CardTitle } from './cards'

/** The form's starting values as the inputs hold them ('on' for a ticked box, '' for blank). */
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
  const notesLocked = submitting || readOnly || (notesOnly && fields.special_needs.initialValue !== 'on')
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

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onSubmit={stopOnPhotoProblems(getFormProps(form).onSubmit)} className="flex flex-col gap-6">
      <FormErrorBox id={form.errorId} errors={form.errors} />
      {notesOnly ? (
        <p className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-gray-800">
          {fields.special_needs.initialValue === 'on'
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
          <SelectField labelProps={{ children: 'Status' }} selectProps={select(fields.status)} options={optionsOf(ANIMAL_STATUSES, STATUS_LABELS)} errors={fields.status.errors} />
          <Field labelProps={{ children: 'Primary Breed' }} inputProps={text(fields.primary_breed, { placeholder: 'e.g. Labrador Retriever' })} errors={fields.primary_breed.errors} />
          <Field labelProps={{ children: 'Secondary Breed' }} inputProps={text(fields.secondary_breed)} errors={fields.secondary_breed.errors} />
          <CheckboxField label="Mixed breed" inputProps={checkbox(fields.mixed_breed)} errors={fields.mixed_breed.errors} className="md:self-end md:pb-2" />
          <SelectField labelProps={{ children: 'Age' }} selectProps={select(fields.age_group)} options={optionsOf(AGE_GROUPS, AGE_GROUP_LABELS_WITH_YEARS)} errors={fields.age_group.errors} />
          <Field labelProps={{ children: 'Birth Date' }} inputProps={{ ...getInputProps(fields.birth_date, { type: 'date' }), disabled: locked }} errors={fields.birth_date.errors} hint="Optional, if you know it." />
          <SelectField labelProps={{ children: 'Sex' }} selectProps={select(fields.sex)} options={optionsOf(SEXES, SEX_LABELS)} errors={fields.sex.errors} />
          <SelectField labelProps={{ children: 'Size' }} selectProps={select(fields.size)} options={optionsOf(SIZES, SIZE_LABELS)} errors={fields.size.errors} />
          <SelectField
            labelProps={{ children: 'Coat' }}
            selectProps={select(fields.coat)}
            options={[{ value: '', label: coats.length ? 'Not specified' : 'Not applicable' }, ...coats.map((coat) => ({ value: coat, label: COAT_LABELS[coat] }))]}
            errors={fields.coat.errors}
          />
        </div>
        <div className="mt-5 grid gap-5 md:grid-cols-3">
          <Field labelProps={{ children: 'Primary Color' }} inputProps={text(fields.primary_color, { list: colorListId })} errors={fields.primary_color.errors} />
          <Field labelProps={{ children: 'Secondary Color' }} inputProps={text(fields.secondary_color, { list: colorListId })} errors={fields.secondary_color.errors} />
          <Field labelProps={{ children: 'Tertiary Color' }} inputProps={text(fields.tertiary_color, { list: colorListId })} errors={fields.tertiary_color.errors} />
          <datalist id={colorListId}>
            {COLORS_BY_TYPE[ANIMAL_TYPES.includes(type) ? type : 'dog'].map((color) => (
              <option key={color} value={color} />
            ))}
          </datalist>
        </div>
      </Card>

      <Card>
        <CardTitle>Behavior and Care</CardTitle>
        <div className="mt-4 grid gap-5 md:grid-cols-3">
          <SelectField labelProps={{ children: 'Good with Children' }} selectProps={select(fields.good_with_children)} options={optionsOf(GOOD_WITH_ANSWERS, GOOD_WITH_ANSWER_LABELS)} errors={fields.good_with_children.errors} />
          <SelectField labelProps={{ children: 'Good with Dogs' }} selectProps={select(fields.good_with_dogs)} options={optionsOf(GOOD_WITH_ANSWERS, GOOD_WITH_ANSWER_LABELS)} errors={fields.good_with_dogs.errors} />
          <SelectField labelProps={{ children: 'Good with Cats' }} selectProps={select(fields.good_with_cats)} options={optionsOf(GOOD_WITH_ANSWERS, GOOD_WITH_ANSWER_LABELS)} errors={fields.good_with_cats.errors} />
        </div>
        <div className="mt-5 grid gap-3 sm:grid-cols-2">
          <CheckboxField label="House-trained" inputProps={checkbox(fields.house_trained)} errors={fields.house_trained.errors} />
          <CheckboxField label="Spayed / neutered" inputProps={checkbox(fields.spayed_neutered)} errors={fields.spayed_neutered.errors} />
          <CheckboxField label="Vaccinations current" inputProps={checkbox(fields.vaccinations_current)} errors={fields.vaccinations_current.errors} />
          <CheckboxField label="Special needs" inputProps={checkbox(fields.special_needs)} errors={fields.special_needs.errors} />
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
            inputProps={{ ...getInputProps(fields.adoption_fee, { type: 'number' }), min: 0, step: '0.01', inputMode: 'decimal', disabled: locked }}
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
