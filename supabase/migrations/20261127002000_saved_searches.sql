-- Saved searches and their email alerts (issue 14 §1; decision 037).
--
-- An adopter saves the filters of a /search page with a name and a frequency; a background job
-- (worker/tasks/search-alerts.ts, every minute) emails the animals listed since the search was
-- last checked that match it: at most 20, newest first, never the same animal twice for one
-- search, nothing when nothing is new. Each email carries a one-click unsubscribe link made of
-- the search's own random token (not the person's id), which works signed out.
--
-- A search is stored as the query string it was saved from (what the app parses with
-- app/utils/search-params.ts, so filters added to /search later are kept with no change here)
-- and as search_animals()'s arguments for it (`filters`, the location already resolved to a
-- point). Which animals match is decided in one place, saved_search_new_matches() below, with
-- search_animals()'s own semantics; tests/rls/search-alerts.test.ts compares the two on every
-- filter and fails when search_animals() gains an argument this function does not read.

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(name) between 1 and 80 and name !~ '[[:cntrl:]]'),
  -- The /search query it was saved from, without '?' or page: 'type=dog&location=Austin%2C+TX'.
  query text not null check (length(query) <= 2000),
  -- search_animals()'s named arguments for that query (lat, lon, radius_miles, type, age, …).
  filters jsonb not null default '{}' check (jsonb_typeof(filters) = 'object' and length(filters::text) <= 4000),
  frequency text not null default 'instant' check (frequency in ('instant', 'daily', 'weekly')),
  paused boolean not null default false,
  -- Animals published up to this moment have been looked at for this search.
  checked_until timestamptz not null default now(),
  next_check_at timestamptz not null default now(),
  last_emailed_at timestamptz,
  -- The unsubscribe link's secret: random, per search, readable by no client.
  unsubscribe_token text not null unique default encode(extensions.gen_random_bytes(32), 'hex'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.saved_searches is 'A person''s saved /search filters and how often to email them new matches.';
create index saved_searches_user_idx on public.saved_searches (user_id, created_at desc);
-- What the alert job claims: the due, unpaused searches, oldest due first.
create index saved_searches_due_idx on public.saved_searches (next_check_at) where not paused;

-- Animals a search has already dealt with: emailed (or listed behind the email's 'see all'
-- link, or passed over while the person had these emails off). Never the same one twice.
create table public.saved_search_seen (
  saved_search_id uuid not null references public.saved_searches (id) on delete cascade,
  animal_id uuid not null references public.animals (id) on delete cascade,
  seen_at timestamptz not null default now(),
  primary key (saved_search_id, animal_id)
);
comment on table public.saved_search_seen is 'Animals each saved search has already reported; read only by the alert job.';
create index saved_search_seen_animal_idx on public.saved_search_seen (animal_id);

/** How long a search waits between checks: 'as they are listed' is every 5 minutes. */
create or replace function public.saved_search_period(frequency text) returns interval
language sql immutable set search_path = '' as $$
  select case frequency when 'daily' then interval '1 day' when 'weekly' then interval '7 days' else interval '5 minutes' end
$$;

/** The number of saved searches an account may keep. */
create or replace function public.saved_search_limit() returns integer
language sql immutable set search_path = '' as $$ select 25 $$;

-- The columns a person may not write follow from what they change: a new search is checked from
-- now; a new frequency takes effect from the last check; resuming starts from now, so a paused
-- month does not arrive as one email.
create or replace function public.saved_searches_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    -- One at a time per person, so two tabs cannot both pass the limit.
    perform pg_advisory_xact_lock(hashtextextended('saved_searches:' || new.user_id::text, 0));
    if (select count(*) from public.saved_searches s where s.user_id = new.user_id) >= public.saved_search_limit() then
      raise exception 'You can keep up to % saved searches', public.saved_search_limit()
        using errcode = '54000', hint = 'saved_search_limit';
    end if;
    new.checked_until := now();
    new.next_check_at := now() + public.saved_search_period(new.frequency);
    new.last_emailed_at := null;
    new.created_at := now();
  else
    if new.paused is distinct from old.paused and not new.paused then
      new.checked_until := now();
      new.next_check_at := now() + public.saved_search_period(new.frequency);
    elsif new.frequency is distinct from old.frequency then
      new.next_check_at := new.checked_until + public.saved_search_period(new.frequency);
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$$;
create trigger saved_searches_before_write before insert or update on public.saved_searches
  for each row execute function public.saved_searches_before_write();

alter table public.saved_searches enable row level security;
alter table public.saved_search_seen enable row level security;
create policy "people read their own saved searches" on public.saved_searches
  for select to authenticated using (user_id = (select auth.uid()));
create policy "people save searches for themselves" on public.saved_searches
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "people change their own saved searches" on public.saved_searches
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "people delete their own saved searches" on public.saved_searches
  for delete to authenticated using (user_id = (select auth.uid()));
revoke all on public.saved_searches, public.saved_search_seen from anon, authenticated;
-- Column grants as a second lock: never the token, never the job's bookkeeping.
grant select (id, user_id, name, query, filters, frequency, paused, last_emailed_at, next_check_at, created_at, updated_at)
  on public.saved_searches to authenticated;
grant insert (name, query, filters, frequency) on public.saved_searches to authenticated;
grant update (name, frequency, paused) on public.saved_searches to authenticated;
grant delete on public.saved_searches to authenticated;

-- Matching ----------------------------------------------------------------------------------------

/**
 * The animals that are new for each of `search_ids`: listed, published after the search was last
 * checked (less 15 minutes, for a listing whose transaction was still open then; never before the
 * search was saved) and up to `until`, matching its filters, and not reported for it before (saved_search_seen).
 *
 * THE ONE PLACE a saved search's filters are applied. The `searches` part normalizes them
 * exactly as search_animals() (20261125000200_search_at_a_million.sql) normalizes its
 * arguments; the `where` clause is search_animals()'s predicate (the grid cells it also tests
 * are only its index's way to the same circle; its breed tally holds exactly the breed_words of
 * listed animals). A filter added to search_animals() gets its line in both parts, in a new
 * migration that replaces this function; tests/rls/search-alerts.test.ts fails until it has.
 *
 * The new animals are read once for the whole batch (the recency index, from the earliest
 * window), then tested against each search: a few thousand rows, not one search per search.
 */
create or replace function public.saved_search_new_matches(search_ids uuid[], until timestamptz)
returns table (saved_search_id uuid, animal_id uuid, published_at timestamptz)
language sql stable security definer
-- extensions: ll_to_earth() before earthdistance 1.2 calls cube() unqualified.
set search_path = extensions, pg_temp
as $$
  with searches as materialized (
    select s.id,
           greatest(s.created_at, s.checked_until - interval '15 minutes') as since,
           case when f->>'type' in ('dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other')
                then f->>'type' end as type_filter,
           case when f->>'age' in ('young', 'adult', 'senior') then f->>'age' end as age_filter,
           case when f->>'size' in ('small', 'medium', 'large', 'xlarge') then f->>'size' end as size_filter,
           case when f->>'sex' in ('male', 'female', 'unknown') then f->>'sex' end as sex_filter,
           coalesce(jsonb_typeof(f->'good_with') = 'array' and f->'good_with' ? 'children', false) as wants_children,
           coalesce(jsonb_typeof(f->'good_with') = 'array' and f->'good_with' ? 'dogs', false) as wants_dogs,
           coalesce(jsonb_typeof(f->'good_with') = 'array' and f->'good_with' ? 'cats', false) as wants_cats,
           case when place.lat between -90 and 90 and place.lon between -180 and 180
                then extensions.ll_to_earth(place.lat, place.lon) end as origin,
           extensions.gc_to_sec(least(greatest(coalesce(place.radius_miles, 100), 1), 500) * 1609.344) as radius_chord,
           case when length(trim(f->>'breed')) > 0
                then '%' || regexp_replace(lower(left(trim(f->>'breed'), 100)), '([\\%_])', '\\\1', 'g') || '%' end as breed_pattern,
           case when numnode(words.keywords) > 0 then words.keywords end as keywords
      from public.saved_searches s
     cross join lateral (select s.filters as f) filters
     cross join lateral (
       select case when jsonb_typeof(f->'lat') = 'number' then (f->>'lat')::double precision end as lat,
              case when jsonb_typeof(f->'lon') = 'number' then (f->>'lon')::double precision end as lon,
              case when jsonb_typeof(f->'radius_miles') = 'number' then (f->>'radius_miles')::double precision end as radius_miles
     ) place
     cross join lateral (
       select case when length(trim(f->>'q')) > 0 then websearch_to_tsquery('english'::regconfig, left(f->>'q', 200)) end as keywords
     ) words
     where s.id = any (search_ids)
  ),
  fresh as materialized (
    select a.id, a.published_at, a.type, a.age_group, a.size, a.sex, a.good_with_children, a.good_with_dogs,
           a.good_with_cats, a.location, a.breed_words, a.search_document
      from public.animals a
     where a.listed
       and a.published_at > (select min(since) from searches)
       and a.published_at <= until
  )
  select s.id, a.id, a.published_at
    from searches s
    join fresh a on a.published_at > s.since
   where (s.type_filter is null or a.type = s.type_filter)
     and (s.age_filter is null or a.age_group = s.age_filter)
     and (s.size_filter is null or a.size = s.size_filter)
     and (s.sex_filter is null or a.sex = s.sex_filter)
     and (not s.wants_children or a.good_with_children = 'yes')
     and (not s.wants_dogs or a.good_with_dogs = 'yes')
     and (not s.wants_cats or a.good_with_cats = 'yes')
     and (s.origin is null or extensions.cube_distance(a.location, s.origin) <= s.radius_chord)
     and (s.breed_pattern is null or a.breed_words like s.breed_pattern)
     and (s.keywords is null or a.search_document @@ s.keywords)
     and not exists (select 1 from public.saved_search_seen x where x.saved_search_id = s.id and x.animal_id = a.id)
$$;
revoke execute on function public.saved_search_new_matches(uuid[], timestamptz) from public, anon, authenticated;
grant execute on function public.saved_search_new_matches(uuid[], timestamptz) to service_role;

-- The alert run -----------------------------------------------------------------------------------

/**
 * One batch of the alert job: claims up to batch_size due, unpaused searches (SKIP LOCKED, so
 * workers share the work), finds their new matches, and for each search with any queues one
 * email with the newest 20 (and how many there were), remembering every match as seen. Every claimed
 * search is then checked up to now and due again one period on. Nothing is emailed to an
 * account that turned alerts off in its settings, or whose address is unconfirmed, deleted or
 * banned; its searches are still moved on, so turning alerts on again sends no backlog.
 * Returns how many searches it checked (0: nothing is due).
 */
create or replace function public.run_saved_search_alerts(batch_size integer default 200)
returns integer
language plpgsql security definer
-- extensions: ll_to_earth() before earthdistance 1.2 calls cube() and earth unqualified.
set search_path = extensions, pg_temp
as $$
declare
  checked_at timestamptz := now();
  due_ids uuid[];
  alerts jsonb;
  found record;
begin
  select array_agg(d.id) into due_ids
    from (select s.id from public.saved_searches s
           where not s.paused and s.next_check_at <= checked_at
           order by s.next_check_at
           limit least(greatest(coalesce(batch_size, 200), 1), 1000)
             for update skip locked) d;
  if due_ids is null then
    return 0;
  end if;

  -- Every match is remembered, emailed or not: the email's 'see all' link shows the rest, and
  -- a person who had these emails off gets no backlog when they turn them on.
  with matches as materialized (
    select m.saved_search_id, m.animal_id,
           row_number() over (partition by m.saved_search_id order by m.published_at desc, m.animal_id desc) as rank,
           count(*) over (partition by m.saved_search_id) as total
      from public.saved_search_new_matches(due_ids, checked_at) m
  ),
  remembered as (
    insert into public.saved_search_seen (saved_search_id, animal_id, seen_at)
    select m.saved_search_id, m.animal_id, checked_at from matches m
    on conflict do nothing
  ),
  to_email as (
    select s.id, s.name, s.query, s.filters, s.unsubscribe_token, u.email::text as email,
           array_agg(m.animal_id order by m.rank) as animal_ids, max(m.total) as total
      from matches m
      join public.saved_searches s on s.id = m.saved_search_id
      join auth.users u on u.id = s.user_id
      left join public.adopter_profiles p on p.user_id = s.user_id
     where m.rank <= 20
       and coalesce(p.email_alerts, true)
       and u.email is not null
       and u.email_confirmed_at is not null
       and u.deleted_at is null
       and (u.banned_until is null or u.banned_until <= checked_at)
     group by s.id, u.email
  )
  select coalesce(jsonb_agg(to_jsonb(e)), '[]'::jsonb) into alerts from to_email e;

  for found in
    select * from jsonb_to_recordset(alerts)
      as x (id uuid, name text, query text, filters jsonb, unsubscribe_token text, email text, animal_ids uuid[], total bigint)
  loop
    perform public.queue_email('saved_search_alert', found.email, jsonb_build_object(
      'search_name', found.name,
      'query', found.query,
      'total', found.total,
      'animals', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', card->>'id', 'name', card->>'name', 'type', card->>'type',
                 'primary_breed', card->>'primary_breed', 'secondary_breed', card->>'secondary_breed',
                 'mixed_breed', (card->>'mixed_breed')::boolean, 'age_group', card->>'age_group', 'sex', card->>'sex',
                 'shelter_name', card->>'shelter_name', 'city', card->>'city', 'state', card->>'state',
                 'distance_miles', (card->>'distance_miles')::numeric)), '[]'::jsonb)
          from jsonb_array_elements(public.animal_cards(found.animal_ids,
                 case when jsonb_typeof(found.filters->'lat') = 'number' and jsonb_typeof(found.filters->'lon') = 'number'
                      then extensions.ll_to_earth((found.filters->>'lat')::double precision, (found.filters->>'lon')::double precision) end
               )::jsonb) card),
      'secret', jsonb_build_object('unsubscribe_token', found.unsubscribe_token)));
  end loop;

  update public.saved_searches s
     set checked_until = checked_at,
         last_emailed_at = case when s.id in (select (e->>'id')::uuid from jsonb_array_elements(alerts) e) then checked_at else s.last_emailed_at end,
         next_check_at = case when s.next_check_at + public.saved_search_period(s.frequency) > checked_at
                              then s.next_check_at + public.saved_search_period(s.frequency)
                              else checked_at + public.saved_search_period(s.frequency) end
   where s.id = any (due_ids);
  return cardinality(due_ids);
end
$$;
revoke execute on function public.run_saved_search_alerts(integer) from public, anon, authenticated;
grant execute on function public.run_saved_search_alerts(integer) to service_role;

-- Unsubscribing, signed out -----------------------------------------------------------------------

/** The search an unsubscribe link names (its name and whether it still emails), or nothing. */
create or replace function public.saved_search_for_unsubscribe(token text)
returns table (name text, paused boolean)
language sql stable security definer set search_path = '' as $$
  select s.name, s.paused from public.saved_searches s
   where token ~ '^[0-9a-f]{64}$' and s.unsubscribe_token = token
$$;

/**
 * Stops a search's emails from its unsubscribe link: it is paused, not deleted, so the person
 * finds it in their account and can resume it. Returns its name, or nothing for an unknown token.
 */
create or replace function public.unsubscribe_saved_search(token text)
returns text
language sql volatile security definer set search_path = '' as $$
  update public.saved_searches s set paused = true
   where token ~ '^[0-9a-f]{64}$' and s.unsubscribe_token = token
  returning s.name
$$;
revoke execute on function public.saved_search_for_unsubscribe(text) from public;
revoke execute on function public.unsubscribe_saved_search(text) from public;
grant execute on function public.saved_search_for_unsubscribe(text) to anon, authenticated, service_role;
grant execute on function public.unsubscribe_saved_search(text) to anon, authenticated, service_role;

insert into public.job_schedules (name, kind, every) values ('search_alerts', 'search_alerts', interval '1 minute')
on conflict (name) do nothing;
