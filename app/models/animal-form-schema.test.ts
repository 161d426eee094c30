import { parseWithZod } from '@conform-to/zod'
import { animalColumns, animalSchema, parseListFilters, photoChoicesSchema } from '#app/models/animal-form-schema.ts'

function parse(fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.append(name, value)
  return parseWithZod(formData, { schema: animalSchema })
}

/** The field errors of a submission that failed. */
function errorsOf(fields: Record<string, string>) {
  const submission = parse(fields)
  return submission.status === 'error' ? (submission.error ?? {}) : {}
}

const minimal = { name: 'Biscuit', type: 'dog', age_group: 'young' }

describe('animalSchema', () => {
  test('needs only a name, a type and an age; the rest has defaults', () => {
    const submission = parse(minimal)
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({
      name: 'Biscuit',
      sex: 'unknown',
      size: 'medium',
      status: 'available',
      good_with_children: 'unknown',
      house_trained: 'unknown',
      mixed_breed: false,
    })
    expect(animalColumns(submission.value)).toMatchObject({ primary_breed: null, coat: null, adoption_fee: null, birth_date: null })
  })

  test('reads every field as the form sends it', () => {
    const submission = parse({
      ...minimal,
      primary_breed: ' Beagle ',
      mixed_breed: 'on',
      birth_date: '2023-04-01',
      sex: 'female',
      size: 'small',
      primary_color: 'Tricolor (Brown, Black, & White)',
      coat: 'short',
      good_with_children: 'yes',
      good_with_cats: 'no',
      house_trained: 'yes',
      spayed_neutered: 'no',
      special_needs: 'yes',
      special_needs_notes: 'Needs a daily pill.',
      adoption_fee: '150.50',
      description: 'Loves walks.\n\nAnd naps.',
      status: 'pending',
    })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(animalColumns(submission.value)).toMatchObject({
      primary_breed: 'Beagle',
      mixed_breed: true,
      birth_date: '2023-04-01',
      coat: 'short',
      good_with_children: 'yes',
      good_with_cats: 'no',
      house_trained: true,
      spayed_neutered: false,
      vaccinations_current: null,
      special_needs: true,
      special_needs_notes: 'Needs a daily pill.',
      adoption_fee: 150.5,
      status: 'pending',
    })
  })

  test('explains what is missing or wrong', () => {
    expect(errorsOf({ type: 'unicorn', birth_date: '2999-01-01', adoption_fee: '-5' })).toMatchObject({
      name: ['Name is required'],
      type: ['Choose a type'],
      age_group: ['Age is required'],
      birth_date: ['The birth date cannot be in the future'],
      adoption_fee: ['The fee cannot be negative'],
    })
  })

  test('rejects values the database would refuse', () => {
    expect(errorsOf({ ...minimal, name: 'x'.repeat(101) }).name).toEqual(['Name must be at most 100 characters'])
    expect(errorsOf({ ...minimal, adoption_fee: '10.999' }).adoption_fee).toEqual(['Use at most two decimals'])
    expect(errorsOf({ ...minimal, adoption_fee: 'ten' }).adoption_fee).toBeDefined()
    expect(errorsOf({ ...minimal, birth_date: '1900-01-01' }).birth_date).toEqual(['The birth date is too far in the past'])
    for (const impossible of ['2020-02-30', '2021-02-29', '2023-04-31', '2023-13-01', '2023-00-10']) {
      expect(errorsOf({ ...minimal, birth_date: impossible }).birth_date, impossible).toContain('Enter a real date')
    }
    expect(errorsOf({ ...minimal, birth_date: '2024-02-29' }).birth_date).toBeUndefined()
    expect(errorsOf({ ...minimal, status: 'sold' }).status).toBeDefined()
    expect(errorsOf({ ...minimal, type: 'cat', coat: 'wire' }).coat).toEqual(['This coat does not apply to this type'])
    expect(errorsOf({ ...minimal, special_needs_notes: 'notes' }).special_needs).toEqual([
      'Answer Yes to special needs, or clear the notes',
    ])
    expect(errorsOf({ ...minimal, house_trained: 'on' }).house_trained).toBeDefined()
  })

  test('a care question left at Not sure (or not sent) is stored as not known, never as no', () => {
    const submission = parse({ ...minimal, house_trained: 'unknown' })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(animalColumns(submission.value)).toMatchObject({
      house_trained: null,
      spayed_neutered: null,
      vaccinations_current: null,
      special_needs: null,
      special_needs_notes: null,
    })
  })
})

describe('parseListFilters', () => {
  test('keeps a name search and a known status, ignores anything else', () => {
    expect(parseListFilters(new URLSearchParams('q=%20Bis%20&status=adopted'))).toEqual({ q: 'Bis', status: 'adopted' })
    expect(parseListFilters(new URLSearchParams('status=sold'))).toEqual({ q: '', status: null })
    expect(parseListFilters(new URLSearchParams(`q=${'a'.repeat(500)}`)).q).toHaveLength(100)
  })
})

describe('photo choices', () => {
  const id = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f'
  it('takes photo ids to remove and a main photo', () => {
    expect(photoChoicesSchema.parse({ remove_photo: [id], main_photo: id })).toEqual({ remove_photo: [id], main_photo: id })
    expect(photoChoicesSchema.parse({ remove_photo: [] })).toEqual({ remove_photo: [] })
  })
  it('refuses anything that is not a photo id', () => {
    expect(photoChoicesSchema.safeParse({ remove_photo: ['../../etc'] }).success).toBe(false)
    expect(photoChoicesSchema.safeParse({ remove_photo: [], main_photo: 'x' }).success).toBe(false)
  })
})
