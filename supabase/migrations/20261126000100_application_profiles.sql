-- The adoption application profile (issue 12): filled once at /account/application, saved as a
-- draft as the person goes, and sent as a snapshot with each application. The questions follow
-- what shelters ask (ASM3's adoption application template, Shelterluv's and Petfinder shelters'
-- common forms). Every answer may be empty while it is a draft; what an application needs is
-- checked by public.application_profile_missing, once, here, for the form and for sending.

create table public.application_profiles (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,

  -- Contact and address
  full_name text check (length(full_name) between 1 and 100),
  phone text check (length(phone) between 7 and 30),
  address_line1 text check (length(address_line1) between 1 and 200),
  address_line2 text check (length(address_line2) between 1 and 200),
  city text check (length(city) between 1 and 100),
  state text check (state ~ '^[A-Z]{2}$'),
  zip_code text check (zip_code ~ '^[0-9]{5}$'),

  -- Household: the adults, each child's age in years, and allergies to animals
  adults smallint check (adults between 1 and 20),
  children_ages smallint[] not null default '{}'
    check (cardinality(children_ages) <= 15 and 0 <= all (children_ages) and 17 >= all (children_ages)),
  allergies text check (allergies in ('none', 'mild', 'severe')),
  allergies_details text check (length(allergies_details) <= 500),

  -- Home
  home_ownership text check (home_ownership in ('own', 'rent', 'live_with_family')),
  landlord_permission text check (landlord_permission in ('yes', 'no', 'pending')),
  landlord_contact text check (length(landlord_contact) <= 200),
  home_type text check (home_type in ('house', 'apartment', 'condo', 'townhouse', 'mobile_home', 'farm', 'other')),
  has_yard boolean,
  fence text check (fence in ('none', 'partial', 'full')),

  -- Other pets: each with its kind and whether it is spayed or neutered and vaccinated
  has_other_pets boolean,
  other_pets jsonb not null default '[]' check (jsonb_typeof(other_pets) = 'array' and jsonb_array_length(other_pets) <= 15),

  -- Veterinarian reference
  vet_name text check (length(vet_name) between 1 and 200),
  vet_phone text check (length(vet_phone) between 7 and 30),

  -- Experience and routine
  experience text check (length(experience) <= 2000),
  hours_alone smallint check (hours_alone between 0 and 24),
  looking_for text check (length(looking_for) <= 2000),

  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.application_profiles is
  'An adopter''s reusable adoption application: theirs alone; shelters see the snapshot sent with each application.';
create trigger application_profiles_updated_at before update on public.application_profiles
  for each row execute function public.set_updated_at();

alter table public.application_profiles enable row level security;
create policy "people read their own application profile" on public.application_profiles
  for select to authenticated using (user_id = (select auth.uid()));
create policy "people start their own application profile" on public.application_profiles
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "people change their own application profile" on public.application_profiles
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
revoke all on public.application_profiles from anon, authenticated;
grant select on public.application_profiles to authenticated;
grant insert (full_name, phone, address_line1, address_line2, city, state, zip_code, adults, children_ages, allergies,
              allergies_details, home_ownership, landlord_permission, landlord_contact, home_type, has_yard, fence,
              has_other_pets, other_pets, vet_name, vet_phone, experience, hours_alone, looking_for)
  on public.application_profiles to authenticated;
grant update (full_name, phone, address_line1, address_line2, city, state, zip_code, adults, children_ages, allergies,
              allergies_details, home_ownership, landlord_permission, landlord_contact, home_type, has_yard, fence,
              has_other_pets, other_pets, vet_name, vet_phone, experience, hours_alone, looking_for)
  on public.application_profiles to authenticated;

/**
 * What a profile still needs before it can be sent, as short phrases for a sentence ('your
 * phone number', …), in the order of the form's steps; empty when it is complete enough.
 * A renter needs the landlord's permission answered, someone with other pets needs them
 * described and a veterinarian to ask about them.
 */
create or replace function public.application_profile_missing(applicant uuid) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(item.label order by item.position) filter (where item.missing), '{}')
    from (select 1) as one
    left join public.application_profiles profile on profile.user_id = applicant
    cross join lateral (values
      (1, 'your full name', profile.full_name is null),
      (2, 'your phone number', profile.phone is null),
      (3, 'your street address', profile.address_line1 is null or profile.city is null or profile.state is null or profile.zip_code is null),
      (4, 'how many adults live with you', profile.adults is null),
      (5, 'whether anyone at home has allergies to animals', profile.allergies is null),
      (6, 'whether you own or rent your home', profile.home_ownership is null),
      (7, 'whether your landlord allows pets', profile.home_ownership = 'rent' and profile.landlord_permission is null),
      (8, 'the type of home you live in', profile.home_type is null),
      (9, 'whether you have a yard', profile.has_yard is null),
      (10, 'whether you have other pets', profile.has_other_pets is null),
      (11, 'your other pets', profile.has_other_pets and jsonb_array_length(profile.other_pets) = 0),
      (12, 'a veterinarian we can ask about your pets', profile.has_other_pets and (profile.vet_name is null or profile.vet_phone is null)),
      (13, 'how many hours a day the pet would be alone', profile.hours_alone is null),
      (14, 'what you are looking for in a pet', profile.looking_for is null)
    ) as item(position, label, missing);
$$;
revoke execute on function public.application_profile_missing(uuid) from public, anon, authenticated;

/** What the caller's profile still needs (everything, before they start one). */
create or replace function public.my_application_profile_missing() returns text[]
language sql stable security definer set search_path = '' as $$
  select public.application_profile_missing((select auth.uid()));
$$;
revoke execute on function public.my_application_profile_missing() from public, anon;
grant execute on function public.my_application_profile_missing() to authenticated;

/**
 * What an application carries: the profile's answers and the applicant's account email, as they
 * are at the moment of sending (later edits to the profile do not change a sent application).
 */
create or replace function public.application_snapshot(applicant uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select (to_jsonb(p) - 'user_id' - 'created_at' - 'updated_at') || jsonb_build_object('email', u.email)
    from public.application_profiles p join auth.users u on u.id = p.user_id
   where p.user_id = applicant;
$$;
revoke execute on function public.application_snapshot(uuid) from public, anon, authenticated;
