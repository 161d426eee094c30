// An application profile complete enough to send applications with (every answer the shared
// profile requires), for the database and browser tests. A test spreads it and changes what it
// looks at: `{ ...APPLICATION_PROFILE, looking_for: 'Two calm dogs' }`.
export const APPLICATION_PROFILE = {
  full_name: 'Ana Reyes',
  phone: '(512) 555-0100',
  address_line1: '1 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  adults: 2,
  allergies: 'none',
  home_ownership: 'own',
  home_type: 'house',
  has_yard: true,
  has_other_pets: false,
  hours_alone: 4,
  looking_for: 'A calm companion',
}
