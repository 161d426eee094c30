// The application profile's steps, forms and words: each step's form turns what a person typed
// into the columns it saves (or into messages they can act on), the answers read as labelled
// rows, and the module agrees with the database's checks and its list of what is missing.
import path from 'node:path'
import { parseWithZod } from '@conform-to/zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap, openDatabase, type Database } from '#localbase/src/db.ts'
import {
  ALLERGIES,
  APPLICATION_STEPS,
  applicationSections,
  contactSchema,
  experienceSchema,
  FENCES,
  HOME_OWNERSHIPS,
  HOME_TYPES,
  homeSchema,
  householdSchema,
  LANDLORD_PERMISSIONS,
  MISSING_BY_STEP,
  NOT_ANSWERED,
  otherPetsOf,
  otherPetsSchema,
  parseChildrenAges,
  pathAfterStep,
  pathForMissing,
  profileFormValues,
  stepsComplete,
  type ApplicationAnswers,
} from '#app/models/application-profile.ts'

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

/** What the step saves, or the errors the person sees, parsed as the browser and the action parse it. */
function parse<Schema extends Parameters<typeof parseWithZod>[1]['schema']>(schema: Schema, fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema })
  return submission.status === 'success' ? { value: submission.value } : { errors: submission.reply().error }
}

describe('contact and address', () => {
  it('saves what was typed, tidied: the phone written one way, the state in capitals, ZIP+4 as its ZIP', () => {
    expect(
      parse(contactSchema, {
        full_name: ' Ana Reyes ',
        phone: '512.555.0100',
        address_line1: '1 Congress Ave',
        city: 'Austin',
        state: 'tx',
        zip_code: '78701-1234',
      }),
    ).toEqual({
      value: {
        full_name: 'Ana Reyes',
        phone: '(512) 555-0100',
        address_line1: '1 Congress Ave',
        address_line2: null,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
      },
    })
  })

  it('saves a draft with nothing in it', () => {
    expect(parse(contactSchema, {})).toEqual({
      value: { full_name: null, phone: null, address_line1: null, address_line2: null, city: null, state: null, zip_code: null },
    })
  })

  it('says what is wrong with a ZIP code, a phone number or a state', () => {
    expect(parse(contactSchema, { zip_code: '7870', phone: '555-0100', state: 'Texass' }).errors).toEqual({
      zip_code: ['Enter a 5-digit ZIP code, e.g. 78701'],
      phone: ['Enter a 10-digit US phone number, e.g. (512) 555-0100'],
      state: ["Use the state's name or its two-letter code, e.g. TX"],
    })
    expect(parse(contactSchema, { state: 'XX' }).errors).toEqual({ state: ["Use the state's name or its two-letter code, e.g. TX"] })
  })

  it('takes a state by its name or its code, and keeps the code', () => {
    for (const [typed, kept] of [
      ['New York', 'NY'],
      ['  new   york ', 'NY'],
      ['ny', 'NY'],
      ['District of Columbia', 'DC'],
      ['TX', 'TX'],
    ]) {
      expect(contactSchema.safeParse({ state: typed }).data?.state, typed).toBe(kept)
    }
  })
})

describe('household', () => {
  it('reads children’s ages separated by commas or spaces', () => {
    expect(parseChildrenAges('4, 9')).toEqual([4, 9])
    expect(parseChildrenAges(' 0 12;3 ')).toEqual([0, 12, 3])
    expect(parseChildrenAges('')).toEqual([])
  })

  it('says what is wrong with an age or a count', () => {
    expect(parse(householdSchema, { children_ages: 'four' }).errors).toEqual({
      children_ages: ["Enter each child's age in whole years, separated by commas, e.g. 4, 9"],
    })
    expect(parse(householdSchema, { children_ages: '4, 19' }).errors).toEqual({ children_ages: ['Count anyone 18 or older as an adult'] })
    expect(parse(householdSchema, { children_ages: Array(16).fill('3').join(',') }).errors).toEqual({
      children_ages: ['At most 15 children'],
    })
    const adults = ['Enter how many adults live with you (you included), from 1 to 20']
    expect(parse(householdSchema, { adults: '0' }).errors).toEqual({ adults })
    expect(parse(householdSchema, { adults: '2.5' }).errors).toEqual({ adults })
    expect(parse(householdSchema, { adults: 'two' }).errors).toEqual({ adults })
    expect(parse(householdSchema, { allergies: 'sometimes' }).errors).toEqual({ allergies: ['Choose one of the answers'] })
  })

  it('keeps the details of an allergy only when someone has one', () => {
    expect(parse(householdSchema, { adults: '2', children_ages: '4, 9', allergies: 'mild', allergies_details: 'Cats' }).value).toEqual({
      adults: 2,
      children_ages: [4, 9],
      allergies: 'mild',
      allergies_details: 'Cats',
    })
    expect(parse(householdSchema, { allergies: 'none', allergies_details: 'Cats' }).value).toEqual({
      adults: null,
      children_ages: [],
      allergies: 'none',
      allergies_details: null,
    })
  })
})

describe('home', () => {
  it('keeps the landlord’s answers for a renter only, and the fence only with a yard', () => {
    const renter = {
      home_ownership: 'rent',
      landlord_permission: 'pending',
      landlord_contact: 'Sam, 512-555-0111',
      home_type: 'apartment',
      has_yard: 'no',
      fence: 'full',
    }
    expect(parse(homeSchema, renter).value).toEqual({
      home_ownership: 'rent',
      landlord_permission: 'pending',
      landlord_contact: 'Sam, 512-555-0111',
      home_type: 'apartment',
      has_yard: false,
      fence: null,
    })
    expect(parse(homeSchema, { ...renter, home_ownership: 'own', has_yard: 'yes' }).value).toEqual({
      home_ownership: 'own',
      landlord_permission: null,
      landlord_contact: null,
      home_type: 'apartment',
      has_yard: true,
      fence: 'full',
    })
  })

  it('refuses an answer that is not one of the choices', () => {
    expect(parse(homeSchema, { home_type: 'castle', has_yard: 'maybe' }).errors).toEqual({
      home_type: ['Choose one of the types'],
      has_yard: ['Choose yes or no'],
    })
  })
})

describe('other pets and veterinarian', () => {
  it('saves the pets described, leaves empty rows out, and keeps none for “no”', () => {
    const fields = {
      has_other_pets: 'yes',
      'other_pets[0].kind': 'Cat',
      'other_pets[0].spayed_neutered': 'on',
      'other_pets[0].vaccinated': 'on',
      'other_pets[1].kind': '',
      'other_pets[2].kind': 'Dog',
      'other_pets[2].vaccinated': 'on',
      vet_name: 'Dr. Ruiz',
      vet_phone: '5125550199',
    }
    expect(parse(otherPetsSchema, fields).value).toEqual({
      has_other_pets: true,
      other_pets: [
        { kind: 'Cat', spayed_neutered: true, vaccinated: true },
        { kind: 'Dog', spayed_neutered: false, vaccinated: true },
      ],
      vet_name: 'Dr. Ruiz',
      vet_phone: '(512) 555-0199',
    })
    expect(parse(otherPetsSchema, { ...fields, has_other_pets: 'no' }).value).toMatchObject({ has_other_pets: false, other_pets: [] })
  })

  it('asks what kind of animal a described row is', () => {
    expect(parse(otherPetsSchema, { 'other_pets[0].vaccinated': 'on' }).errors).toEqual({
      'other_pets[0].kind': ['Say what kind of animal this is, e.g. Cat'],
    })
  })

  it('reads only well-formed pets from the JSON', () => {
    expect(otherPetsOf([{ kind: 'Cat', spayed_neutered: true }, { kind: '' }, null, 'dog'])).toEqual([
      { kind: 'Cat', spayed_neutered: true, vaccinated: false },
    ])
    expect(otherPetsOf({ kind: 'Cat' })).toEqual([])
  })
})

describe('experience and routine', () => {
  it('takes whole hours from 0 to 24', () => {
    expect(parse(experienceSchema, { hours_alone: '0', looking_for: 'A calm dog' }).value).toEqual({
      experience: null,
      hours_alone: 0,
      looking_for: 'A calm dog',
    })
    expect(parse(experienceSchema, { hours_alone: '25' }).errors).toEqual({ hours_alone: ['Enter whole hours from 0 to 24'] })
  })
})

describe('the steps', () => {
  it('go on to the next step, back to the one before, the review after the last and the overview before the first', () => {
    expect(pathAfterStep('contact', 'continue')).toBe('/account/application/household')
    expect(pathAfterStep('contact', 'back')).toBe('/account/application')
    expect(pathAfterStep('pets', 'back')).toBe('/account/application/home')
    expect(pathAfterStep('experience', 'continue')).toBe('/account/application/review')
  })

  it('are complete when nothing they ask for is missing', () => {
    expect(stepsComplete(['your phone number', 'whether your landlord allows pets'])).toEqual({
      contact: false,
      household: true,
      home: false,
      pets: true,
      experience: true,
    })
    expect(pathForMissing('a veterinarian we can ask about your pets')).toBe('/account/application/pets')
    expect(pathForMissing('something new')).toBe('/account/application/review')
  })

  it('fill each form with the saved answers', () => {
    const values = profileFormValues({
      adults: 2,
      children_ages: [4, 9],
      has_yard: false,
      other_pets: [{ kind: 'Cat', spayed_neutered: true, vaccinated: false }],
    })
    expect(values).toMatchObject({
      adults: '2',
      children_ages: '4, 9',
      has_yard: 'no',
      has_other_pets: undefined,
      other_pets: [{ kind: 'Cat', spayed_neutered: true, vaccinated: false }],
    })
    expect(profileFormValues(null).other_pets).toEqual([{ kind: '', spayed_neutered: false, vaccinated: false }])
  })
})

describe('the answers as rows', () => {
  const complete: ApplicationAnswers = {
    email: 'ana@example.com',
    full_name: 'Ana Reyes',
    phone: '(512) 555-0100',
    address_line1: '1 Congress Ave',
    address_line2: 'Apt 4',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    adults: 2,
    children_ages: [4, 9],
    allergies: 'mild',
    allergies_details: 'Cats make me sneeze',
    home_ownership: 'rent',
    landlord_permission: 'yes',
    landlord_contact: 'Sam Lee, 512-555-0111',
    home_type: 'apartment',
    has_yard: true,
    fence: 'partial',
    has_other_pets: true,
    other_pets: [{ kind: 'Cat', spayed_neutered: true, vaccinated: false }],
    vet_name: 'Dr. Ruiz',
    vet_phone: '(512) 555-0199',
    experience: 'Two dogs growing up',
    hours_alone: 1,
    looking_for: 'A calm dog',
  }

  it('label every answer in words, step by step', () => {
    expect(applicationSections(complete)).toEqual([
      {
        step: 'contact',
        title: 'Contact and address',
        rows: [
          ['Full name', 'Ana Reyes'],
          ['Email', 'ana@example.com'],
          ['Phone', '(512) 555-0100'],
          ['Address', '1 Congress Ave, Apt 4, Austin, TX 78701'],
        ],
      },
      {
        step: 'household',
        title: 'Household',
        rows: [
          ['Adults', '2'],
          ['Children', '2, ages 4 and 9'],
          ['Allergies to animals', 'Yes, mild'],
          ['About the allergies', 'Cats make me sneeze'],
        ],
      },
      {
        step: 'home',
        title: 'Home',
        rows: [
          ['Own or rent', 'Rent'],
          ['Landlord allows pets', 'Yes'],
          ["Landlord's contact", 'Sam Lee, 512-555-0111'],
          ['Type of home', 'Apartment'],
          ['Yard', 'Yes'],
          ['Fence', 'Partly fenced'],
        ],
      },
      {
        step: 'pets',
        title: 'Other pets and veterinarian',
        rows: [
          ['Other pets', 'Cat (spayed or neutered, not vaccinated)'],
          ['Veterinarian', 'Dr. Ruiz'],
          ["Veterinarian's phone", '(512) 555-0199'],
        ],
      },
      {
        step: 'experience',
        title: 'Experience and routine',
        rows: [
          ['Experience with pets', 'Two dogs growing up'],
          ['Hours alone per day', '1 hour'],
          ['Looking for', 'A calm dog'],
        ],
      },
    ])
  })

  it('leave out what does not apply and mark what is not answered', () => {
    const rows = Object.fromEntries(
      applicationSections({ home_ownership: 'own', has_yard: false, has_other_pets: false, children_ages: [] }).flatMap(
        (section) => section.rows,
      ),
    )
    expect(rows).not.toHaveProperty('Email')
    expect(rows).not.toHaveProperty('Landlord allows pets')
    expect(rows).not.toHaveProperty('Fence')
    expect(rows).toMatchObject({
      'Full name': NOT_ANSWERED,
      Address: NOT_ANSWERED,
      Children: 'None',
      'Own or rent': 'Own',
      Yard: 'No',
      'Other pets': 'None',
      'Hours alone per day': NOT_ANSWERED,
    })
    expect(Object.fromEntries(applicationSections({}).flatMap((section) => section.rows))).toMatchObject({
      Fence: NOT_ANSWERED,
      'Other pets': NOT_ANSWERED,
    })
  })
})

describe('the module and the database', () => {
  let db: Database
  beforeAll(async () => {
    db = await openDatabase(undefined)
    await bootstrap(db, { migrationsDir: path.resolve(import.meta.dirname, '../../supabase/migrations') })
  })
  afterAll(async () => {
    await db?.close()
  })

  it('offer exactly the answers the checks allow', async () => {
    const { rows } = await db.query<{ attname: string; definition: string }>(`
      select a.attname, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'c' and c.conrelid = 'public.application_profiles'::regclass and pg_get_constraintdef(c.oid) like '%= ANY (ARRAY[%'`)
    const quoted = (text: string) => [...text.matchAll(/'([^']*)'/g)].map((match) => match[1]!).sort()
    expect(Object.fromEntries(rows.map((row) => [row.attname, quoted(row.definition)]))).toEqual({
      allergies: [...ALLERGIES].sort(),
      home_ownership: [...HOME_OWNERSHIPS].sort(),
      landlord_permission: [...LANDLORD_PERMISSIONS].sort(),
      home_type: [...HOME_TYPES].sort(),
      fence: [...FENCES].sort(),
    })
  })

  it('know, step by step and in order, every phrase of what a profile may miss', async () => {
    const { rows } = await db.query<{ source: string }>(
      `select prosrc as source from pg_proc where oid = 'public.application_profile_missing(uuid)'::regprocedure`,
    )
    const phrases = [...rows[0]!.source.matchAll(/\(\d+, '([^']+)'/g)].map((match) => match[1])
    expect(APPLICATION_STEPS.flatMap((step) => MISSING_BY_STEP[step.slug])).toEqual(phrases)
  })
})
