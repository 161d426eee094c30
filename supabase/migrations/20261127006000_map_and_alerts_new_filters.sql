-- The three parts of issue 14 that landed together, made to agree: the map (search_animal_map,
-- 20261127003000) and the saved-search alerts (saved_search_new_matches, 20261127002000) were
-- written against search_animals() before it gained the filters of 20261127004000. Both now take
-- house_trained, special_needs, coat, color and new_this_week, normalised exactly as
-- search_animals() does, and find breeds by its words rule (matching_breed_words(): every word,
-- in any order, 'mix' and short names), no longer by a substring of the breeds.
-- tests/rls/search-map.test.ts and tests/rls/search-alerts.test.ts compare both with search_animals().

-- The map -------------------------------------------------------------------------------------

-- Five more parameters: a new signature, so the old one goes (PostgREST would not know which to call).
drop function public.search_animal_map(double precision, double precision, double precision, text, text, text, text, text[], text, text, double precision);

-- As in 20261127003000, with the new filters added where its header says (normalised beside the
-- others, in `matches` and every `using` list). Whole cells from the tallies: house-trained,
-- special needs and coat are kept per cell and type by listed_animal_trait_facets (20261127004000),
-- so a map with only those (and a type) still reads tally rows; colour and 'new this week'
-- are kept by no cell tally, and a search with them (or a breed, or words) takes the rows route.
create function public.search_animal_map(
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
  house_trained boolean default false,
  special_needs boolean default false,
  coat text default null,
  color text default null,
  new_this_week boolean default false,
  cell_degrees double precision default 1
) returns json
language plpgsql stable security definer
-- extensions: ll_to_earth() before earthdistance 1.2 calls cube() unqualified.
set search_path = extensions, pg_temp
as $$
declare
  -- Whether animal `a` is a match, with this call's values as $1…$17 (bound by every `using`
  -- below). The only SQL text spliced into the statements; values are always parameters.
  -- $13–$17: house-trained, special needs, coat, colour, published since.
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
    and (not $13 or a.house_trained)
    and (not $14 or a.special_needs)
    and ($15 is null or a.coat = $15)
    and ($16 is null or lower(trim(a.primary_color)) = $16 or lower(trim(a.secondary_color)) = $16
         or lower(trim(a.tertiary_color)) = $16)
    and ($17 is null or a.published_at >= $17)
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
  wants_house_trained boolean := coalesce(search_animal_map.house_trained, false);
  wants_special_needs boolean := coalesce(search_animal_map.special_needs, false);
  coat_filter text := lower(trim(search_animal_map.coat));
  color_filter text := lower(trim(left(search_animal_map.color, 100)));
  since timestamptz;
  breeds text[];
  keywords tsquery;
  -- The grid the groups are made on, in degrees: 1 is the cells the tallies keep.
  step double precision := least(greatest(coalesce(search_animal_map.cell_degrees, 1), 0.001), 1);
  by_cells boolean;
  by_type_only boolean;
  by_traits boolean;
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
  if coat_filter is null or coat_filter not in ('hairless', 'short', 'medium', 'long', 'wire', 'curly') then
    coat_filter := null;
  end if;
  if color_filter = '' then color_filter := null; end if;
  if coalesce(search_animal_map.new_this_week, false) then
    since := now() - interval '7 days';
  end if;
  if length(trim(search_animal_map.breed)) > 0 then
    breeds := public.matching_breed_words(search_animal_map.breed);
    -- No breed has these words (or the search has no letters): nothing matches, as in search_animals().
    if cardinality(breeds) = 0 then
      return json_build_object('total', 0, 'unplaced', 0, 'groups', '[]'::json);
    end if;
  end if;
  if length(trim(search_animal_map.q)) > 0 then
    keywords := websearch_to_tsquery('english'::regconfig, left(search_animal_map.q, 200));
    if numnode(keywords) = 0 then keywords := null; end if;
  end if;

  -- Whole cells, counted from the tallies, when every filter is one a cell tally keeps.
  by_type_only := age_filter is null and size_filter is null and sex_filter is null
                  and not (wants_children or wants_dogs or wants_cats);
  by_traits := wants_house_trained or wants_special_needs or coat_filter is not null;
  by_cells := step >= 1 and breeds is null and keywords is null and color_filter is null and since is null
              and (not by_traits or by_type_only);

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
         where $1 is null and $20 and not $21 and c.type = any ($4)
         group by c.grid_cell
        having sum(c.listed) > 0
        union all
        -- Other attributes, or the cells wholly inside the circle: the facets tally.
        select f.grid_cell, sum(f.listed)
          from public.listed_animal_facets f
         where not ($1 is null and $20) and not $21
           and ($1 is null or f.grid_cell = any ($18))
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
        -- House-trained, special needs or coat (with a type at most): the trait facets tally.
        select t.grid_cell, sum(t.listed)
          from public.listed_animal_trait_facets t
         where $21
           and ($1 is null or t.grid_cell = any ($18))
           and t.type = any ($4)
           and (not $13 or t.house_trained)
           and (not $14 or t.special_needs)
           and ($15 is null or t.coat = $15)
         group by t.grid_cell
        having sum(t.listed) > 0
        union all
        -- The cells the circle's edge crosses: their matches, counted.
        select a.grid_cell, count(*)
          from public.animals a
         where $1 is not null and a.grid_cell = any ($19) and %1$s
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
          wants_cats, breeds, keywords, wants_house_trained, wants_special_needs, coat_filter, color_filter, since,
          inner_cells, edge_cells, by_type_only, by_traits;
  else
    execute format($rows$
      with grouped as (
        -- Grouped on a grid of the earth-centred coordinates the index carries (metres, $18
        -- wide), in one pass with no sort; latitude and longitude are worked out per group.
        -- Animals without a location make one group of their own (all keys null).
        select count(*) as listed,
               avg(extensions.cube_ll_coord(a.location, 1)) as x,
               avg(extensions.cube_ll_coord(a.location, 2)) as y,
               avg(extensions.cube_ll_coord(a.location, 3)) as z,
               (array_agg(a.id))[1] as id
          from public.animals a
         where %1$s
         group by floor(extensions.cube_ll_coord(a.location, 1) / $18),
                  floor(extensions.cube_ll_coord(a.location, 2) / $18),
                  floor(extensions.cube_ll_coord(a.location, 3) / $18)
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
          wants_cats, breeds, keywords, wants_house_trained, wants_special_needs, coat_filter, color_filter, since,
          radians(step) * extensions.earth();
  end if;

  return json_build_object('total', total, 'unplaced', unplaced, 'groups', coalesce(groups, '[]'::json));
end
$$;

comment on function public.search_animal_map is
  'The map view of a search: search_animals()'' matches grouped by place (count, position, one listing).';
revoke execute on function public.search_animal_map from public;
grant execute on function public.search_animal_map to anon, authenticated, service_role;

-- The alerts ----------------------------------------------------------------------------------

/**
 * The animals that are new for each of `search_ids`: listed, published after the search was last
 * checked (less 15 minutes, for a listing whose transaction was still open then; never before the
 * search was saved) and up to `until`, matching its filters, and not reported for it before (saved_search_seen).
 *
 * THE ONE PLACE a saved search's filters are applied. The `searches` part normalizes them
 * exactly as search_animals() (20261127004000_search_filters.sql) normalizes its arguments
 * (breeds by matching_breed_words(), its words rule); the `where` clause is search_animals()'s
 * predicate (the grid cells it also tests are only its index's way to the same circle).
 * 'New this week' is published in the seven days before now, as on /search. A filter added to
 * search_animals() gets its line in both parts, in a new migration that replaces this function;
 * tests/rls/search-alerts.test.ts fails until it has.
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
           coalesce(f->>'house_trained' = 'true', false) as wants_house_trained,
           coalesce(f->>'special_needs' = 'true', false) as wants_special_needs,
           case when lower(trim(f->>'coat')) in ('hairless', 'short', 'medium', 'long', 'wire', 'curly')
                then lower(trim(f->>'coat')) end as coat_filter,
           nullif(lower(trim(left(f->>'color', 100))), '') as color_filter,
           case when f->>'new_this_week' = 'true' then now() - interval '7 days' end as published_since,
           case when place.lat between -90 and 90 and place.lon between -180 and 180
                then extensions.ll_to_earth(place.lat, place.lon) end as origin,
           extensions.gc_to_sec(least(greatest(coalesce(place.radius_miles, 100), 1), 500) * 1609.344) as radius_chord,
           case when length(trim(f->>'breed')) > 0 then public.matching_breed_words(f->>'breed') end as breeds,
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
           a.good_with_cats, a.location, a.breed_words, a.search_document, a.house_trained, a.special_needs, a.coat,
           a.primary_color, a.secondary_color, a.tertiary_color
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
     and (s.breeds is null or a.breed_words = any (s.breeds))
     and (s.keywords is null or a.search_document @@ s.keywords)
     and (not s.wants_house_trained or a.house_trained)
     and (not s.wants_special_needs or a.special_needs)
     and (s.coat_filter is null or a.coat = s.coat_filter)
     and (s.color_filter is null or lower(trim(a.primary_color)) = s.color_filter
          or lower(trim(a.secondary_color)) = s.color_filter or lower(trim(a.tertiary_color)) = s.color_filter)
     and (s.published_since is null or a.published_at >= s.published_since)
     and not exists (select 1 from public.saved_search_seen x where x.saved_search_id = s.id and x.animal_id = a.id)
$$;
revoke execute on function public.saved_search_new_matches(uuid[], timestamptz) from public, anon, authenticated;
grant execute on function public.saved_search_new_matches(uuid[], timestamptz) to service_role;
