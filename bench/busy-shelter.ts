// The bench's signed-in accounts, seeded after the demo animals: a "busy shelter" (the shelter of
// demo animal 1) with an owner who can sign in, 1,000 conversations and 1,000 applications from
// 1,000 adopters, and one adopter with a few favorites for the signed-in animal page. Set-based
// SQL through the seeding runner, like the demo data: a couple of seconds, not 2,000 HTTP calls.
//
// The accounts are marked demo (and bench) in raw_app_meta_data, so seeding the demo again
// removes them with everything else demo; running this again replaces them.
import bcrypt from 'bcryptjs'
import type { SqlRunner } from '#scripts/lib/demo-data/load.ts'
import { sqlText, sqlTextArray } from '#scripts/lib/demo-data/sql-text.ts'

/** Who the signed-in targets sign in as. Bench data only: never a real deployment's. */
export const BENCH_ACCOUNTS = {
  shelterOwner: { email: 'bench-shelter-owner@example.org', password: 'bench-paws-and-claws-1', idSeed: 'pawhaven-bench-shelter-owner' },
  adopter: { email: 'bench-adopter@example.org', password: 'bench-paws-and-claws-2', idSeed: 'pawhaven-bench-adopter' },
} as const
export type BenchAccount = keyof typeof BENCH_ACCOUNTS

/**
 * `animals`: the busy shelter's animals listed now, topped up to this with bench animals listed
 * over the past year, each with its daily analytics since it was listed, up to `analyticsDays`.
 */
export const BUSY_SHELTER_DEFAULTS = { conversations: 1000, applications: 1000, animals: 500, analyticsDays: 365 }

/** The demo animals the bench adopter saved (demo animal 1, the animal page's, among them). */
export const BENCH_FAVORITES = [1, 2, 3, 4, 5]

const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Carmen',
  'Dev',
  'Elena',
  'Femi',
  'Grace',
  'Hiro',
  'Imani',
  'Jonah',
  'Keiko',
  'Luis',
  'Maya',
  'Nate',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
]
const LAST_NAMES = [
  'Adams',
  'Brooks',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Johnson',
  'Kim',
  'Lopez',
  'Murphy',
  'Nguyen',
  'Okafor',
  'Patel',
  'Rossi',
  'Smith',
  'Torres',
  'Walker',
]
const QUESTIONS = [
  'Hi! Is {name} still available? We would love to meet {name} this weekend.',
  'Hello, how does {name} do with cats? We have an older cat at home.',
  "Could you tell me more about {name}'s energy level? I work from home and walk a lot.",
  'Is {name} house-trained? We live in an apartment on the third floor.',
  'We have two kids, 6 and 9. Would {name} be a good fit for a busy family?',
]
const REPLIES = [
  'Thanks for asking! {name} is still available. Our adoption hours are Tuesday to Sunday, 11 to 5.',
  'Great question: {name} has lived with a cat in foster care and did well. Come and meet {name}!',
  'Yes, {name} is house-trained and crate-trained. You are welcome to apply online.',
]
const FOLLOW_UPS = [
  'Wonderful, thank you! We will come by on Saturday.',
  'Thanks! I have just sent our application.',
  'That helps a lot, thank you.',
]

export type BusyShelterSize = { conversations: number; applications: number; animals?: number; analyticsDays?: number }
export type BusyShelterOptions = BusyShelterSize & { ownerPasswordHash: string; adopterPasswordHash: string }

export function busyShelterSql({
  conversations,
  applications,
  animals = BUSY_SHELTER_DEFAULTS.animals,
  analyticsDays = BUSY_SHELTER_DEFAULTS.analyticsDays,
  ownerPasswordHash,
  adopterPasswordHash,
}: BusyShelterOptions): string {
  const people = Math.max(conversations, applications)
  const benchMeta = `'{"provider": "email", "providers": ["email"], "demo": true, "bench": true}'::jsonb`
  const owner = BENCH_ACCOUNTS.shelterOwner
  const adopter = BENCH_ACCOUNTS.adopter
  // A template's {name} filled with the animal's name.
  const pick = (texts: readonly string[], index: string) =>
    `replace(${sqlTextArray(texts)}[1 + (${index}) % ${texts.length}], '{name}', c.animal_name)`
  return `
create or replace function pg_temp.bench_random(n bigint, salt integer) returns double precision
language sql immutable as $$ select (hashint8extended(n, salt) & 4294967295)::double precision / 4294967296 $$;

-- A second run replaces the first: its threads and applications go before their people, so
-- no account deletion has to blank them one by one.
delete from public.conversations where adopter_id in (select id from auth.users where raw_app_meta_data ->> 'bench' = 'true');
delete from public.applications where applicant_id in (select id from auth.users where raw_app_meta_data ->> 'bench' = 'true');
delete from auth.users where raw_app_meta_data ->> 'bench' = 'true';
-- The bench animals (and, by cascade, their analytics).
delete from public.animals where id in (select md5('pawhaven-bench-animal-' || n)::uuid from generate_series(1, 10000) as n);

-- The busy shelter: demo animal 1's, so it exists at every seed size.
create temp table bench_shelter as
select a.shelter_id as id from public.animals a where a.id = md5('pawhaven-demo-animal-1')::uuid;
do $$ begin
  if not exists (select 1 from bench_shelter) then raise exception 'the bench needs the demo animals seeded first'; end if;
end $$;

create temp table bench_animals as
select row_number() over (order by a.id) as k, a.id, a.name
  from public.animals a
 where a.shelter_id = (select id from bench_shelter) and a.status <> 'archived';
create temp table bench_animal_count as select count(*)::int as n from bench_animals;

-- The shelter's owner, who signs in (a second owner beside the demo account, which has no
-- password). Inserted without user_type, so the sign-up trigger makes no shelter of its own.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', md5(${sqlText(owner.idSeed)})::uuid, 'authenticated', 'authenticated',
        ${sqlText(owner.email)}, ${sqlText(ownerPasswordHash)}, now(), ${benchMeta}, '{}', now() - interval '1 year', now()),
       ('00000000-0000-0000-0000-000000000000', md5(${sqlText(adopter.idSeed)})::uuid, 'authenticated', 'authenticated',
        ${sqlText(adopter.email)}, ${sqlText(adopterPasswordHash)}, now(), ${benchMeta}, '{"user_type": "adopter"}', now() - interval '1 month', now());
update auth.users u
   set raw_user_meta_data = jsonb_build_object('user_type', 'shelter', 'shelter_name', p.shelter_name)
  from public.shelter_profiles p
 where u.id = md5(${sqlText(owner.idSeed)})::uuid and p.id = (select id from bench_shelter);
insert into public.shelter_members (shelter_id, user_id, role)
select id, md5(${sqlText(owner.idSeed)})::uuid, 'owner' from bench_shelter;

-- The signed-in adopter of the animal page, with a few favorites.
insert into public.adopter_profiles (user_id, display_name, zip_code) values (md5(${sqlText(adopter.idSeed)})::uuid, 'Bench Adopter', '10001');
insert into public.favorites (user_id, animal_id, created_at)
select md5(${sqlText(adopter.idSeed)})::uuid, a.id, now() - make_interval(hours => n)
  from unnest(array[${BENCH_FAVORITES.join(', ')}]) as n
  join public.animals a on a.id = md5('pawhaven-demo-animal-' || n)::uuid;

-- The people who write and apply: one conversation and one application each at most, so the
-- one-open-thread and one-open-application rules hold whatever the shelter's animal count.
create temp table bench_people as
select n,
       md5('pawhaven-bench-person-' || n)::uuid as id,
       format('bench-person-%s@example.org', lpad(n::text, greatest(4, length(n::text)), '0')) as email,
       ${sqlTextArray(FIRST_NAMES)}[1 + floor(pg_temp.bench_random(n, 1) * ${FIRST_NAMES.length})::int] || ' '
         || ${sqlTextArray(LAST_NAMES)}[1 + floor(pg_temp.bench_random(n, 2) * ${LAST_NAMES.length})::int] as name,
       now() - make_interval(days => 120 + floor(pg_temp.bench_random(n, 3) * 600)::int) as joined_at
  from generate_series(1, ${people}) as n;

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', joined_at,
       ${benchMeta}, '{"user_type": "adopter"}', joined_at, joined_at
  from bench_people;
-- Two in three gave a name; the rest show as their email's first part.
insert into public.adopter_profiles (user_id, display_name, created_at, updated_at)
select id, name, joined_at, joined_at from bench_people where n % 3 <> 0;

-- Conversations: about two hours apart, a question, often a reply, sometimes a follow-up; one
-- in five closed; those whose newest message is the adopter's are unread by the team.
create temp table bench_conversations as
select c.*,
       greatest(c.asked_at, c.replied_at, c.followed_up_at) as last_message_at
  from (select p.n,
               md5('pawhaven-bench-conversation-' || p.n)::uuid as id,
               p.id as adopter_id,
               a.id as animal_id,
               a.name as animal_name,
               asked_at,
               case when p.n % 4 <> 1 then asked_at + interval '3 hours' end as replied_at,
               case when p.n % 4 = 2 then asked_at + interval '5 hours' end as followed_up_at
          from bench_people p
          join bench_animals a on a.k = 1 + (p.n - 1) % (select n from bench_animal_count)
          cross join lateral (select now() - make_interval(hours => 6 + 2 * p.n, mins => floor(pg_temp.bench_random(p.n, 4) * 110)::int) as asked_at) as t
         where p.n <= ${conversations}) as c;

insert into public.conversations (id, shelter_id, animal_id, animal_name, adopter_id, status, created_at, last_message_at,
                                  last_adopter_message_at, last_shelter_message_at, adopter_read_at, shelter_read_at, closed_at)
select c.id, (select id from bench_shelter), c.animal_id, c.animal_name, c.adopter_id,
       case when c.n % 5 = 0 then 'closed' else 'open' end,
       c.asked_at, c.last_message_at,
       greatest(c.asked_at, c.followed_up_at), c.replied_at,
       c.last_message_at,
       -- The team read what it replied to; one in eight it read without replying yet.
       coalesce(c.replied_at, case when c.n % 8 = 1 then c.asked_at + interval '1 hour' end),
       case when c.n % 5 = 0 then least(now(), c.last_message_at + interval '1 day') end
  from bench_conversations c;

insert into public.messages (conversation_id, author_id, sender, body, created_at)
select c.id, m.author_id, m.sender, m.body, m.at
  from bench_conversations c
 cross join lateral (values
   ('adopter', c.adopter_id, ${pick(QUESTIONS, 'c.n')}, c.asked_at),
   ('shelter', md5(${sqlText(owner.idSeed)})::uuid, ${pick(REPLIES, 'c.n')}, c.replied_at),
   ('adopter', c.adopter_id, ${sqlTextArray(FOLLOW_UPS)}[1 + c.n % ${FOLLOW_UPS.length}], c.followed_up_at)
 ) as m(sender, author_id, body, at)
 where m.at is not null
 order by m.at;

-- Applications: about three hours apart; six in ten pending (submitted, in review or on hold),
-- two approved, one rejected, one withdrawn. Each from a different person, about a different pet.
create temp table bench_applications as
select p.n,
       md5('pawhaven-bench-application-' || p.n)::uuid as id,
       p.id as applicant_id,
       p.name as applicant_name,
       p.email,
       a.id as animal_id,
       a.name as animal_name,
       (array['submitted', 'submitted', 'submitted', 'submitted', 'in_review', 'on_hold', 'approved', 'approved', 'rejected', 'withdrawn'])[1 + p.n % 10] as status,
       now() - make_interval(hours => 1 + 3 * p.n, mins => floor(pg_temp.bench_random(p.n, 5) * 170)::int) as sent_at
  from bench_people p
  join bench_animals a on a.k = 1 + (p.n * 7) % (select n from bench_animal_count)
 where p.n <= ${applications};

insert into public.applications (id, shelter_id, animal_id, animal_name, applicant_id, applicant_name, snapshot, note, status,
                                 decision_message, created_at, updated_at)
select b.id, (select id from bench_shelter), b.animal_id, b.animal_name, b.applicant_id, b.applicant_name,
       jsonb_build_object(
         'full_name', b.applicant_name, 'email', b.email, 'phone', format('(212) 555-%s', lpad((b.n % 10000)::text, 4, '0')),
         'address_line1', (100 + b.n) || ' Bench Street', 'city', 'New York', 'state', 'NY', 'zip_code', '10001',
         'adults', 1 + b.n % 3, 'children_ages', case when b.n % 4 = 0 then '[6, 9]'::jsonb else '[]'::jsonb end,
         'allergies', 'none', 'home_ownership', case when b.n % 2 = 0 then 'own' else 'rent' end,
         'landlord_permission', case when b.n % 2 = 0 then null else 'yes' end,
         'home_type', case when b.n % 3 = 0 then 'house' else 'apartment' end, 'has_yard', b.n % 3 = 0,
         'fence', case when b.n % 3 = 0 then 'full' else 'none' end, 'has_other_pets', false, 'other_pets', '[]'::jsonb,
         'hours_alone', b.n % 9, 'looking_for', 'A friendly companion who enjoys walks.'),
       case when b.n % 3 = 0 then 'We would love to meet ' || b.animal_name || ' soon.' end,
       b.status,
       case when b.status = 'rejected' then 'Thank you for applying. We chose a home without other pets for ' || b.animal_name || '.' end,
       b.sent_at,
       case when b.status = 'submitted' then b.sent_at else least(now(), b.sent_at + interval '1 day') end
  from bench_applications b;

insert into public.application_events (application_id, status, actor, actor_id, created_at)
select b.id, 'submitted', 'adopter', b.applicant_id, b.sent_at from bench_applications b
union all
select b.id, b.status, case when b.status = 'withdrawn' then 'adopter' else 'shelter' end,
       case when b.status = 'withdrawn' then b.applicant_id else md5(${sqlText(owner.idSeed)})::uuid end,
       least(now(), b.sent_at + interval '1 day')
  from bench_applications b where b.status <> 'submitted'
 order by 5;

-- Analytics: ${animals} animals listed now, the bench's listed at random over the
-- past 400 days; each with a day's figures for every day since it was listed, up to ${analyticsDays}
-- days (views 0–39 a day; favorites, shares, questions and applications a few in a hundred
-- views), on top of what the triggers counted for the favorites, threads and applications above.
insert into public.animals (id, shelter_id, owner_id, name, type, age_group, status, published_at, created_at)
select md5('pawhaven-bench-animal-' || n)::uuid, s.id, s.user_id, format('Bench pet %s', n), 'dog',
       (array['young', 'adult', 'senior'])[1 + n % 3], case when n % 10 = 0 then 'pending' else 'available' end,
       now() - make_interval(days => 1 + floor(pg_temp.bench_random(n, 7) * 400)::int),
       now() - make_interval(days => 400)
  from public.shelter_profiles s, generate_series(1, greatest(0, ${animals} - (select n from bench_animal_count))) as n
 where s.id = (select id from bench_shelter);

insert into public.animal_daily_stats as s (animal_id, day, shelter_id, views, favorites, shares, questions, applications)
select a.id, d.day, a.shelter_id, v.views,
       floor(pg_temp.bench_random(v.seed, 8) * v.views * 0.08)::int,
       floor(pg_temp.bench_random(v.seed, 9) * v.views * 0.04)::int,
       floor(pg_temp.bench_random(v.seed, 10) * v.views * 0.03)::int,
       floor(pg_temp.bench_random(v.seed, 11) * v.views * 0.02)::int
  from public.animals a
 cross join lateral generate_series(greatest((a.published_at at time zone 'America/New_York')::date, public.analytics_day() - ${analyticsDays - 1}),
                                    public.analytics_day(), interval '1 day') as g(at)
 cross join lateral (select g.at::date as day) as d
 cross join lateral (select hashtextextended(a.id::text || d.day::text, 0) as seed) as h
 cross join lateral (select h.seed, floor(pg_temp.bench_random(h.seed, 6) * 40)::int as views) as v
 where a.shelter_id = (select id from bench_shelter) and a.status in ('available', 'pending')
on conflict (animal_id, day) do update
   set views = excluded.views, favorites = s.favorites + excluded.favorites, shares = excluded.shares,
       questions = s.questions + excluded.questions, applications = s.applications + excluded.applications;

insert into public.shelter_daily_stats as s (shelter_id, day, profile_views)
select (select id from bench_shelter), g.at::date, floor(pg_temp.bench_random(extract(epoch from g.at)::bigint, 12) * 120)::int
  from generate_series(public.analytics_day() - ${analyticsDays - 1}, public.analytics_day(), interval '1 day') as g(at)
on conflict (shelter_id, day) do update set profile_views = excluded.profile_views;
-- The running totals and the shelter's days, from the rows above.
select public.rebuild_activity_totals((select id from bench_shelter));

drop table bench_shelter, bench_animals, bench_animal_count, bench_people, bench_conversations, bench_applications;
`
}

/** Seeds the busy shelter and the bench adopter (after the demo data); a couple of seconds. */
export async function seedBusyShelter(
  db: SqlRunner,
  options: BusyShelterSize = BUSY_SHELTER_DEFAULTS,
  log: (line: string) => void = () => {},
) {
  const started = performance.now()
  // The cost the auth server uses, so signing in takes what it takes for anyone.
  const [ownerPasswordHash, adopterPasswordHash] = await Promise.all([
    bcrypt.hash(BENCH_ACCOUNTS.shelterOwner.password, 10),
    bcrypt.hash(BENCH_ACCOUNTS.adopter.password, 10),
  ])
  await db.run('begin')
  try {
    await db.run(busyShelterSql({ ...options, ownerPasswordHash, adopterPasswordHash }))
    await db.run('commit')
  } catch (error) {
    await db.run('rollback')
    throw error
  }
  await db.run(
    'vacuum analyze auth.users, public.adopter_profiles, public.favorites, public.shelter_members, public.conversations, public.messages, public.applications, public.application_events, public.animals, public.animal_daily_stats, public.shelter_daily_stats',
  )
  log(
    `busy shelter: ${options.animals ?? BUSY_SHELTER_DEFAULTS.animals} animals with ${options.analyticsDays ?? BUSY_SHELTER_DEFAULTS.analyticsDays} days of analytics, ${options.conversations} conversations and ${options.applications} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

/** Whether a data dir already has the busy shelter (a reused --data-dir seeded before it existed may not). */
export async function hasBusyShelter(db: SqlRunner): Promise<boolean> {
  const rows = await db.run(
    `select exists (select 1 from auth.users where email = ${sqlText(BENCH_ACCOUNTS.shelterOwner.email)}) as present`,
  )
  return rows[0]?.present === true
}
