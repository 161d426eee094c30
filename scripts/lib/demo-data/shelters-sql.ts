// SQL that makes the demo shelters: auth users inserted as a sign-up would (so the profile
// trigger creates each shelter_profiles row), then the profiles filled in and approved.
import { CITIES } from '#scripts/lib/demo-data/cities.ts'
import { sqlText, sqlTextArray } from '#scripts/lib/demo-data/sql-text.ts'
import { SHELTER_MISSIONS, SHELTER_ORGANISATIONS, SHELTER_WORDS, STREETS } from '#scripts/lib/demo-data/words.ts'

/**
 * How far a demo shelter may sit from its ZIP code's point, in degrees of latitude (a square
 * this wide, its longitude widened by the latitude): 0.014° is under a mile, so a shelter at
 * 'New York, NY 10001' is in Chelsea, not across the river in Brooklyn.
 */
export const SHELTER_SPREAD_DEGREES = 0.014

export function sheltersSql({ shelters, cities }: { shelters: number; cities: number }): string {
  const cityRows = CITIES.slice(0, cities)
    .map(
      (city, index) =>
        `(${index + 1}, ${sqlText(city.city)}, ${sqlText(city.state)}, ${sqlText(city.zip)}, ${sqlText(city.areaCode)}, ${city.latitude}, ${city.longitude})`,
    )
    .join(',\n  ')
  const organisations = SHELTER_ORGANISATIONS.map((organisation) => organisation.name)
  const organisationTypes = SHELTER_ORGANISATIONS.map((organisation) => organisation.type)

  return `
-- Shelters: round-robin over the cities, around their ZIP code's point.
create temp table demo_cities (ordinal integer primary key, city text, state text, zip text, area_code text,
                               latitude double precision, longitude double precision);
insert into demo_cities values
  ${cityRows};

create temp table demo_shelters as
with picks as (
  select n,
         c.*,
         1 + floor(pg_temp.demo_random(n, 101) * ${organisations.length})::int as organisation,
         ${sqlTextArray(SHELTER_WORDS)}[1 + (n - 1) % ${SHELTER_WORDS.length}] as word,
         n > ${SHELTER_WORDS.length} as repeats_word
    from generate_series(1, ${shelters}) as n
    join demo_cities c on c.ordinal = 1 + (n - 1) % ${cities}
),
worded as (
  select p.*,
         p.word || ' ' || ${sqlTextArray(organisations)}[p.organisation]
           || case when p.repeats_word then ' of ' || p.city else '' end as base_name,
         ${sqlTextArray(organisationTypes)}[p.organisation] as shelter_type
    from picks p
),
-- Names (word, organisation, city) come round again past a few thousand shelters: the second
-- and later shelters of a name are numbered, so no two demo shelters share a name. A shared
-- name would share the slug's words, and then only six hex digits of an id (random ones, while
-- the sign-up trigger's slugs are replaced) would keep two slugs apart.
named as (
  select w.*,
         w.base_name || case when w.nth_of_name > 1 then ' ' || w.nth_of_name else '' end as name
    from (select worded.*, row_number() over (partition by base_name order by n) as nth_of_name from worded) w
)
select n,
       md5('pawhaven-demo-user-' || n)::uuid as user_id,
       md5('pawhaven-demo-shelter-' || n)::uuid as id,
       name,
       shelter_type,
       -- Padded to four digits, never cut: lpad() truncates longer strings (10000 would be 1000).
       format('demo-shelter-%s@example.org', lpad(n::text, greatest(4, length(n::text)), '0')) as email,
       trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')) as domain_name,
       concat_ws(' ',
         format('%s is %s in %s, %s, founded in %s.', name,
                case shelter_type when 'animal_shelter' then 'an open-admission animal shelter'
                                  when 'rescue_organization' then 'a volunteer-run rescue'
                                  else 'a network of foster homes' end,
                city, state, 1975 + floor(pg_temp.demo_random(n, 102) * 45)::int),
         pg_temp.demo_pick(${sqlTextArray(SHELTER_MISSIONS)}, pg_temp.demo_random(n, 103)),
         'Visit us, meet our animals, and ask our adoption team anything.') as description,
       format('(%s) 555-01%s', area_code, lpad(((n - 1) % 100)::text, 2, '0')) as phone,
       (100 + floor(pg_temp.demo_random(n, 104) * 8900)::int) || ' '
         || pg_temp.demo_pick(${sqlTextArray(STREETS)}, pg_temp.demo_random(n, 105)) as address,
       city, state, zip,
       -- Within about half a mile of the ZIP code's point: at the address the profile states.
       round((latitude + (pg_temp.demo_random(n, 106) - 0.5) * ${SHELTER_SPREAD_DEGREES})::numeric, 5)::double precision as latitude,
       round((longitude + (pg_temp.demo_random(n, 107) - 0.5) * ${SHELTER_SPREAD_DEGREES}
                          / cos(radians(latitude)))::numeric, 5)::double precision as longitude,
       20 + floor(pg_temp.demo_random(n, 108) * 280)::int as capacity,
       now() - make_interval(days => 60 + floor(pg_temp.demo_random(n, 109) * 900)::int) as joined_at
  from named;

-- Demo accounts have no password: nobody signs in as them. raw_app_meta_data marks them, so
-- a later seed can remove them again.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', user_id, 'authenticated', 'authenticated', email, '', joined_at,
       '{"provider": "email", "providers": ["email"], "demo": true}',
       jsonb_build_object('user_type', 'shelter', 'shelter_name', name), joined_at, joined_at
  from demo_shelters;

update public.shelter_profiles p
   set id = s.id,
       slug = public.shelter_slug(s.name, s.id),
       shelter_type = s.shelter_type,
       description = s.description,
       contact_email = 'adopt@' || s.domain_name || '.example.org',
       phone = s.phone,
       address = s.address,
       city = s.city,
       state = s.state,
       zip_code = s.zip,
       website = 'https://' || s.domain_name || '.example.org',
       capacity = s.capacity,
       latitude = s.latitude,
       longitude = s.longitude,
       meeting_completed = true,
       approved_at = s.joined_at + interval '3 days',
       created_at = s.joined_at
  from demo_shelters s
 where p.user_id = s.user_id;
`
}
