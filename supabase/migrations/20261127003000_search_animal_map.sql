-- The map view of a search (issue 14 §2; docs/decisions/038-a-map-of-results.md): the same
-- matches as search_animals() — the same parameters, the same visibility rule (`listed`) — but
-- grouped by place instead of paged. One row per group: how many, where, and one of its
-- listings with its shelter's place, so a one-animal marker links to the animal and a larger
-- one names a place ('3 animals near Austin, TX'). The app merges groups that would overlap on
-- the drawn map; this only shrinks thousands of matches to the few hundred groups a map shows.
--
-- Two routes, like search_animals():
--   * cells: whole 1° grid cells (public.grid_cell) when the groups asked for are that coarse
--     and every filter is one the tallies keep (type, age, size, sex, good-with): the counts
--     come from the tallies (listed_animal_cells below for everything or one type nationwide,
--     listed_animal_facets otherwise, for the cells wholly inside a circle) plus an exact count
--     of the cells the circle's edge crosses, so a nationwide map reads a few hundred tally rows
--     instead of every listing;
--   * rows: otherwise the matches themselves, grouped on a grid of `cell_degrees`.
--
-- Every statement that reads animals shares one predicate, `matches` in the function, planned
-- per call with its values (as search_animals()' words route is). A new filter: normalise it
-- where the others are, add it to `matches` and to the `using` lists, and — the tallies do not
-- keep it — send a search that uses it down the rows route (`by_cells`).
-- tests/rls/search-map.test.ts checks that the map's total is search_animals()' total for every
-- filter, so a filter added to one and not the other fails there.

-- Listed animals per grid cell and type, kept like listed_animal_facets (and in the same
-- transaction): a nationwide map, or one of a type, reads a few hundred of these rows instead
-- of summing the tens of thousands of facet rows (22 ms at 100,000 listings in PGlite).
create table public.listed_animal_cells (
  -- As listed_animal_facets keeps it (an animal without a location has the cell public.grid_cell
  -- gives nulls: 64799, by the North Pole, where no shelter is).
  grid_cell integer not null,
  type text not null,
  listed bigint not null,
  primary key (grid_cell, type)
);
comment on table public.listed_animal_cells is
  'Listed animals per grid cell and type, kept by triggers on animals: the nationwide map.';
alter table public.listed_animal_cells enable row level security;
revoke all on public.listed_animal_cells from anon, authenticated;

-- What one statement changed, per (cell, type), in key order (two statements never deadlock);
-- none for a key whose count did not change. Zeros stay, as in the other tallies.
create or replace function public.tally_listed_animal_cells() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.listed_animal_cells;
  elsif tg_op = 'INSERT' then
    insert into public.listed_animal_cells as c
    select coalesce(grid_cell, -1), type, count(*) from new_rows where listed group by 1, 2 order by 1, 2
    on conflict (grid_cell, type) do update set listed = c.listed + excluded.listed;
  elsif tg_op = 'DELETE' then
    insert into public.listed_animal_cells as c
    select coalesce(grid_cell, -1), type, -count(*) from old_rows where listed group by 1, 2 order by 1, 2
    on conflict (grid_cell, type) do update set listed = c.listed + excluded.listed;
  else
    insert into public.listed_animal_cells as c
    select cell, type, sum(delta)
      from (select coalesce(grid_cell, -1) as cell, type, 1 as delta from new_rows where listed
            union all
            select coalesce(grid_cell, -1), type, -1 from old_rows where listed) changes
     group by 1, 2 having sum(delta) <> 0 order by 1, 2
    on conflict (grid_cell, type) do update set listed = c.listed + excluded.listed;
  end if;
  return null;
end
$$;

-- Fired by the triggers only (privileges are checked when a trigger is made, not when it fires).
revoke execute on function public.tally_listed_animal_cells from public, anon, authenticated;

create trigger animals_tally_cells_insert after insert on public.animals
  referencing new table as new_rows for each statement execute function public.tally_listed_animal_cells();
create trigger animals_tally_cells_update after update on public.animals
  referencing old table as old_rows new table as new_rows for each statement execute function public.tally_listed_animal_cells();
create trigger animals_tally_cells_delete after delete on public.animals
  referencing old table as old_rows for each statement execute function public.tally_listed_animal_cells();
create trigger animals_tally_cells_truncate after truncate on public.animals
  for each statement execute function public.tally_listed_animal_cells();

insert into public.listed_animal_cells
select coalesce(grid_cell, -1), type, count(*) from public.animals where listed group by 1, 2;
analyze public.listed_animal_cells;

create or replace function public.search_animal_map(
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
  cell_degrees double precision default 1
) returns json
language plpgsql stable security definer
-- extensions: ll_to_earth() before earthdistance 1.2 calls cube() unqualified.
set search_path = extensions, pg_temp
as $$
declare
  -- Whether animal `a` is a match, with this call's values as $1…$12 (bound by every `using`
  -- below). The only SQL text spliced into the statements; values are always parameters.
  matches constant text := $matches$
        a.listed
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
  $matches$;
  -- One group as JSON, from `g` (listed, latitude, longitude), `a` (its animal) and `s` (its shelter).
  group_json constant text := $group$
    json_build_object(
      'count', g.listed, 'latitude', g.latitude, 'longitude', g.longitude,
      'animal', json_build_object('id', a.id, 'name', a.name, 'type', a.type, 'primary_breed', a.primary_breed,
                                  'secondary_breed', a.secondary_breed, 'mixed_breed', a.mixed_breed),
      'city', s.city, 'state', s.state, 'zip_code', s.zip_code)
  $group$;
  origin extensions.earth;
  radius_m double precision;
  radius_chord double precision;
  cells integer[];
  inner_cells integer[];
  edge_cells integer[];
  type_filter text := search_animal_map.type;
  types text[] := array['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'];
  age_filter text := search_animal_map.age;
  size_filter text := search_animal_map.size;
  sex_filter text := search_animal_map.sex;
  wants_children boolean := 'children' = any (coalesce(search_animal_map.good_with, '{}'));
  wants_dogs boolean := 'dogs' = any (coalesce(search_animal_map.good_with, '{}'));
  wants_cats boolean := 'cats' = any (coalesce(search_animal_map.good_with, '{}'));
  breed_pattern text;
  breeds text[];
  keywords tsquery;
  -- The grid the groups are made on, in degrees: 1 is the cells the tallies keep.
  step double precision := least(greatest(coalesce(search_animal_map.cell_degrees, 1), 0.001), 1);
  by_cells boolean;
  by_type_only boolean;
  total bigint;
  unplaced bigint;
  groups json;
begin
  -- The filters, normalised as search_animals() does: an unknown value is no filter.
  if search_animal_map.lat between -90 and 90 and search_animal_map.lon between -180 and 180 then
    origin := extensions.ll_to_earth(search_animal_map.lat, search_animal_map.lon);
    radius_m := least(greatest(coalesce(search_animal_map.radius_miles, 100), 1), 500) * 1609.344;
    radius_chord := extensions.gc_to_sec(radius_m);
    cells := public.grid_cells_around(search_animal_map.lat, search_animal_map.lon, radius_m);
  end if;
  if type_filter = any (types) then
    types := array[type_filter];
  end if;
  if age_filter not in ('young', 'adult', 'senior') then age_filter := null; end if;
  if size_filter not in ('small', 'medium', 'large', 'xlarge') then size_filter := null; end if;
  if sex_filter not in ('male', 'female', 'unknown') then sex_filter := null; end if;
  if length(trim(search_animal_map.breed)) > 0 then
    breed_pattern := '%' || regexp_replace(lower(left(trim(search_animal_map.breed), 100)), '([\\%_])', '\\\1', 'g') || '%';
    breeds := array(select b.breed_words from public.listed_animal_breeds b
                     where b.breed_words like breed_pattern and b.listed > 0);
  end if;
  if length(trim(search_animal_map.q)) > 0 then
    keywords := websearch_to_tsquery('english'::regconfig, left(search_animal_map.q, 200));
    if numnode(keywords) = 0 then keywords := null; end if;
  end if;

  -- Whole cells, counted from the tallies, when every filter is one the tallies keep.
  by_cells := step >= 1 and breed_pattern is null and keywords is null;
  by_type_only := age_filter is null and size_filter is null and sex_filter is null
                  and not (wants_children or wants_dogs or wants_cats);

  if by_cells then
    if origin is not null then
      inner_cells := public.grid_cells_within(cells, origin, radius_chord);
      edge_cells := array(select c from unnest(cells) c where c <> all (inner_cells));
    end if;
    execute format($cells$
      with counted as (
        -- Nationwide, of every type or one: the cells tally.
        select c.grid_cell as cell, sum(c.listed) as listed
          from public.listed_animal_cells c
         where $1 is null and $15 and c.type = any ($4)
         group by c.grid_cell
        having sum(c.listed) > 0
        union all
        -- Other attributes, or the cells wholly inside the circle: the facets tally.
        select f.grid_cell, sum(f.listed)
          from public.listed_animal_facets f
         where not ($1 is null and $15)
           and ($1 is null or f.grid_cell = any ($13))
           and f.type = any ($4)
           and ($5 is null or f.age_group = $5)
           and ($6 is null or f.size = $6)
           and ($7 is null or f.sex = $7)
           and (not $8 or f.good_with_children = 'yes')
           and (not $9 or f.good_with_dogs = 'yes')
           and (not $10 or f.good_with_cats = 'yes')
         group by f.grid_cell
        having sum(f.listed) > 0
        union all
        -- The cells the circle's edge crosses: their matches, counted.
        select a.grid_cell, count(*)
          from public.animals a
         where $1 is not null and a.grid_cell = any ($14) and %1$s
         group by a.grid_cell
      ),
      placed as (
        -- One of a cell's matches stands for it (and is its place): the first the place index
        -- holds, one probe per cell (the newest would mean reading the whole cell). The cell of
        -- animals without a location has none: they are counted, not drawn.
        select c.listed, a.latitude, a.longitude, a.id
          from counted c
         cross join lateral (
           select a.id, a.latitude, a.longitude
             from public.animals a
            where a.grid_cell = c.cell and a.location is not null and %1$s
            limit 1) a
      )
      select coalesce((select sum(c.listed) from counted c), 0),
             coalesce((select sum(c.listed) from counted c), 0) - coalesce((select sum(g.listed) from placed g), 0),
             (select json_agg(%2$s order by g.listed desc, a.id)
                from placed g
                join public.animals a on a.id = g.id
                join public.shelter_profiles s on s.id = a.shelter_id)
    $cells$, matches, group_json)
    into total, unplaced, groups
    using origin, cells, radius_chord, types, age_filter, size_filter, sex_filter, wants_children, wants_dogs,
          wants_cats, breeds, keywords, inner_cells, edge_cells, by_type_only;
  else
    execute format($rows$
      with grouped as (
        -- Grouped on a grid of the earth-centred coordinates the index carries (metres, $13
        -- wide), in one pass with no sort; latitude and longitude are worked out per group.
        -- Animals without a location make one group of their own (all keys null).
        select count(*) as listed,
               avg(extensions.cube_ll_coord(a.location, 1)) as x,
               avg(extensions.cube_ll_coord(a.location, 2)) as y,
               avg(extensions.cube_ll_coord(a.location, 3)) as z,
               (array_agg(a.id))[1] as id
          from public.animals a
         where %1$s
         group by floor(extensions.cube_ll_coord(a.location, 1) / $13),
                  floor(extensions.cube_ll_coord(a.location, 2) / $13),
                  floor(extensions.cube_ll_coord(a.location, 3) / $13)
      ),
      placed as (
        select g.listed, g.id, degrees(atan2(g.z, sqrt(g.x * g.x + g.y * g.y))) as latitude, degrees(atan2(g.y, g.x)) as longitude
          from grouped g
         where g.x is not null
      )
      select coalesce((select sum(g.listed) from grouped g), 0),
             coalesce((select sum(g.listed) from grouped g where g.x is null), 0),
             (select json_agg(%2$s order by g.listed desc, a.id)
                from placed g
                join public.animals a on a.id = g.id
                join public.shelter_profiles s on s.id = a.shelter_id)
    $rows$, matches, group_json)
    into total, unplaced, groups
    using origin, cells, radius_chord, types, age_filter, size_filter, sex_filter, wants_children, wants_dogs,
          wants_cats, breeds, keywords, radians(step) * extensions.earth();
  end if;

  return json_build_object('total', total, 'unplaced', unplaced, 'groups', coalesce(groups, '[]'::json));
end
$$;

comment on function public.search_animal_map is
  'The map view of a search: search_animals()'' matches grouped by place (count, position, one listing).';
revoke execute on function public.search_animal_map from public;
grant execute on function public.search_animal_map to anon, authenticated, service_role;
