-- Search, and the live counts the public pages show.
--
-- These functions are security definer and state the visibility rule themselves: `listed`
-- (available or pending at an approved shelter; see the animals migration). Under a security
-- invoker function row-level security would add its own quals (with a subquery on
-- shelter_profiles), the partial `where listed` indexes would not apply, and Postgres will not
-- use a non-leakproof operator (full-text `@@`, trigram `like`) as an index condition beneath
-- them: a search would read every visible row. The numbers are in docs/performance.md.

-- Listed animals per type, kept by statement triggers on animals: /animal-types and an
-- unfiltered search read their totals here instead of counting up to 100,000 rows.
create table public.listed_animal_counts (
  type text primary key,
  available bigint not null default 0,
  pending bigint not null default 0
);
comment on table public.listed_animal_counts is
  'Listed (available / pending at an approved shelter) animals per type, kept by triggers on animals.';
alter table public.listed_animal_counts enable row level security;
revoke all on public.listed_animal_counts from anon, authenticated;

-- Adds what one statement changed: one row update per type however many animals it touched,
-- in type order (so two statements touching several types do not deadlock), and none for a
-- type whose counts did not change (an edited description).
create or replace function public.count_listed_animals() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.listed_animal_counts;
  elsif tg_op = 'INSERT' then
    insert into public.listed_animal_counts as c (type, available, pending)
    select type, count(*) filter (where status = 'available'), count(*) filter (where status = 'pending')
      from new_rows where listed group by type order by type
    on conflict (type) do update set available = c.available + excluded.available, pending = c.pending + excluded.pending;
  elsif tg_op = 'DELETE' then
    update public.listed_animal_counts c
       set available = c.available - gone.available, pending = c.pending - gone.pending
      from (select type, count(*) filter (where status = 'available') as available,
                   count(*) filter (where status = 'pending') as pending
              from old_rows where listed group by type order by type) gone
     where c.type = gone.type;
  else
    insert into public.listed_animal_counts as c (type, available, pending)
    select type, coalesce(sum(delta) filter (where status = 'available'), 0), coalesce(sum(delta) filter (where status = 'pending'), 0)
      from (select type, status, 1 as delta from new_rows where listed
            union all
            select type, status, -1 from old_rows where listed) changes
     group by type
    having sum(delta) filter (where status = 'available') <> 0 or sum(delta) filter (where status = 'pending') <> 0
     order by type
    on conflict (type) do update set available = c.available + excluded.available, pending = c.pending + excluded.pending;
  end if;
  return null;
end
$$;

create trigger animals_count_listed_insert after insert on public.animals
  referencing new table as new_rows for each statement execute function public.count_listed_animals();
create trigger animals_count_listed_update after update on public.animals
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_listed_animals();
create trigger animals_count_listed_delete after delete on public.animals
  referencing old table as old_rows for each statement execute function public.count_listed_animals();
create trigger animals_count_listed_truncate after truncate on public.animals
  for each statement execute function public.count_listed_animals();

-- The result cards of one page, in the order given: what search_animals() returns for each
-- animal. One plan fits every page (a handful of primary-key lookups), so it is planned once
-- per connection: planning costs more than running it.
create or replace function public.animal_cards(animal_ids uuid[], search_origin extensions.earth default null)
returns json
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
begin
  return (
    select coalesce(json_agg(json_build_object(
             'id', a.id, 'name', a.name, 'type', a.type,
             'primary_breed', a.primary_breed, 'secondary_breed', a.secondary_breed, 'mixed_breed', a.mixed_breed,
             'age_group', a.age_group, 'sex', a.sex, 'size', a.size, 'status', a.status,
             'published_at', a.published_at,
             'photo_path', photo.storage_path, 'photo_url', photo.external_url, 'photo_alt', photo.alt,
             'shelter_id', s.id, 'shelter_name', s.shelter_name, 'shelter_slug', s.slug,
             'city', s.city, 'state', s.state,
             -- earthdistance's sec_to_gc() written out (cheaper to plan): chord to great-circle
             -- metres, in miles.
             'distance_miles', case when search_origin is not null then
               round((2 * 6378168 * asin(least(1, extensions.cube_distance(a.location, search_origin) / (2 * 6378168)))
                      / 1609.344)::numeric, 1) end)
           order by page.ordinality), '[]'::json)
      from unnest(animal_ids) with ordinality as page (id, ordinality)
      join public.animals a on a.id = page.id
      join public.shelter_profiles s on s.id = a.shelter_id
      left join lateral (
        select ph.storage_path, ph.external_url, ph.alt
          from public.animal_photos ph
         where ph.animal_id = a.id
         order by ph.position
         limit 1
      ) photo on true
  );
end
$$;

revoke execute on function public.animal_cards from public, anon, authenticated;

-- One page of results and the total, so one round trip serves a results page:
--   {"total": 128, "animals": [{id, name, type, primary_breed, secondary_breed, mixed_breed,
--     age_group, sex, size, status, published_at, photo_path, photo_url, photo_alt,
--     shelter_id, shelter_name, shelter_slug, city, state, distance_miles}, …]}
-- photo_path / photo_url are the primary photo's storage_path / external_url (one or neither
-- is set; app/utils/photos.ts makes a src of them); distance_miles is null without a location.
-- Parameters out of range are clamped and unknown values ignored, so a hand-edited URL never
-- turns into an error.
create or replace function public.search_animals(
  lat double precision default null,
  lon double precision default null,
  radius_miles double precision default 100,
  type text default null,
  age text default null,
  size text default null,
  sex text default null,
  good_with text[] default null,
  breed text default null,
  q text default null,
  sort text default 'recent',
  page_size integer default 24,
  page_offset integer default 0
) returns json
language plpgsql stable security definer
-- extensions: ll_to_earth() before earthdistance 1.2 calls cube() unqualified.
set search_path = extensions, pg_temp
-- The static queries below fit one plan whatever the values (the catch-all is dynamic SQL,
-- planned per call), so Postgres plans them once per connection instead of on every call.
set plan_cache_mode = force_generic_plan
as $$
declare
  origin extensions.earth;
  radius_m double precision;
  -- The radius as a straight-line (chord) distance through the earth: comparing it with
  -- cube_distance() is exact, and far cheaper than earth_distance() on every candidate.
  radius_chord double precision;
  -- The grid cells the circle touches (see public.grid_cell): the index lookup.
  cells integer[];
  type_filter text := search_animals.type;
  -- The types to show: all of them, or the one asked for (an index condition either way).
  types text[] := array['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'];
  age_filter text := search_animals.age;
  size_filter text := search_animals.size;
  sex_filter text := search_animals.sex;
  wants_children boolean := 'children' = any (coalesce(search_animals.good_with, '{}'));
  wants_dogs boolean := 'dogs' = any (coalesce(search_animals.good_with, '{}'));
  wants_cats boolean := 'cats' = any (coalesce(search_animals.good_with, '{}'));
  breed_pattern text;
  keywords tsquery;
  order_by text := search_animals.sort;
  page_limit integer := least(greatest(coalesce(search_animals.page_size, 24), 1), 48);
  page_start integer := least(greatest(coalesce(search_animals.page_offset, 0), 0), 10000);
  total bigint;
  page_ids uuid[];
begin
  if search_animals.lat between -90 and 90 and search_animals.lon between -180 and 180 then
    origin := extensions.ll_to_earth(search_animals.lat, search_animals.lon);
    radius_m := least(greatest(coalesce(search_animals.radius_miles, 100), 1), 500) * 1609.344;
    radius_chord := extensions.gc_to_sec(radius_m);
    cells := public.grid_cells_around(search_animals.lat, search_animals.lon, radius_m);
  end if;
  if type_filter = any (types) then
    types := array[type_filter];
  else
    type_filter := null;
  end if;
  if age_filter not in ('young', 'adult', 'senior') then age_filter := null; end if;
  if size_filter not in ('small', 'medium', 'large', 'xlarge') then size_filter := null; end if;
  if sex_filter not in ('male', 'female', 'unknown') then sex_filter := null; end if;
  if length(trim(search_animals.breed)) > 0 then
    -- A substring of either breed; the user's % and _ match themselves.
    breed_pattern := '%' || regexp_replace(lower(left(trim(search_animals.breed), 100)), '([\\%_])', '\\\1', 'g') || '%';
  end if;
  if length(trim(search_animals.q)) > 0 then
    keywords := websearch_to_tsquery('english'::regconfig, left(search_animals.q, 200));
    -- Only stop words ("the", "and"): no keyword filter rather than no results.
    if numnode(keywords) = 0 then keywords := null; end if;
  end if;
  if order_by is null or order_by not in ('recent', 'distance', 'oldest') or (order_by = 'distance' and origin is null) then
    order_by := 'recent';
  end if;

  if origin is null and age_filter is null and size_filter is null and sex_filter is null
     and not (wants_children or wants_dogs or wants_cats) and breed_pattern is null and keywords is null then
    -- Everything, or one type: the total is kept in listed_animal_counts, and the page is
    -- the first entries of an index in publication order.
    select coalesce(sum(c.available + c.pending), 0) into total
      from public.listed_animal_counts c
     where c.type = any (types);
    if order_by = 'oldest' then
      page_ids := array(select a.id from public.animals a where a.listed and a.type = any (types)
                         order by a.published_at, a.id limit page_limit offset page_start);
    else
      page_ids := array(select a.id from public.animals a where a.listed and a.type = any (types)
                         order by a.published_at desc, a.id desc limit page_limit offset page_start);
    end if;
  elsif origin is not null and breed_pattern is null and keywords is null then
    -- A place, perhaps a type and attributes: what most visitors ask. One pass over the index
    -- entries of the cells around it (the index carries every column needed here), kept in
    -- memory for the count and the page's sort. Static SQL, so its plan is kept.
    with matches as materialized (
      select a.id, a.published_at, extensions.cube_distance(a.location, origin) as chord
        from public.animals a
       where a.listed
         and a.grid_cell = any (cells)
         and a.type = any (types)
         and extensions.cube_distance(a.location, origin) <= radius_chord
         and (age_filter is null or a.age_group = age_filter)
         and (size_filter is null or a.size = size_filter)
         and (sex_filter is null or a.sex = sex_filter)
         and (not wants_children or a.good_with_children = 'yes')
         and (not wants_dogs or a.good_with_dogs = 'yes')
         and (not wants_cats or a.good_with_cats = 'yes')
    )
    select (select count(*) from matches),
           array(select m.id
                   from matches m
                  order by
                    case when order_by = 'distance' then m.chord end,
                    case when order_by = 'oldest' then m.published_at end,
                    case when order_by = 'oldest' then m.id end,
                    m.published_at desc, m.id desc
                  limit page_limit offset page_start)
      into total, page_ids;
  else
    -- Words (breed, keywords) or attributes without a place. Which index fits depends on
    -- which filters are set, so this query is planned for each call, with its values: the
    -- filters left unset fold away and the full-text or trigram index is used.
    execute $search$
      with matches as materialized (
        select a.id, a.published_at,
               case when $1 is not null then extensions.cube_distance(a.location, $1) end as chord
          from public.animals a
         where a.listed
           and ($1 is null or (a.grid_cell = any ($2) and extensions.cube_distance(a.location, $1) <= $3))
           and a.type = any ($4)
           and ($5 is null or a.age_group = $5)
           and ($6 is null or a.size = $6)
           and ($7 is null or a.sex = $7)
           and (not $8 or a.good_with_children = 'yes')
           and (not $9 or a.good_with_dogs = 'yes')
           and (not $10 or a.good_with_cats = 'yes')
           and ($11 is null or a.breed_words like $11)
           and ($12 is null or a.search_document @@ $12)
      )
      select (select count(*) from matches),
             array(select m.id
                     from matches m
                    order by
                      case when $13 = 'distance' then m.chord end,
                      case when $13 = 'oldest' then m.published_at end,
                      case when $13 = 'oldest' then m.id end,
                      m.published_at desc, m.id desc
                    limit $14 offset $15)
    $search$
    into total, page_ids
    using origin, cells, radius_chord, types, age_filter, size_filter, sex_filter, wants_children, wants_dogs,
          wants_cats, breed_pattern, keywords, order_by, page_limit, page_start;
  end if;

  return json_build_object('total', total, 'animals', public.animal_cards(page_ids, origin));
end
$$;

revoke execute on function public.search_animals from public;
grant execute on function public.search_animals to anon, authenticated, service_role;

-- Listed animals per type, every type present (zeros included), for /animal-types.
create or replace function public.animal_type_counts()
returns table (type text, available bigint, pending bigint)
language sql stable security definer set search_path = '' as $$
  select t.type, coalesce(c.available, 0), coalesce(c.pending, 0)
    from unnest(array['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'])
         with ordinality as t (type, position)
    left join public.listed_animal_counts c on c.type = t.type
   order by t.position
$$;

revoke execute on function public.animal_type_counts from public;
grant execute on function public.animal_type_counts to anon, authenticated, service_role;

-- Listed animals per shelter, for the directory's cards: the shelters on the page (through
-- the index on shelter_id, a few rows each). Shelters without listed animals are left out.
create or replace function public.shelter_animal_counts(shelter_ids uuid[])
returns table (shelter_id uuid, available bigint, pending bigint)
language sql stable security definer set search_path = '' as $$
  select a.shelter_id, count(*) filter (where a.status = 'available'), count(*) filter (where a.status = 'pending')
    from public.animals a
   where a.listed and a.shelter_id = any (shelter_animal_counts.shelter_ids)
   group by a.shelter_id
$$;

revoke execute on function public.shelter_animal_counts from public;
grant execute on function public.shelter_animal_counts to anon, authenticated, service_role;
