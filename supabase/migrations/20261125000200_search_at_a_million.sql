-- Search at a million listings (three times Petfinder's). At that size the totals were the
-- cost: the page showed an exact count, and counting meant reading every match — 300,000
-- index entries for 500 miles around New York, the whole recency index for a nationwide
-- "senior and small", 38,000 table rows for the breed "retriever". Measurements and plans:
-- docs/performance.md ("A million listings").
--
-- The totals stay exact. They now come from tallies kept by statement triggers, as
-- listed_animal_counts already does per type:
--   * listed_animal_facets: listed animals per grid cell and filter value (type, age, size, sex,
--     good-with). A nationwide attribute search sums its rows; a place search sums the rows of
--     the cells wholly inside its circle and counts only the cells its edge crosses.
--   * listed_animal_breeds: listed animals per breed_words value. The breed filter's substring
--     match runs over these few thousand values; the animals are then found by equality, in a
--     btree that carries every filter column, without visiting the table.
-- and the page is found by the cheaper of two routes, chosen from those tallies: walking an
-- index in publication order until the page is full, or reading every match and sorting.

create table public.listed_animal_facets (
  -- -1 for animals without a location (never in a place search, always in the others).
  grid_cell integer not null,
  type text not null,
  age_group text not null,
  size text not null,
  sex text not null,
  good_with_children text not null,
  good_with_dogs text not null,
  good_with_cats text not null,
  listed bigint not null,
  primary key (grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
);
comment on table public.listed_animal_facets is
  'Listed animals per grid cell and filter values, kept by triggers on animals: search totals.';
alter table public.listed_animal_facets enable row level security;
revoke all on public.listed_animal_facets from anon, authenticated;

-- The same without the cell, for nationwide searches: a few thousand rows instead of one set
-- per cell (167,647 rows at a million demo listings; summing those took longer than the search).
create table public.listed_animal_facet_totals (
  type text not null,
  age_group text not null,
  size text not null,
  sex text not null,
  good_with_children text not null,
  good_with_dogs text not null,
  good_with_cats text not null,
  listed bigint not null,
  primary key (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
);
alter table public.listed_animal_facet_totals enable row level security;
revoke all on public.listed_animal_facet_totals from anon, authenticated;

create table public.listed_animal_breeds (
  breed_words text primary key,
  listed bigint not null
);
comment on table public.listed_animal_breeds is
  'Listed animals per breed_words value, kept by triggers on animals: the breed filter''s vocabulary.';
alter table public.listed_animal_breeds enable row level security;
revoke all on public.listed_animal_breeds from anon, authenticated;
create index listed_animal_breeds_trgm_idx on public.listed_animal_breeds using gin (breed_words extensions.gin_trgm_ops);

-- Adds what one statement changed, one row per changed key, in key order (so two statements
-- do not deadlock) and none for a key whose count did not change (an edited description).
-- Keys whose count falls to zero stay, as a zero: there are at most as many as combinations.
create or replace function public.tally_listed_animals() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.listed_animal_facets;
    delete from public.listed_animal_facet_totals;
    delete from public.listed_animal_breeds;
  elsif tg_op = 'INSERT' then
    with changes as (select *, 1 as delta from new_rows where listed),
    facets as (
      insert into public.listed_animal_facets as f
      select coalesce(grid_cell, -1), type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
      do update set listed = f.listed + excluded.listed
    ),
    facet_totals as (
      insert into public.listed_animal_facet_totals as t
      select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
      do update set listed = t.listed + excluded.listed
    )
    insert into public.listed_animal_breeds as b
    select breed_words, sum(delta) from changes group by 1 order by 1
    on conflict (breed_words) do update set listed = b.listed + excluded.listed;
  elsif tg_op = 'DELETE' then
    with changes as (select *, -1 as delta from old_rows where listed),
    facets as (
      insert into public.listed_animal_facets as f
      select coalesce(grid_cell, -1), type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
      do update set listed = f.listed + excluded.listed
    ),
    facet_totals as (
      insert into public.listed_animal_facet_totals as t
      select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
      do update set listed = t.listed + excluded.listed
    )
    insert into public.listed_animal_breeds as b
    select breed_words, sum(delta) from changes group by 1 order by 1
    on conflict (breed_words) do update set listed = b.listed + excluded.listed;
  else
    with changes as (
      select grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, breed_words, 1 as delta
        from new_rows where listed
      union all
      select grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, breed_words, -1
        from old_rows where listed
    ),
    facets as (
      insert into public.listed_animal_facets as f
      select coalesce(grid_cell, -1), type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
      do update set listed = f.listed + excluded.listed
    ),
    facet_totals as (
      insert into public.listed_animal_facet_totals as t
      select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7 having sum(delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
      do update set listed = t.listed + excluded.listed
    )
    insert into public.listed_animal_breeds as b
    select breed_words, sum(delta) from changes group by 1 having sum(delta) <> 0 order by 1
    on conflict (breed_words) do update set listed = b.listed + excluded.listed;
  end if;
  return null;
end
$$;

create trigger animals_tally_listed_insert after insert on public.animals
  referencing new table as new_rows for each statement execute function public.tally_listed_animals();
create trigger animals_tally_listed_update after update on public.animals
  referencing old table as old_rows new table as new_rows for each statement execute function public.tally_listed_animals();
create trigger animals_tally_listed_delete after delete on public.animals
  referencing old table as old_rows for each statement execute function public.tally_listed_animals();
create trigger animals_tally_listed_truncate after truncate on public.animals
  for each statement execute function public.tally_listed_animals();

insert into public.listed_animal_facets
select coalesce(grid_cell, -1), type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, count(*)
  from public.animals where listed
 group by 1, 2, 3, 4, 5, 6, 7, 8;
insert into public.listed_animal_facet_totals
select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(listed)
  from public.listed_animal_facets
 group by 1, 2, 3, 4, 5, 6, 7;
insert into public.listed_animal_breeds
select breed_words, count(*) from public.animals where listed group by 1;
-- Statistics now: PGlite runs no autovacuum, and the search plans its statements with them.
analyze public.listed_animal_facets, public.listed_animal_facet_totals, public.listed_animal_breeds;

-- The indexes a page is found through. The publication-order indexes now also carry the cell
-- and the location, so "within 500 miles, newest first" walks them and stops at the page; the
-- facet index serves a rare nationwide combination (its few groups merged in order); the breed
-- index finds the animals of the matching breed values. All index-only (see the animals
-- migration: `where listed`, filter columns included).
drop index public.animals_listed_recent_idx;
drop index public.animals_listed_type_recent_idx;
create index animals_listed_recent_idx on public.animals (published_at desc, id desc)
  include (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, grid_cell, location)
  where listed;
create index animals_listed_type_recent_idx on public.animals (type, published_at desc, id desc)
  include (age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, grid_cell, location)
  where listed;
create index animals_listed_facet_idx on public.animals (type, age_group, size, sex, published_at desc, id desc)
  include (good_with_children, good_with_dogs, good_with_cats)
  where listed;
create index animals_listed_breed_words_idx on public.animals (breed_words, published_at desc, id desc)
  include (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, grid_cell, location)
  where listed;

-- Cells of `cells` that lie wholly within radius_chord of origin. On a sphere the point of a
-- cell farthest from any point (not antipodal) is one of its corners: along a parallel the
-- distance grows with the difference in longitude, along a meridian it has one minimum. A
-- metre of margin absorbs rounding.
create or replace function public.grid_cells_within(cells integer[], origin extensions.earth, radius_chord double precision)
returns integer[]
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(array_agg(c.cell), '{}')
    from unnest(cells) as c (cell)
   cross join lateral (select c.cell / 360 - 90 as south, c.cell % 360 - 180 as west) corner
   where (select bool_and(extensions.cube_distance(
                            extensions.cube(extensions.cube(extensions.cube(
                              extensions.earth() * cos(radians(lat)) * cos(radians(lon))),
                              extensions.earth() * cos(radians(lat)) * sin(radians(lon))),
                              extensions.earth() * sin(radians(lat))),
                            origin) <= radius_chord - 1)
            from (values (corner.south, corner.west), (corner.south + 1, corner.west),
                         (corner.south, corner.west + 1), (corner.south + 1, corner.west + 1)) as p (lat, lon))
$$;

-- One page of matches, walking an index in publication order (newest or oldest first) and
-- stopping once the page is full: cheap when matches are common. Planned per call with its
-- values, so one type walks the type's index and all types the general one.
create or replace function public.search_page_in_order(
  type_filter text, age_filter text, size_filter text, sex_filter text,
  wants_children boolean, wants_dogs boolean, wants_cats boolean,
  cells integer[], origin extensions.earth, radius_chord double precision,
  order_by text, page_limit integer, page_start integer
) returns uuid[]
language plpgsql stable security definer set search_path = extensions, pg_temp as $$
declare
  page_ids uuid[];
begin
  -- The only text spliced in is one of two constant orderings; values are parameters.
  execute format($page$
    select array(
      select a.id
        from public.animals a
       where a.listed
         and ($1 is null or a.type = $1)
         and ($2 is null or a.age_group = $2)
         and ($3 is null or a.size = $3)
         and ($4 is null or a.sex = $4)
         and (not $5 or a.good_with_children = 'yes')
         and (not $6 or a.good_with_dogs = 'yes')
         and (not $7 or a.good_with_cats = 'yes')
         and ($8 is null or (a.grid_cell = any ($8) and extensions.cube_distance(a.location, $9) <= $10))
       order by %s
       limit $11 offset $12)
    $page$, case when order_by = 'oldest' then 'a.published_at, a.id' else 'a.published_at desc, a.id desc' end)
  into page_ids
  using type_filter, age_filter, size_filter, sex_filter, wants_children, wants_dogs, wants_cats,
        cells, origin, radius_chord, page_limit, page_start;
  return page_ids;
end
$$;

revoke execute on function public.search_page_in_order from public, anon, authenticated;

-- One page of a nationwide attribute search whose matches are rare: the (type, age, size,
-- sex) groups that hold them, each read in order from the facet index (at most the page's
-- `wanted` entries each), merged. One plan fits every call.
create or replace function public.search_page_by_facets(
  types text[], age_filter text, size_filter text, sex_filter text,
  wants_children boolean, wants_dogs boolean, wants_cats boolean,
  order_by text, page_limit integer, page_start integer
) returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  wanted integer := page_start + page_limit;
begin
  if order_by = 'oldest' then
    return array(
      select x.id
        from (select f.type, f.age_group, f.size, f.sex
                from public.listed_animal_facet_totals f
               where f.type = any (types)
                 and (age_filter is null or f.age_group = age_filter)
                 and (size_filter is null or f.size = size_filter)
                 and (sex_filter is null or f.sex = sex_filter)
                 and (not wants_children or f.good_with_children = 'yes')
                 and (not wants_dogs or f.good_with_dogs = 'yes')
                 and (not wants_cats or f.good_with_cats = 'yes')
               group by f.type, f.age_group, f.size, f.sex
              having sum(f.listed) > 0) g
       cross join lateral (
         select a.id, a.published_at
           from public.animals a
          where a.listed and a.type = g.type and a.age_group = g.age_group and a.size = g.size and a.sex = g.sex
            and (not wants_children or a.good_with_children = 'yes')
            and (not wants_dogs or a.good_with_dogs = 'yes')
            and (not wants_cats or a.good_with_cats = 'yes')
          order by a.published_at, a.id
          limit wanted) x
       order by x.published_at, x.id
       limit page_limit offset page_start);
  end if;
  return array(
    select x.id
      from (select f.type, f.age_group, f.size, f.sex
              from public.listed_animal_facet_totals f
             where f.type = any (types)
               and (age_filter is null or f.age_group = age_filter)
               and (size_filter is null or f.size = size_filter)
               and (sex_filter is null or f.sex = sex_filter)
               and (not wants_children or f.good_with_children = 'yes')
               and (not wants_dogs or f.good_with_dogs = 'yes')
               and (not wants_cats or f.good_with_cats = 'yes')
             group by f.type, f.age_group, f.size, f.sex
            having sum(f.listed) > 0) g
     cross join lateral (
       select a.id, a.published_at
         from public.animals a
        where a.listed and a.type = g.type and a.age_group = g.age_group and a.size = g.size and a.sex = g.sex
          and (not wants_children or a.good_with_children = 'yes')
          and (not wants_dogs or a.good_with_dogs = 'yes')
          and (not wants_cats or a.good_with_cats = 'yes')
        order by a.published_at desc, a.id desc
        limit wanted) x
     order by x.published_at desc, x.id desc
     limit page_limit offset page_start);
end
$$;

revoke execute on function public.search_page_by_facets from public, anon, authenticated;

-- The same answer as before (same parameters, same JSON, same order), found at a million
-- listings in tens of milliseconds. See the top of this file for the tallies; each route below
-- says when it is taken.
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
-- The static queries below fit one plan whatever the values (the others are dynamic SQL,
-- planned per call), so Postgres plans them once per connection instead of on every call.
set plan_cache_mode = force_generic_plan
as $$
declare
  origin extensions.earth;
  radius_m double precision;
  -- The radius as a straight-line (chord) distance through the earth: comparing it with
  -- cube_distance() is exact, and far cheaper than earth_distance() on every candidate.
  radius_chord double precision;
  -- The grid cells the circle touches (see public.grid_cell), and those wholly inside it.
  cells integer[];
  inner_cells integer[];
  edge_cells integer[];
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
  breeds text[];
  keywords tsquery;
  order_by text := search_animals.sort;
  page_limit integer := least(greatest(coalesce(search_animals.page_size, 24), 1), 48);
  page_start integer := least(greatest(coalesce(search_animals.page_offset, 0), 0), 10000);
  -- Matches needed to fill the page: its own and every earlier one.
  wanted integer;
  total bigint;
  -- Listed animals of the types asked for: what a walk in publication order passes over.
  listed_of_types bigint;
  -- Index entries read by each route, estimated from the tallies.
  walk_cost double precision;
  read_cost double precision;
  near_radius double precision;
  near_chord double precision;
  near_count bigint;
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
    breeds := array(select b.breed_words from public.listed_animal_breeds b
                     where b.breed_words like breed_pattern and b.listed > 0);
  end if;
  if length(trim(search_animals.q)) > 0 then
    keywords := websearch_to_tsquery('english'::regconfig, left(search_animals.q, 200));
    -- Only stop words ("the", "and"): no keyword filter rather than no results.
    if numnode(keywords) = 0 then keywords := null; end if;
  end if;
  if order_by is null or order_by not in ('recent', 'distance', 'oldest') or (order_by = 'distance' and origin is null) then
    order_by := 'recent';
  end if;
  wanted := page_start + page_limit;

  if origin is null and age_filter is null and size_filter is null and sex_filter is null
     and not (wants_children or wants_dogs or wants_cats) and breed_pattern is null and keywords is null then
    -- Everything, or one type: the total is kept in listed_animal_counts, and the page is
    -- the first entries of an index in publication order.
    select coalesce(sum(c.available + c.pending), 0) into total
      from public.listed_animal_counts c
     where c.type = any (types);
    -- One type reads its own index: through the general one (`type = any (types)` in a kept
    -- plan), the last page of a rare type passed over most of the million.
    if type_filter is not null and order_by = 'oldest' then
      page_ids := array(select a.id from public.animals a where a.listed and a.type = type_filter
                         order by a.published_at, a.id limit page_limit offset page_start);
    elsif type_filter is not null then
      page_ids := array(select a.id from public.animals a where a.listed and a.type = type_filter
                         order by a.published_at desc, a.id desc limit page_limit offset page_start);
    elsif order_by = 'oldest' then
      page_ids := array(select a.id from public.animals a where a.listed
                         order by a.published_at, a.id limit page_limit offset page_start);
    else
      page_ids := array(select a.id from public.animals a where a.listed
                         order by a.published_at desc, a.id desc limit page_limit offset page_start);
    end if;

  elsif breed_pattern is null and keywords is null then
    -- Attributes, perhaps a place. The total from the tallies: every cell nationwide, or the
    -- cells wholly inside the circle plus an exact count of the cells its edge crosses.
    if origin is not null then
      inner_cells := public.grid_cells_within(cells, origin, radius_chord);
      edge_cells := array(select c from unnest(cells) c where c <> all (inner_cells));
    end if;
    if origin is null then
      select coalesce(sum(t.listed), 0) into total
        from public.listed_animal_facet_totals t
       where t.type = any (types)
         and (age_filter is null or t.age_group = age_filter)
         and (size_filter is null or t.size = size_filter)
         and (sex_filter is null or t.sex = sex_filter)
         and (not wants_children or t.good_with_children = 'yes')
         and (not wants_dogs or t.good_with_dogs = 'yes')
         and (not wants_cats or t.good_with_cats = 'yes');
    else
      select coalesce(sum(f.listed), 0) into total
        from public.listed_animal_facets f
       where f.grid_cell = any (inner_cells)
         and f.type = any (types)
         and (age_filter is null or f.age_group = age_filter)
         and (size_filter is null or f.size = size_filter)
         and (sex_filter is null or f.sex = sex_filter)
         and (not wants_children or f.good_with_children = 'yes')
         and (not wants_dogs or f.good_with_dogs = 'yes')
         and (not wants_cats or f.good_with_cats = 'yes');
    end if;
    if origin is not null and cardinality(edge_cells) > 0 then
      total := total + (
        select count(*)
          from public.animals a
         where a.listed
           and a.grid_cell = any (edge_cells)
           and a.type = any (types)
           and extensions.cube_distance(a.location, origin) <= radius_chord
           and (age_filter is null or a.age_group = age_filter)
           and (size_filter is null or a.size = size_filter)
           and (sex_filter is null or a.sex = sex_filter)
           and (not wants_children or a.good_with_children = 'yes')
           and (not wants_dogs or a.good_with_dogs = 'yes')
           and (not wants_cats or a.good_with_cats = 'yes'));
    end if;
    select coalesce(sum(c.available + c.pending), 0) into listed_of_types
      from public.listed_animal_counts c
     where c.type = any (types);

    if page_start >= total then
      page_ids := '{}';
    elsif origin is null then
      -- Nationwide. Walking the publication-order index passes over about
      -- wanted × listed / matches entries; a rare combination instead merges the few
      -- (type, age, size, sex) groups that hold its matches, each read in order from the facet
      -- index, at most `wanted` from each.
      walk_cost := wanted::double precision * listed_of_types / total;
      select coalesce(sum(least(g.all_listed, case when g.matching >= wanted then wanted::double precision * g.all_listed / g.matching
                                                     else g.all_listed end)), 0)
        into read_cost
        from (select sum(f.listed) as all_listed,
                     sum(f.listed) filter (where (not wants_children or f.good_with_children = 'yes')
                                             and (not wants_dogs or f.good_with_dogs = 'yes')
                                             and (not wants_cats or f.good_with_cats = 'yes')) as matching
                from public.listed_animal_facet_totals f
               where f.type = any (types)
                 and (age_filter is null or f.age_group = age_filter)
                 and (size_filter is null or f.size = size_filter)
                 and (sex_filter is null or f.sex = sex_filter)
               group by f.type, f.age_group, f.size, f.sex
              having sum(f.listed) > 0) g;
      if walk_cost <= read_cost then
        page_ids := public.search_page_in_order(type_filter, age_filter, size_filter, sex_filter, wants_children,
                                                wants_dogs, wants_cats, null, null, null, order_by, page_limit, page_start);
      else
        page_ids := public.search_page_by_facets(types, age_filter, size_filter, sex_filter, wants_children, wants_dogs,
                                                 wants_cats, order_by, page_limit, page_start);
      end if;
    elsif order_by <> 'distance' and wanted::double precision * listed_of_types / total < total then
      -- A place with many matches, newest or oldest first: walk the publication-order index,
      -- testing each entry's cell and distance, until the page is full.
      page_ids := public.search_page_in_order(type_filter, age_filter, size_filter, sex_filter, wants_children,
                                              wants_dogs, wants_cats, cells, origin, radius_chord, order_by, page_limit, page_start);
    else
      -- Read the matches and sort them. Nearest first needs only the nearest `wanted`: they lie
      -- within a smaller circle when the matches are many (a guess from the density, widened
      -- until it holds enough), and only that circle's cells are read.
      near_radius := radius_m;
      if order_by = 'distance' and total > 4 * wanted then
        near_radius := greatest(1609.344, radius_m * sqrt(2.0 * wanted / total));
      end if;
      loop
        near_chord := extensions.gc_to_sec(near_radius);
        with matches as materialized (
          select a.id, a.published_at, extensions.cube_distance(a.location, origin) as chord
            from public.animals a
           where a.listed
             and a.grid_cell = any (public.grid_cells_around(search_animals.lat, search_animals.lon, near_radius))
             and a.type = any (types)
             and extensions.cube_distance(a.location, origin) <= near_chord
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
          into near_count, page_ids;
        -- Every match outside the smaller circle is farther than all inside it.
        exit when near_radius >= radius_m or near_count >= wanted;
        near_radius := least(radius_m, near_radius * 2);
      end loop;
    end if;

  else
    -- Words (breed, keywords), perhaps with a place and attributes. A breed is the animals of
    -- the matching breed values (an equality on an index that carries every filter column);
    -- keywords use the full-text index. Which index fits depends on the filters, so this query
    -- is planned for each call, with its values.
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
           and ($11 is null or a.breed_words = any ($11))
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
          wants_cats, breeds, keywords, order_by, page_limit, page_start;
  end if;

  return json_build_object('total', total, 'animals', public.animal_cards(page_ids, origin));
end
$$;

revoke execute on function public.search_animals from public;
grant execute on function public.search_animals to anon, authenticated, service_role;
