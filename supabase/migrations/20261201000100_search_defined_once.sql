-- Search defined once. A search's filters have one type (public.search_filter), one function
-- that normalises them from the names the URL, the API and saved searches use
-- (public.search_filter_from: an unknown value is no filter, out-of-range values are clamped),
-- and one predicate (public.search_matches) that the list, the map and the alerts all match
-- animals with. A card's bonded companions come from one function (public.listed_companions),
-- for the list's cards, the map's markers and the alert emails alike.
--
-- The predicate is a plain SQL function, so Postgres inlines it: called from a statement run by
-- EXECUTE … USING, the filter is a constant when the statement is planned, every unused filter
-- folds away and the indexes are chosen as if the conditions were written out.

-- What they replace: search_animals_base() and its page helpers, and the companions' names alone.
drop function public.search_animals_base(lat double precision, lon double precision, radius_miles double precision, type text,
  age text, size text, sex text, good_with text[], breed text, q text, sort text, page_size integer, page_offset integer);
drop function public.search_page_in_order(type_filter text, age_filter text, size_filter text, sex_filter text,
  wants_children boolean, wants_dogs boolean, wants_cats boolean, cells integer[], origin extensions.earth,
  radius_chord double precision, order_by text, page_limit integer, page_start integer);
drop function public.search_page_by_facets(types text[], age_filter text, size_filter text, sex_filter text,
  wants_children boolean, wants_dogs boolean, wants_cats boolean, order_by text, page_limit integer, page_start integer);
drop function public.listed_companion_names(animal uuid);

create type public.search_filter as (
  -- The place searched around (null: anywhere), its radius and the grid cells it touches.
  latitude double precision,
  longitude double precision,
  origin extensions.earth,
  radius_m double precision,
  radius_chord double precision,
  cells integer[],
  -- The type asked for (null: every type), and the types to show (an index condition either way).
  type text,
  types text[],
  age_group text,
  size text,
  sex text,
  with_children boolean,
  with_dogs boolean,
  with_cats boolean,
  house_trained boolean,
  special_needs boolean,
  coat text,
  color text,
  published_since timestamp with time zone,
  -- The breed values whose words match (null: any breed; empty: no listed breed has them).
  breeds text[],
  keywords tsquery
);
comment on type public.search_filter is 'A search''s filters, normalised by search_filter_from() and matched by search_matches().';

create function public.search_filter_from(filters jsonb)
 returns public.search_filter
 language plpgsql
 stable
 set search_path to 'extensions', 'pg_temp'
as $function$
declare
  f public.search_filter;
  lat double precision;
  lon double precision;
  radius_miles double precision;
begin
  if jsonb_typeof(filters -> 'lat') = 'number' and jsonb_typeof(filters -> 'lon') = 'number' then
    lat := (filters ->> 'lat')::double precision;
    lon := (filters ->> 'lon')::double precision;
  end if;
  if lat between -90 and 90 and lon between -180 and 180 then
    if jsonb_typeof(filters -> 'radius_miles') = 'number' then
      radius_miles := (filters ->> 'radius_miles')::double precision;
    end if;
    f.latitude := lat;
    f.longitude := lon;
    f.origin := extensions.ll_to_earth(lat, lon);
    f.radius_m := least(greatest(coalesce(radius_miles, 100), 1), 500) * 1609.344;
    -- The radius as a straight-line (chord) distance through the earth: comparing it with
    -- cube_distance() is exact, and far cheaper than earth_distance() on every candidate.
    f.radius_chord := extensions.gc_to_sec(f.radius_m);
    f.cells := public.grid_cells_around(lat, lon, f.radius_m);
  end if;

  f.types := array['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'];
  if filters ->> 'type' = any (f.types) then
    f.type := filters ->> 'type';
    f.types := array[f.type];
  end if;
  if filters ->> 'age' in ('young', 'adult', 'senior') then f.age_group := filters ->> 'age'; end if;
  if filters ->> 'size' in ('small', 'medium', 'large', 'xlarge') then f.size := filters ->> 'size'; end if;
  if filters ->> 'sex' in ('male', 'female', 'unknown') then f.sex := filters ->> 'sex'; end if;
  f.with_children := coalesce(jsonb_typeof(filters -> 'good_with') = 'array' and filters -> 'good_with' ? 'children', false);
  f.with_dogs := coalesce(jsonb_typeof(filters -> 'good_with') = 'array' and filters -> 'good_with' ? 'dogs', false);
  f.with_cats := coalesce(jsonb_typeof(filters -> 'good_with') = 'array' and filters -> 'good_with' ? 'cats', false);
  f.house_trained := coalesce(filters ->> 'house_trained' = 'true', false);
  f.special_needs := coalesce(filters ->> 'special_needs' = 'true', false);
  if lower(trim(filters ->> 'coat')) in ('hairless', 'short', 'medium', 'long', 'wire', 'curly') then
    f.coat := lower(trim(filters ->> 'coat'));
  end if;
  f.color := nullif(lower(trim(left(filters ->> 'color', 100))), '');
  if filters ->> 'new_this_week' = 'true' then
    f.published_since := now() - interval '7 days';
  end if;
  if length(trim(filters ->> 'breed')) > 0 then
    f.breeds := public.matching_breed_words(filters ->> 'breed');
  end if;
  if length(trim(filters ->> 'q')) > 0 then
    f.keywords := websearch_to_tsquery('english'::regconfig, left(filters ->> 'q', 200));
    -- Only stop words ("the", "and"): no keyword filter rather than no results.
    if numnode(f.keywords) = 0 then f.keywords := null; end if;
  end if;
  return f;
end
$function$;
revoke execute on function public.search_filter_from(filters jsonb) from public, anon, authenticated;
comment on function public.search_filter_from(filters jsonb) is 'A search''s filters (the names search_animals() takes, as JSON) normalised: an unknown value is no filter.';

-- Inlined where it is called (language sql, one expression, no settings): keep it that way. Every
-- condition of a filter not asked for folds away when the statement is planned with its values
-- (`f.types`, every type, is for the tallies: on rows it would only add index searches).
create function public.search_matches(a public.animals, f public.search_filter)
 returns boolean
 language sql
 stable
as $function$
  select a.searchable
     and (f.origin is null
          or (a.grid_cell = any (f.cells) and extensions.cube_distance(a.location, f.origin) <= f.radius_chord))
     and (f.type is null or a.type = f.type)
     and (f.age_group is null or a.age_group = f.age_group)
     and (f.size is null or a.size = f.size)
     and (f.sex is null or a.sex = f.sex)
     and (not f.with_children or a.good_with_children = 'yes')
     and (not f.with_dogs or a.good_with_dogs = 'yes')
     and (not f.with_cats or a.good_with_cats = 'yes')
     and (not f.house_trained or a.house_trained)
     and (not f.special_needs or a.special_needs)
     and (f.coat is null or a.coat = f.coat)
     and (f.color is null or lower(trim(a.primary_color)) = f.color or lower(trim(a.secondary_color)) = f.color
          or lower(trim(a.tertiary_color)) = f.color)
     and (f.published_since is null or a.published_at >= f.published_since)
     and (f.breeds is null or a.breed_words = any (f.breeds))
     and (f.keywords is null or a.search_document @@ f.keywords)
$function$;
revoke execute on function public.search_matches(a public.animals, f public.search_filter) from public, anon, authenticated;
comment on function public.search_matches(a public.animals, f public.search_filter) is 'Whether a listed animal matches a search: the one predicate of the list, the map and the alerts.';

create function public.search_tally_total(f public.search_filter)
 returns bigint
 language plpgsql
 stable security definer
 set search_path to 'extensions', 'pg_temp'
 set plan_cache_mode to 'force_generic_plan'
as $function$
declare
  -- Only the columns the facet tallies keep, or house-trained, special needs and coat too.
  facets_only boolean := not (f.house_trained or f.special_needs) and f.coat is null;
  attributes boolean := f.age_group is not null or f.size is not null or f.sex is not null
                        or f.with_children or f.with_dogs or f.with_cats;
  inner_cells integer[];
  edge_cells integer[];
  total bigint;
  edge_total bigint;
begin
  if f.breeds is not null or f.keywords is not null or f.published_since is not null then
    return null;
  end if;

  if f.origin is null then
    if f.color is not null then
      if not facets_only then return null; end if;
      select coalesce(sum(c.listed), 0) into total
        from public.listed_animal_colors c
       where c.type = any (f.types) and c.color = f.color
         and (f.age_group is null or c.age_group = f.age_group)
         and (f.size is null or c.size = f.size)
         and (f.sex is null or c.sex = f.sex)
         and (not f.with_children or c.good_with_children = 'yes')
         and (not f.with_dogs or c.good_with_dogs = 'yes')
         and (not f.with_cats or c.good_with_cats = 'yes');
    elsif facets_only and not attributes then
      select coalesce(sum(c.available + c.pending), 0) into total
        from public.listed_animal_counts c
       where c.type = any (f.types);
    elsif facets_only then
      select coalesce(sum(t.listed), 0) into total
        from public.listed_animal_facet_totals t
       where t.type = any (f.types)
         and (f.age_group is null or t.age_group = f.age_group)
         and (f.size is null or t.size = f.size)
         and (f.sex is null or t.sex = f.sex)
         and (not f.with_children or t.good_with_children = 'yes')
         and (not f.with_dogs or t.good_with_dogs = 'yes')
         and (not f.with_cats or t.good_with_cats = 'yes');
    else
      select coalesce(sum(t.listed), 0) into total
        from public.listed_animal_trait_totals t
       where t.type = any (f.types)
         and (f.age_group is null or t.age_group = f.age_group)
         and (f.size is null or t.size = f.size)
         and (f.sex is null or t.sex = f.sex)
         and (not f.with_children or t.good_with_children = 'yes')
         and (not f.with_dogs or t.good_with_dogs = 'yes')
         and (not f.with_cats or t.good_with_cats = 'yes')
         and (not f.house_trained or t.house_trained)
         and (not f.special_needs or t.special_needs)
         and (f.coat is null or t.coat = f.coat);
    end if;
    return total;
  end if;

  -- A place: the cells wholly inside the circle from a tally, plus the matches of the cells its
  -- edge crosses, counted.
  if f.color is not null or not (facets_only or not attributes) then
    return null;
  end if;
  inner_cells := public.grid_cells_within(f.cells, f.origin, f.radius_chord);
  edge_cells := array(select c from unnest(f.cells) c where c <> all (inner_cells));
  if facets_only then
    select coalesce(sum(t.listed), 0) into total
      from public.listed_animal_facets t
     where t.grid_cell = any (inner_cells)
       and t.type = any (f.types)
       and (f.age_group is null or t.age_group = f.age_group)
       and (f.size is null or t.size = f.size)
       and (f.sex is null or t.sex = f.sex)
       and (not f.with_children or t.good_with_children = 'yes')
       and (not f.with_dogs or t.good_with_dogs = 'yes')
       and (not f.with_cats or t.good_with_cats = 'yes');
  else
    select coalesce(sum(t.listed), 0) into total
      from public.listed_animal_trait_facets t
     where t.grid_cell = any (inner_cells)
       and t.type = any (f.types)
       and (not f.house_trained or t.house_trained)
       and (not f.special_needs or t.special_needs)
       and (f.coat is null or t.coat = f.coat);
  end if;
  if cardinality(edge_cells) > 0 then
    execute 'select count(*) from public.animals a where a.grid_cell = any ($2) and public.search_matches(a, $1)'
      into edge_total
      using f, edge_cells;
    total := total + edge_total;
  end if;
  return total;
end
$function$;
revoke execute on function public.search_tally_total(f public.search_filter) from public, anon, authenticated;
comment on function public.search_tally_total(f public.search_filter) is 'A search''s total from the tallies, or null when no tally holds all of its filters.';

create function public.search_page_by_facets(f public.search_filter, order_by text, page_limit integer, page_start integer)
 returns uuid[]
 language plpgsql
 stable security definer
 set search_path to 'extensions', 'pg_temp'
as $function$
declare
  page_ids uuid[];
begin
  -- The only text spliced in is one of two constant orderings; values are parameters.
  execute format($page$
    select array(
      select x.id
        from (select t.type, t.age_group, t.size, t.sex
                from public.listed_animal_facet_totals t
               where t.type = any (($1).types)
                 and (($1).age_group is null or t.age_group = ($1).age_group)
                 and (($1).size is null or t.size = ($1).size)
                 and (($1).sex is null or t.sex = ($1).sex)
                 and (not ($1).with_children or t.good_with_children = 'yes')
                 and (not ($1).with_dogs or t.good_with_dogs = 'yes')
                 and (not ($1).with_cats or t.good_with_cats = 'yes')
               group by t.type, t.age_group, t.size, t.sex
              having sum(t.listed) > 0) g
       cross join lateral (
         select a.id, a.published_at
           from public.animals a
          where a.type = g.type and a.age_group = g.age_group and a.size = g.size and a.sex = g.sex
            and public.search_matches(a, $1)
          order by %1$s
          limit $2 + $3) x
       order by %1$s
       limit $2 offset $3)
  $page$, case when order_by = 'oldest' then 'published_at, id' else 'published_at desc, id desc' end)
  into page_ids
  using f, page_limit, page_start;
  return page_ids;
end
$function$;
revoke execute on function public.search_page_by_facets(f public.search_filter, order_by text, page_limit integer, page_start integer) from public, anon, authenticated;

create function public.listed_companions(animal uuid)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'photo_path', p.storage_path,
                                               'photo_url', p.external_url, 'photo_alt', p.alt)
                            order by c.published_at nulls last, c.name, c.id), '[]'::jsonb)
    from public.animals a
    join public.animals c on c.bonded_group_id = a.bonded_group_id and c.id <> a.id and c.listed
    left join lateral (select ph.storage_path, ph.external_url, ph.alt from public.animal_photos ph
                        where ph.animal_id = c.id order by ph.position limit 1) p on true
   where a.id = listed_companions.animal and a.bonded_group_id is not null
$function$;
revoke execute on function public.listed_companions(animal uuid) from public, anon, authenticated;
comment on function public.listed_companions(animal uuid) is 'A bonded group''s other listed animals, as a card, a map marker and an alert email show them.';

create or replace function public.animal_cards(animal_ids uuid[], search_origin extensions.earth default null)
 returns json
 language plpgsql
 stable security definer
 set search_path to ''
 set plan_cache_mode to 'force_generic_plan'
as $function$
begin
  return (
    select coalesce(json_agg(json_build_object(
             'id', a.id, 'name', a.name, 'type', a.type,
             'primary_breed', a.primary_breed, 'secondary_breed', a.secondary_breed, 'mixed_breed', a.mixed_breed,
             'age_group', a.age_group, 'sex', a.sex, 'size', a.size, 'status', a.status,
             'published_at', a.published_at,
             'photo_path', photo.storage_path, 'photo_url', photo.external_url, 'photo_alt', photo.alt,
             'photo_width', photo.width, 'photo_height', photo.height,
             'shelter_id', s.id, 'shelter_name', s.shelter_name, 'shelter_slug', s.slug,
             'city', s.city, 'state', s.state,
             -- earthdistance's sec_to_gc() written out (cheaper to plan): chord to great-circle
             -- metres, in miles.
             'distance_miles', case when search_origin is not null then
               round((2 * 6378168 * asin(least(1, extensions.cube_distance(a.location, search_origin) / (2 * 6378168)))
                      / 1609.344)::numeric, 1) end,
             'companions', case when a.bonded_group_id is null then '[]'::jsonb else public.listed_companions(a.id) end)
           order by page.ordinality), '[]'::json)
      from unnest(animal_ids) with ordinality as page (id, ordinality)
      join public.animals a on a.id = page.id
      join public.shelter_profiles s on s.id = a.shelter_id
      left join lateral (
        select ph.storage_path, ph.external_url, ph.alt, ph.width, ph.height
          from public.animal_photos ph
         where ph.animal_id = a.id
         order by ph.position
         limit 1
      ) photo on true
  );
end
$function$;

-- The list. The total comes from a tally when one holds every filter, and is counted
-- otherwise; the page is found by the cheapest of a walk in publication order, a merge of the
-- facet groups, or a sort of the matches (within a smaller circle, nearest first).
create or replace function public.search_animals(lat double precision default null, lon double precision default null,
  radius_miles double precision default 100, type text default null, age text default null, size text default null,
  sex text default null, good_with text[] default null, breed text default null, q text default null,
  sort text default 'recent', page_size integer default 24, page_offset integer default 0,
  house_trained boolean default false, special_needs boolean default false, coat text default null,
  color text default null, new_this_week boolean default false)
 returns json
 language plpgsql
 stable security definer
 set search_path to 'extensions', 'pg_temp'
 set plan_cache_mode to 'force_generic_plan'
as $function$
declare
  f public.search_filter := public.search_filter_from(jsonb_build_object(
    'lat', search_animals.lat, 'lon', search_animals.lon, 'radius_miles', search_animals.radius_miles,
    'type', search_animals.type, 'age', search_animals.age, 'size', search_animals.size, 'sex', search_animals.sex,
    'good_with', search_animals.good_with, 'breed', search_animals.breed, 'q', search_animals.q,
    'house_trained', search_animals.house_trained, 'special_needs', search_animals.special_needs,
    'coat', search_animals.coat, 'color', search_animals.color, 'new_this_week', search_animals.new_this_week));
  -- Only the columns the facet tallies keep: the walk and the facet merge below know those.
  facets_only boolean;
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
  near public.search_filter;
  near_radius double precision;
  near_count bigint;
  page_ids uuid[];
  -- The matches counted and one page of them in any order ($2 limit, $3 offset, $4 order).
  count_and_page constant text := $count$
    with matches as materialized (
      select a.id, a.published_at,
             case when ($1).origin is not null then extensions.cube_distance(a.location, ($1).origin) end as chord
        from public.animals a
       where public.search_matches(a, $1)
    )
    select (select count(*) from matches),
           array(select m.id
                   from matches m
                  order by
                    case when $4 = 'distance' then m.chord end,
                    case when $4 = 'oldest' then m.published_at end,
                    case when $4 = 'oldest' then m.id end,
                    m.published_at desc, m.id desc
                  limit $2 offset $3)
  $count$;
  -- One page in publication order, planned with these values: common matches walk a
  -- publication-order index until the page is full.
  newest_page constant text := $page$
    select array(select a.id from public.animals a where public.search_matches(a, $1)
                  order by a.published_at desc, a.id desc limit $2 offset $3)
  $page$;
  oldest_page constant text := $page$
    select array(select a.id from public.animals a where public.search_matches(a, $1)
                  order by a.published_at, a.id limit $2 offset $3)
  $page$;
begin
  -- No listed breed has these words (or the search has no letters): nothing matches.
  if cardinality(f.breeds) = 0 then
    return json_build_object('total', 0, 'animals', '[]'::json);
  end if;
  facets_only := f.breeds is null and f.keywords is null and f.published_since is null and f.color is null
                 and not (f.house_trained or f.special_needs) and f.coat is null;
  if order_by is null or order_by not in ('recent', 'distance', 'oldest') or (order_by = 'distance' and f.origin is null) then
    order_by := 'recent';
  end if;
  wanted := page_start + page_limit;
  total := public.search_tally_total(f);

  if total is null then
    -- No tally holds these filters: count the matches (through the index the planner picks for
    -- these values: a week of the publication-order index, the place index's cells, the breed
    -- index's values, the full-text index) and sort them for the page.
    execute count_and_page into total, page_ids using f, page_limit, page_start, order_by;
  elsif page_start >= total then
    page_ids := '{}';
  elsif facets_only and f.origin is null and f.age_group is null and f.size is null and f.sex is null
        and not (f.with_children or f.with_dogs or f.with_cats) then
    -- Everything, or one type: the page is the first entries of an index in publication order.
    -- One type reads its own index: through the general one (`type = any (types)` in a kept
    -- plan), the last page of a rare type passed over most of the million.
    if f.type is not null and order_by = 'oldest' then
      page_ids := array(select a.id from public.animals a where a.searchable and a.type = f.type
                         order by a.published_at, a.id limit page_limit offset page_start);
    elsif f.type is not null then
      page_ids := array(select a.id from public.animals a where a.searchable and a.type = f.type
                         order by a.published_at desc, a.id desc limit page_limit offset page_start);
    elsif order_by = 'oldest' then
      page_ids := array(select a.id from public.animals a where a.searchable
                         order by a.published_at, a.id limit page_limit offset page_start);
    else
      page_ids := array(select a.id from public.animals a where a.searchable
                         order by a.published_at desc, a.id desc limit page_limit offset page_start);
    end if;
  else
    select coalesce(sum(c.available + c.pending), 0) into listed_of_types
      from public.listed_animal_counts c
     where c.type = any (f.types);
    walk_cost := wanted::double precision * listed_of_types / total;
    if facets_only and f.origin is null then
      -- Nationwide attributes. Walking the publication-order index passes over about
      -- wanted × listed / matches entries; a rare combination instead merges the few
      -- (type, age, size, sex) groups that hold its matches, each read in order from the facet
      -- index, at most `wanted` from each.
      select coalesce(sum(least(g.all_listed, case when g.matching >= wanted then wanted::double precision * g.all_listed / g.matching
                                                     else g.all_listed end)), 0)
        into read_cost
        from (select sum(t.listed) as all_listed,
                     sum(t.listed) filter (where (not f.with_children or t.good_with_children = 'yes')
                                             and (not f.with_dogs or t.good_with_dogs = 'yes')
                                             and (not f.with_cats or t.good_with_cats = 'yes')) as matching
                from public.listed_animal_facet_totals t
               where t.type = any (f.types)
                 and (f.age_group is null or t.age_group = f.age_group)
                 and (f.size is null or t.size = f.size)
                 and (f.sex is null or t.sex = f.sex)
               group by t.type, t.age_group, t.size, t.sex
              having sum(t.listed) > 0) g;
    end if;
    if read_cost is not null and read_cost < walk_cost then
      page_ids := public.search_page_by_facets(f, order_by, page_limit, page_start);
    elsif order_by <> 'distance' and (f.origin is null or not facets_only or walk_cost < total) then
      -- Newest or oldest first, nationwide, with filters the facet tallies do not keep, or with
      -- many matches: planned with these values, common matches walk a publication-order index
      -- until the page is full, and rare ones are read through the place index and sorted.
      execute case when order_by = 'oldest' then oldest_page else newest_page end
        into page_ids
        using f, page_limit, page_start;
    else
      -- Read the matches and sort them. Nearest first needs only the nearest `wanted`: they lie
      -- within a smaller circle when the matches are many (a guess from the density, widened
      -- until it holds enough), and only that circle's cells are read. Every match outside the
      -- smaller circle is farther than all inside it.
      near := f;
      near_radius := f.radius_m;
      if order_by = 'distance' and total > 4 * wanted then
        near_radius := greatest(1609.344, f.radius_m * sqrt(2.0 * wanted / total));
      end if;
      loop
        near.radius_chord := extensions.gc_to_sec(near_radius);
        near.cells := public.grid_cells_around(f.latitude, f.longitude, near_radius);
        execute count_and_page into near_count, page_ids using near, page_limit, page_start, order_by;
        exit when near_radius >= f.radius_m or near_count >= wanted;
        near_radius := least(f.radius_m, near_radius * 2);
      end loop;
    end if;
  end if;

  return json_build_object('total', total, 'animals', public.animal_cards(page_ids, f.origin));
end
$function$;

-- The map: the same matches grouped by place (count, position, one listing).
create or replace function public.search_animal_map(lat double precision default null, lon double precision default null,
  radius_miles double precision default 100, type text default null, age text default null, size text default null,
  sex text default null, good_with text[] default null, breed text default null, q text default null,
  house_trained boolean default false, special_needs boolean default false, coat text default null,
  color text default null, new_this_week boolean default false, cell_degrees double precision default 1)
 returns json
 language plpgsql
 stable security definer
 set search_path to 'extensions', 'pg_temp'
as $function$
declare
  f public.search_filter := public.search_filter_from(jsonb_build_object(
    'lat', search_animal_map.lat, 'lon', search_animal_map.lon, 'radius_miles', search_animal_map.radius_miles,
    'type', search_animal_map.type, 'age', search_animal_map.age, 'size', search_animal_map.size,
    'sex', search_animal_map.sex, 'good_with', search_animal_map.good_with, 'breed', search_animal_map.breed,
    'q', search_animal_map.q, 'house_trained', search_animal_map.house_trained,
    'special_needs', search_animal_map.special_needs, 'coat', search_animal_map.coat, 'color', search_animal_map.color,
    'new_this_week', search_animal_map.new_this_week));
  -- One group as JSON, from `g` (listed, latitude, longitude), `a` (its animal) and `s` (its shelter).
  -- The only SQL text spliced into the statements below; values are always parameters.
  group_json constant text := $group$
    json_build_object(
      'count', g.listed, 'latitude', g.latitude, 'longitude', g.longitude,
      'animal', json_build_object('id', a.id, 'name', a.name,
                                  'companions', jsonb_path_query_array(public.listed_companions(a.id), '$[*].name'),
                                  'type', a.type, 'primary_breed', a.primary_breed,
                                  'secondary_breed', a.secondary_breed, 'mixed_breed', a.mixed_breed),
      'city', s.city, 'state', s.state, 'zip_code', s.zip_code)
  $group$;
  inner_cells integer[];
  edge_cells integer[];
  -- The grid the groups are made on, in degrees: 1 is the cells the tallies keep.
  step double precision := least(greatest(coalesce(search_animal_map.cell_degrees, 1), 0.001), 1);
  by_cells boolean;
  by_type_only boolean;
  by_traits boolean;
  total bigint;
  unplaced bigint;
  groups json;
begin
  -- No listed breed has these words (or the search has no letters): nothing matches.
  if cardinality(f.breeds) = 0 then
    return json_build_object('total', 0, 'unplaced', 0, 'groups', '[]'::json);
  end if;

  -- Whole cells, counted from the tallies, when every filter is one a cell tally keeps.
  by_type_only := f.age_group is null and f.size is null and f.sex is null
                  and not (f.with_children or f.with_dogs or f.with_cats);
  by_traits := f.house_trained or f.special_needs or f.coat is not null;
  by_cells := step >= 1 and f.breeds is null and f.keywords is null and f.color is null and f.published_since is null
              and (not by_traits or by_type_only);

  if by_cells then
    if f.origin is not null then
      inner_cells := public.grid_cells_within(f.cells, f.origin, f.radius_chord);
      edge_cells := array(select c from unnest(f.cells) c where c <> all (inner_cells));
    end if;
    -- $1 the filter, $2 the cells wholly inside the circle, $3 those its edge crosses, $4 only
    -- a type asked for, $5 house-trained, special needs or coat asked for.
    execute format($cells$
      with counted as (
        -- Nationwide, of every type or one: the cells tally.
        select c.grid_cell as cell, sum(c.listed) as listed
          from public.listed_animal_cells c
         where ($1).origin is null and $4 and not $5 and c.type = any (($1).types)
         group by c.grid_cell
        having sum(c.listed) > 0
        union all
        -- Other attributes, or the cells wholly inside the circle: the facets tally.
        select t.grid_cell, sum(t.listed)
          from public.listed_animal_facets t
         where not (($1).origin is null and $4) and not $5
           and (($1).origin is null or t.grid_cell = any ($2))
           and t.type = any (($1).types)
           and (($1).age_group is null or t.age_group = ($1).age_group)
           and (($1).size is null or t.size = ($1).size)
           and (($1).sex is null or t.sex = ($1).sex)
           and (not ($1).with_children or t.good_with_children = 'yes')
           and (not ($1).with_dogs or t.good_with_dogs = 'yes')
           and (not ($1).with_cats or t.good_with_cats = 'yes')
         group by t.grid_cell
        having sum(t.listed) > 0
        union all
        -- House-trained, special needs or coat (with a type at most): the trait facets tally.
        select t.grid_cell, sum(t.listed)
          from public.listed_animal_trait_facets t
         where $5
           and (($1).origin is null or t.grid_cell = any ($2))
           and t.type = any (($1).types)
           and (not ($1).house_trained or t.house_trained)
           and (not ($1).special_needs or t.special_needs)
           and (($1).coat is null or t.coat = ($1).coat)
         group by t.grid_cell
        having sum(t.listed) > 0
        union all
        -- The cells the circle's edge crosses: their matches, counted.
        select a.grid_cell, count(*)
          from public.animals a
         where ($1).origin is not null and a.grid_cell = any ($3) and public.search_matches(a, $1)
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
            where a.grid_cell = c.cell and a.location is not null and public.search_matches(a, $1)
            limit 1) a
      )
      select coalesce((select sum(c.listed) from counted c), 0),
             coalesce((select sum(c.listed) from counted c), 0) - coalesce((select sum(g.listed) from placed g), 0),
             (select json_agg(%1$s order by g.listed desc, a.id)
                from placed g
                join public.animals a on a.id = g.id
                join public.shelter_profiles s on s.id = a.shelter_id)
    $cells$, group_json)
    into total, unplaced, groups
    using f, inner_cells, edge_cells, by_type_only, by_traits;
  else
    execute format($rows$
      with grouped as (
        -- Grouped on a grid of the earth-centred coordinates the index carries (metres, $2
        -- wide), in one pass with no sort; latitude and longitude are worked out per group.
        -- Animals without a location make one group of their own (all keys null).
        select count(*) as listed,
               avg(extensions.cube_ll_coord(a.location, 1)) as x,
               avg(extensions.cube_ll_coord(a.location, 2)) as y,
               avg(extensions.cube_ll_coord(a.location, 3)) as z,
               (array_agg(a.id))[1] as id
          from public.animals a
         where public.search_matches(a, $1)
         group by floor(extensions.cube_ll_coord(a.location, 1) / $2),
                  floor(extensions.cube_ll_coord(a.location, 2) / $2),
                  floor(extensions.cube_ll_coord(a.location, 3) / $2)
      ),
      placed as (
        select g.listed, g.id, degrees(atan2(g.z, sqrt(g.x * g.x + g.y * g.y))) as latitude, degrees(atan2(g.y, g.x)) as longitude
          from grouped g
         where g.x is not null
      )
      select coalesce((select sum(g.listed) from grouped g), 0),
             coalesce((select sum(g.listed) from grouped g where g.x is null), 0),
             (select json_agg(%1$s order by g.listed desc, a.id)
                from placed g
                join public.animals a on a.id = g.id
                join public.shelter_profiles s on s.id = a.shelter_id)
    $rows$, group_json)
    into total, unplaced, groups
    using f, radians(step) * extensions.earth();
  end if;

  return json_build_object('total', total, 'unplaced', unplaced, 'groups', coalesce(groups, '[]'::json));
end
$function$;

-- The alerts: the animals published since each saved search last looked that match it.
create or replace function public.saved_search_new_matches(search_ids uuid[], until timestamp with time zone)
 returns table(saved_search_id uuid, animal_id uuid, published_at timestamp with time zone)
 language sql
 stable security definer
 set search_path to 'extensions', 'pg_temp'
as $function$
  with searches as materialized (
    select s.id, greatest(s.created_at, s.checked_until - interval '15 minutes') as since,
           public.search_filter_from(s.filters) as f
      from public.saved_searches s
     where s.id = any (search_ids)
  )
  select s.id, a.id, a.published_at
    from searches s
    join public.animals a on a.published_at > s.since and a.published_at <= until
   where public.search_matches(a, s.f)
     and not exists (select 1 from public.saved_search_seen x where x.saved_search_id = s.id and x.animal_id = a.id)
$function$;

-- The alert email's cards carry their companions' names from the card, as the list shows them.
create or replace function public.run_saved_search_alerts(batch_size integer default 200)
 returns integer
 language plpgsql
 security definer
 set search_path to 'extensions', 'pg_temp'
as $function$
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
                 'id', card->>'id', 'name', card->>'name', 'companions', jsonb_path_query_array(card->'companions', '$[*].name'),
                 'type', card->>'type',
                 'primary_breed', card->>'primary_breed', 'secondary_breed', card->>'secondary_breed',
                 'mixed_breed', (card->>'mixed_breed')::boolean, 'age_group', card->>'age_group', 'sex', card->>'sex',
                 'shelter_name', card->>'shelter_name', 'city', card->>'city', 'state', card->>'state',
                 'distance_miles', (card->>'distance_miles')::numeric,
                 'photo_path', card->>'photo_path', 'photo_url', card->>'photo_url', 'photo_alt', card->>'photo_alt',
                 'photo_width', (card->>'photo_width')::integer, 'photo_height', (card->>'photo_height')::integer)
                 order by card.ordinality), '[]'::jsonb)
          from jsonb_array_elements(public.animal_cards(found.animal_ids,
                 (public.search_filter_from(found.filters)).origin)::jsonb) with ordinality as card (card, ordinality)),
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
$function$;
