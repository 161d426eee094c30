-- Analytics for shelters (issue 14 §5): how often each animal's page and each shelter's page is
-- seen, and how often people save, share, ask about and apply for each animal, as daily tallies.
--
-- Tallies, not events: one row per animal per day (and per shelter per day) with a counter per
-- kind (decision 036). No personal data: a row says how many, never who. So that the Analytics
-- tab of a shelter with 500 animals and a year of history reads a few hundred rows, not tens of
-- thousands, two more tallies are kept beside the daily rows, by add_animal_activity() (the one
-- way figures are added):
-- - animal_activity_totals: each animal's totals since it was listed (the tab's table);
-- - shelter_daily_stats: the shelter's animals added up per day (the cards and the chart read
--   at most 60 rows), with the views of the shelter's own page.
--
-- Who writes: nobody through the API. Favorites, questions and applications are counted by
-- triggers on their own tables, in the same transaction; page views and shares come from the
-- app's beacon (app/models/page-activity.server.ts), which batches them in memory and hands them
-- to record_page_activity() with the service role. Who reads: the members of the shelter, any
-- role (the Analytics tab is for volunteers too).
--
-- Days are US Eastern calendar days (analytics_day()): the site's working day, and one day for
-- every shelter so a day's figures never move between two rows.

create or replace function public.analytics_day() returns date
language sql stable set search_path = '' as $$
  select (now() at time zone 'America/New_York')::date
$$;
comment on function public.analytics_day() is 'The day analytics count in: the US Eastern calendar day.';
grant execute on function public.analytics_day() to authenticated, service_role;

create table public.animal_daily_stats (
  animal_id uuid not null references public.animals (id) on delete cascade,
  day date not null,
  -- The animal's shelter, kept on the row so the policy reads by shelter.
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  views integer not null default 0 check (views >= 0),
  favorites integer not null default 0 check (favorites >= 0),
  shares integer not null default 0 check (shares >= 0),
  questions integer not null default 0 check (questions >= 0),
  applications integer not null default 0 check (applications >= 0),
  primary key (animal_id, day)
);
comment on table public.animal_daily_stats is
  'Per animal per day: page views, favorites, shares, questions and applications. Read by the shelter''s members; written only through add_animal_activity().';
-- A member's reads by shelter (row-level security), and rebuilding one shelter's totals.
create index animal_daily_stats_shelter_day_idx on public.animal_daily_stats (shelter_id, day);

create table public.animal_activity_totals (
  animal_id uuid primary key references public.animals (id) on delete cascade,
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  views integer not null default 0 check (views >= 0),
  favorites integer not null default 0 check (favorites >= 0),
  shares integer not null default 0 check (shares >= 0),
  questions integer not null default 0 check (questions >= 0),
  applications integer not null default 0 check (applications >= 0)
);
comment on table public.animal_activity_totals is
  'Per animal: its daily figures added up. Read by the shelter''s members; written only through add_animal_activity().';
create index animal_activity_totals_shelter_idx on public.animal_activity_totals (shelter_id);

create table public.shelter_daily_stats (
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  day date not null,
  profile_views integer not null default 0 check (profile_views >= 0),
  -- The shelter's animals that day, added up (an animal deleted later still counted here).
  views integer not null default 0 check (views >= 0),
  favorites integer not null default 0 check (favorites >= 0),
  shares integer not null default 0 check (shares >= 0),
  questions integer not null default 0 check (questions >= 0),
  applications integer not null default 0 check (applications >= 0),
  primary key (shelter_id, day)
);
comment on table public.shelter_daily_stats is
  'Per shelter per day: views of its public page, and its animals'' figures added up. Read by the shelter''s members; written only by the functions below.';

alter table public.animal_daily_stats enable row level security;
alter table public.shelter_daily_stats enable row level security;
alter table public.animal_activity_totals enable row level security;
create policy "members read their shelter's animal figures" on public.animal_daily_stats
  for select to authenticated using (shelter_id = (select public.my_shelter_id()));
create policy "members read their shelter's page views" on public.shelter_daily_stats
  for select to authenticated using (shelter_id = (select public.my_shelter_id()));
create policy "members read their shelter's animal totals" on public.animal_activity_totals
  for select to authenticated using (shelter_id = (select public.my_shelter_id()));
revoke all on public.animal_daily_stats, public.shelter_daily_stats, public.animal_activity_totals from anon, authenticated;
grant select on public.animal_daily_stats, public.shelter_daily_stats, public.animal_activity_totals to authenticated;

-- Writing ---------------------------------------------------------------------------------------

/**
 * Adds to an animal's figures for a day, to its totals, and to its shelter's day. Nothing when
 * the animal is gone. Three upserts, one row each.
 */
create or replace function public.add_animal_activity(
  animal uuid, on_day date, add_views integer, add_favorites integer, add_shares integer, add_questions integer, add_applications integer
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  pet record;
begin
  select a.id, a.shelter_id into pet from public.animals a where a.id = animal;
  if not found then return; end if;
  insert into public.animal_daily_stats as s (animal_id, day, shelter_id, views, favorites, shares, questions, applications)
  values (pet.id, on_day, pet.shelter_id, add_views, add_favorites, add_shares, add_questions, add_applications)
  on conflict (animal_id, day) do update
     set views = s.views + excluded.views, favorites = s.favorites + excluded.favorites, shares = s.shares + excluded.shares,
         questions = s.questions + excluded.questions, applications = s.applications + excluded.applications;
  insert into public.animal_activity_totals as s (animal_id, shelter_id, views, favorites, shares, questions, applications)
  values (pet.id, pet.shelter_id, add_views, add_favorites, add_shares, add_questions, add_applications)
  on conflict (animal_id) do update
     set views = s.views + excluded.views, favorites = s.favorites + excluded.favorites, shares = s.shares + excluded.shares,
         questions = s.questions + excluded.questions, applications = s.applications + excluded.applications;
  insert into public.shelter_daily_stats as s (shelter_id, day, views, favorites, shares, questions, applications)
  values (pet.shelter_id, on_day, add_views, add_favorites, add_shares, add_questions, add_applications)
  on conflict (shelter_id, day) do update
     set views = s.views + excluded.views, favorites = s.favorites + excluded.favorites, shares = s.shares + excluded.shares,
         questions = s.questions + excluded.questions, applications = s.applications + excluded.applications;
end
$$;
revoke execute on function public.add_animal_activity(uuid, date, integer, integer, integer, integer, integer) from public, anon, authenticated;

/**
 * One favorite, question or application, on the day it happened (the row's created_at: now,
 * except for rows loaded with their history). For the triggers only.
 */
create or replace function public.count_animal_activity(animal uuid, kind text, happened_at timestamptz) returns void
language sql security definer set search_path = '' as $$
  select public.add_animal_activity(animal, (coalesce(happened_at, now()) at time zone 'America/New_York')::date,
                                    0, (kind = 'favorites')::integer, 0, (kind = 'questions')::integer, (kind = 'applications')::integer)
  where animal is not null
$$;
revoke execute on function public.count_animal_activity(uuid, text, timestamptz) from public, anon, authenticated;

create or replace function public.favorites_count_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.count_animal_activity(new.animal_id, 'favorites', new.created_at);
  return null;
end
$$;
create trigger favorites_count_activity after insert on public.favorites
  for each row execute function public.favorites_count_activity();

-- A question is a new conversation: asking again in an open thread adds a message, not a question.
create or replace function public.conversations_count_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.count_animal_activity(new.animal_id, 'questions', new.created_at);
  return null;
end
$$;
create trigger conversations_count_activity after insert on public.conversations
  for each row execute function public.conversations_count_activity();

create or replace function public.applications_count_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.count_animal_activity(new.animal_id, 'applications', new.created_at);
  return null;
end
$$;
create trigger applications_count_activity after insert on public.applications
  for each row execute function public.applications_count_activity();

revoke execute on function public.favorites_count_activity(), public.conversations_count_activity(),
  public.applications_count_activity() from public, anon, authenticated;

/**
 * Adds a batch of page views and shares counted by the app's beacon to today's figures: views and
 * shares per animal (parallel arrays), views per shelter page. Unknown ids are skipped, and each
 * count is capped, so a bad batch cannot write nonsense. The service role only: the app has
 * already left out bots and repeats (app/utils/page-activity.ts).
 */
create or replace function public.record_page_activity(
  animal_ids uuid[] default '{}',
  animal_views integer[] default '{}',
  animal_shares integer[] default '{}',
  shelter_ids uuid[] default '{}',
  shelter_views integer[] default '{}'
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  today date := public.analytics_day();
  batch record;
begin
  if cardinality(animal_ids) > 10000 or cardinality(shelter_ids) > 10000 then
    raise exception 'At most 10,000 ids a batch' using errcode = '22023';
  end if;
  -- In id order, so two batches for the same animals take their row locks in the same order.
  for batch in
    select b.animal_id, sum(least(greatest(coalesce(b.views, 0), 0), 1000000))::integer as views,
           sum(least(greatest(coalesce(b.shares, 0), 0), 1000000))::integer as shares
      from unnest(animal_ids, animal_views, animal_shares) as b(animal_id, views, shares)
     where b.animal_id is not null
     group by b.animal_id
     order by b.animal_id
  loop
    perform public.add_animal_activity(batch.animal_id, today, batch.views, 0, batch.shares, 0, 0);
  end loop;

  insert into public.shelter_daily_stats as s (shelter_id, day, profile_views)
  select p.id, today, sum(least(greatest(coalesce(b.views, 0), 0), 1000000))
    from unnest(shelter_ids, shelter_views) as b(shelter_id, views)
    join public.shelter_profiles p on p.id = b.shelter_id
   group by p.id
   order by p.id
  on conflict (shelter_id, day) do update
     set profile_views = s.profile_views + excluded.profile_views;
end
$$;
revoke execute on function public.record_page_activity(uuid[], integer[], integer[], uuid[], integer[]) from public, anon, authenticated;
grant execute on function public.record_page_activity(uuid[], integer[], integer[], uuid[], integer[]) to service_role;

/**
 * Recomputes the animals' totals and the shelters' days from the animals' daily figures, for one
 * shelter or all: for loads that write history straight into animal_daily_stats (the demo seed,
 * the bench, tests). Views of shelters' own pages are kept as they are. The service role only.
 */
create or replace function public.rebuild_activity_totals(shelter uuid default null) returns void
language sql security definer set search_path = '' as $$
  insert into public.animal_activity_totals as t (animal_id, shelter_id, views, favorites, shares, questions, applications)
  select animal_id, (array_agg(shelter_id order by day desc))[1], sum(views), sum(favorites), sum(shares), sum(questions), sum(applications)
    from public.animal_daily_stats
   where rebuild_activity_totals.shelter is null or shelter_id = rebuild_activity_totals.shelter
   group by animal_id
  on conflict (animal_id) do update
     set views = excluded.views, favorites = excluded.favorites, shares = excluded.shares,
         questions = excluded.questions, applications = excluded.applications;
  insert into public.shelter_daily_stats as t (shelter_id, day, views, favorites, shares, questions, applications)
  select shelter_id, day, sum(views), sum(favorites), sum(shares), sum(questions), sum(applications)
    from public.animal_daily_stats
   where rebuild_activity_totals.shelter is null or shelter_id = rebuild_activity_totals.shelter
   group by shelter_id, day
  on conflict (shelter_id, day) do update
     set views = excluded.views, favorites = excluded.favorites, shares = excluded.shares,
         questions = excluded.questions, applications = excluded.applications;
$$;
revoke execute on function public.rebuild_activity_totals(uuid) from public, anon, authenticated;
grant execute on function public.rebuild_activity_totals(uuid) to service_role;

-- Reading ---------------------------------------------------------------------------------------

/**
 * The Analytics tab in one call, for the caller's shelter (row-level security decides: a
 * non-member gets zeros and no animals). `period_days` days ending today, the same span before
 * them for the comparison, the chart's days (each one, zeros included), and one page of the
 * animals listed now with their totals since they were listed, sorted by `sort_by` (views,
 * favorites, questions or days_listed; anything else is views) with name and id as the
 * tie-breakers. Reads at most 2 × period_days shelter rows and one totals row per listed animal.
 */
create or replace function public.shelter_analytics(
  period_days integer default 30,
  sort_by text default 'views',
  descending boolean default true,
  page_size integer default 25,
  page_offset integer default 0
) returns json
language sql stable security invoker set search_path = '' as $$
  with params as (
    select public.analytics_day() as today,
           least(greatest(coalesce(period_days, 30), 1), 366) as span,
           (select public.my_shelter_id()) as shelter
  ),
  bounds as (
    select today, span, shelter,
           today - span + 1 as period_start,
           today - 2 * span + 1 as previous_start
      from params
  ),
  shelter_days as (
    select s.*
      from public.shelter_daily_stats s, bounds b
     where s.shelter_id = b.shelter and s.day between b.previous_start and b.today
  ),
  totals as (
    select coalesce(sum(d.views) filter (where d.day >= b.period_start), 0) as views,
           coalesce(sum(d.favorites) filter (where d.day >= b.period_start), 0) as favorites,
           coalesce(sum(d.shares) filter (where d.day >= b.period_start), 0) as shares,
           coalesce(sum(d.questions) filter (where d.day >= b.period_start), 0) as questions,
           coalesce(sum(d.applications) filter (where d.day >= b.period_start), 0) as applications,
           coalesce(sum(d.views) filter (where d.day < b.period_start), 0) as previous_views,
           coalesce(sum(d.favorites) filter (where d.day < b.period_start), 0) as previous_favorites,
           coalesce(sum(d.shares) filter (where d.day < b.period_start), 0) as previous_shares,
           coalesce(sum(d.questions) filter (where d.day < b.period_start), 0) as previous_questions,
           coalesce(sum(d.applications) filter (where d.day < b.period_start), 0) as previous_applications
      from bounds b left join shelter_days d on true
  ),
  listed as (
    select a.id, a.name, a.status,
           b.today - (a.published_at at time zone 'America/New_York')::date as days_listed,
           coalesce(t.views, 0) as views, coalesce(t.favorites, 0) as favorites, coalesce(t.shares, 0) as shares,
           coalesce(t.questions, 0) as questions, coalesce(t.applications, 0) as applications
      from public.animals a
     cross join bounds b
      left join public.animal_activity_totals t on t.animal_id = a.id and t.shelter_id = b.shelter
     where a.shelter_id = b.shelter and a.status in ('available', 'pending')
  ),
  sorted as (
    select l.*,
           row_number() over (order by
             case when descending then
               case sort_by when 'favorites' then l.favorites when 'questions' then l.questions
                            when 'days_listed' then coalesce(l.days_listed, 0) else l.views end
             end desc nulls last,
             case when not descending then
               case sort_by when 'favorites' then l.favorites when 'questions' then l.questions
                            when 'days_listed' then coalesce(l.days_listed, 0) else l.views end
             end asc nulls last,
             l.name, l.id) as position
      from listed l
  )
  select json_build_object(
    'today', b.today,
    'period_start', b.period_start,
    'previous_start', b.previous_start,
    'current', json_build_object('views', t.views, 'favorites', t.favorites, 'shares', t.shares,
                                 'questions', t.questions, 'applications', t.applications),
    'previous', json_build_object('views', t.previous_views, 'favorites', t.previous_favorites, 'shares', t.previous_shares,
                                  'questions', t.previous_questions, 'applications', t.previous_applications),
    'daily', (select json_agg(json_build_object('day', g.day, 'views', coalesce(d.views, 0),
                                                'actions', coalesce(d.favorites + d.shares + d.questions + d.applications, 0)) order by g.day)
                from (select s.at::date as day from generate_series(b.period_start, b.today, interval '1 day') as s(at)) as g
                left join shelter_days d on d.day = g.day),
    'listed_count', (select count(*) from listed),
    'animals', coalesce((select json_agg(json_build_object(
                  'id', s.id, 'name', s.name, 'status', s.status, 'days_listed', s.days_listed,
                  'views', s.views, 'favorites', s.favorites, 'shares', s.shares,
                  'questions', s.questions, 'applications', s.applications) order by s.position)
                  from sorted s
                 where s.position > greatest(page_offset, 0)
                   and s.position <= greatest(page_offset, 0) + least(greatest(page_size, 1), 100)), '[]'::json)
  )
  from bounds b, totals t
$$;
revoke execute on function public.shelter_analytics(integer, text, boolean, integer, integer) from public, anon;
grant execute on function public.shelter_analytics(integer, text, boolean, integer, integer) to authenticated;

/** Views of the caller's shelter page over the last `period_days` days, today included. */
create or replace function public.my_shelter_profile_views(period_days integer default 30) returns integer
language sql stable security invoker set search_path = '' as $$
  select coalesce(sum(s.profile_views), 0)::integer
    from public.shelter_daily_stats s
   where s.shelter_id = (select public.my_shelter_id())
     and s.day > public.analytics_day() - least(greatest(coalesce(period_days, 30), 1), 366)
$$;
revoke execute on function public.my_shelter_profile_views(integer) from public, anon;
grant execute on function public.my_shelter_profile_views(integer) to authenticated;
