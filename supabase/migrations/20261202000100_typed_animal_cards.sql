-- Result cards as rows of a composite type, so the generated database types carry them: the
-- card is public.animal_card (its bonded companions an array of public.companion_card), and a
-- search's one round trip returns public.search_results (the total and one page of cards).
-- A composite type's attributes cannot be declared not null; `npm run db:types` reads an
-- attribute whose comment begins with "Not null" as never null (the functions below build every
-- such attribute from a not-null column).

create type public.companion_card as (
  id uuid,
  name text,
  photo_path text,
  photo_url text,
  photo_alt text
);
comment on type public.companion_card is 'A bonded group''s other listed animal, as its companion''s card and page show it.';
comment on column public.companion_card.id is 'Not null.';
comment on column public.companion_card.name is 'Not null.';

create type public.animal_card as (
  id uuid,
  name text,
  type public.animal_type,
  primary_breed text,
  secondary_breed text,
  mixed_breed boolean,
  age_group public.animal_age_group,
  sex public.animal_sex,
  size public.animal_size,
  status public.animal_status,
  published_at timestamp with time zone,
  photo_path text,
  photo_url text,
  photo_alt text,
  photo_width integer,
  photo_height integer,
  shelter_id uuid,
  shelter_name text,
  shelter_slug text,
  city text,
  state text,
  distance_miles numeric,
  companions public.companion_card[]
);
comment on type public.animal_card is 'One result card: the animal, its first photo, its shelter, its distance from the search''s place and its bonded companions.';
comment on column public.animal_card.id is 'Not null.';
comment on column public.animal_card.name is 'Not null.';
comment on column public.animal_card.type is 'Not null.';
comment on column public.animal_card.mixed_breed is 'Not null.';
comment on column public.animal_card.age_group is 'Not null.';
comment on column public.animal_card.sex is 'Not null.';
comment on column public.animal_card.size is 'Not null.';
comment on column public.animal_card.status is 'Not null.';
comment on column public.animal_card.shelter_id is 'Not null.';
comment on column public.animal_card.shelter_name is 'Not null.';
comment on column public.animal_card.shelter_slug is 'Not null.';
comment on column public.animal_card.companions is 'Not null: empty when the animal has no listed companion.';

create type public.search_results as (
  total bigint,
  animals public.animal_card[]
);
comment on type public.search_results is 'One page of a search: how many animals match, and the page''s cards in order.';
comment on column public.search_results.total is 'Not null.';
comment on column public.search_results.animals is 'Not null.';

-- The companions as an array of rows (was JSON): a card holds them as it is.
drop function public.listed_companions(animal uuid);
create function public.listed_companions(animal uuid)
 returns public.companion_card[]
 language sql
 stable security definer
 set search_path to ''
as $function$
  select coalesce(array_agg(row(c.id, c.name, p.storage_path, p.external_url, p.alt)::public.companion_card
                            order by c.published_at nulls last, c.name, c.id), '{}')
    from public.animals a
    join public.animals c on c.bonded_group_id = a.bonded_group_id and c.id <> a.id and c.listed
    left join lateral (select ph.storage_path, ph.external_url, ph.alt from public.animal_photos ph
                        where ph.animal_id = c.id order by ph.position limit 1) p on true
   where a.id = listed_companions.animal and a.bonded_group_id is not null
$function$;
revoke execute on function public.listed_companions(animal uuid) from public, anon, authenticated;
comment on function public.listed_companions(animal uuid) is 'A bonded group''s other listed animals, as a card, a map marker and an alert email show them.';

-- The cards of these animals, in the order given, as rows.
create function public.animal_card_rows(animal_ids uuid[], search_origin extensions.earth default null)
 returns setof public.animal_card
 language plpgsql
 stable security definer
 set search_path to ''
 set plan_cache_mode to 'force_generic_plan'
as $function$
begin
  return query
    select a.id, a.name, a.type, a.primary_breed, a.secondary_breed, a.mixed_breed,
           a.age_group, a.sex, a.size, a.status, a.published_at,
           photo.storage_path, photo.external_url, photo.alt, photo.width, photo.height,
           s.id, s.shelter_name, s.slug, s.city, s.state,
           -- earthdistance's sec_to_gc() written out (cheaper to plan): chord to great-circle
           -- metres, in miles.
           case when search_origin is not null then
             round((2 * 6378168 * asin(least(1, extensions.cube_distance(a.location, search_origin) / (2 * 6378168)))
                    / 1609.344)::numeric, 1) end,
           case when a.bonded_group_id is null then '{}'::public.companion_card[] else public.listed_companions(a.id) end
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
     order by page.ordinality;
end
$function$;
revoke execute on function public.animal_card_rows(animal_ids uuid[], search_origin extensions.earth) from public, anon, authenticated;

-- The same cards as JSON, for the alert emails and the functions that keep a card in JSON.
create or replace function public.animal_cards(animal_ids uuid[], search_origin extensions.earth default null)
 returns json
 language sql
 stable security definer
 set search_path to ''
as $function$
  select coalesce(json_agg(c), '[]'::json) from public.animal_card_rows(animal_ids, search_origin) c
$function$;
revoke execute on function public.animal_cards(animal_ids uuid[], search_origin extensions.earth) from public, anon, authenticated;

drop function public.search_animals(lat double precision, lon double precision, radius_miles double precision, type text, age text, size text, sex text, good_with text[], breed text, q text, sort text, page_size integer, page_offset integer, house_trained boolean, special_needs boolean, coat text, color text, new_this_week boolean);
create function public.search_animals(lat double precision DEFAULT NULL::double precision, lon double precision DEFAULT NULL::double precision, radius_miles double precision DEFAULT 100, type text DEFAULT NULL::text, age text DEFAULT NULL::text, size text DEFAULT NULL::text, sex text DEFAULT NULL::text, good_with text[] DEFAULT NULL::text[], breed text DEFAULT NULL::text, q text DEFAULT NULL::text, sort text DEFAULT 'recent'::text, page_size integer DEFAULT 24, page_offset integer DEFAULT 0, house_trained boolean DEFAULT false, special_needs boolean DEFAULT false, coat text DEFAULT NULL::text, color text DEFAULT NULL::text, new_this_week boolean DEFAULT false)
 RETURNS public.search_results
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'extensions', 'pg_temp'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
    return row(0, '{}')::public.search_results;
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

  return row(total, array(select c from public.animal_card_rows(page_ids, f.origin) c))::public.search_results;
end
$function$;
revoke execute on function public.search_animals(lat double precision, lon double precision, radius_miles double precision, type text, age text, size text, sex text, good_with text[], breed text, q text, sort text, page_size integer, page_offset integer, house_trained boolean, special_needs boolean, coat text, color text, new_this_week boolean) from public;

-- The markers take their companions' names from the array.
CREATE OR REPLACE FUNCTION public.search_animal_map(lat double precision DEFAULT NULL::double precision, lon double precision DEFAULT NULL::double precision, radius_miles double precision DEFAULT 100, type text DEFAULT NULL::text, age text DEFAULT NULL::text, size text DEFAULT NULL::text, sex text DEFAULT NULL::text, good_with text[] DEFAULT NULL::text[], breed text DEFAULT NULL::text, q text DEFAULT NULL::text, house_trained boolean DEFAULT false, special_needs boolean DEFAULT false, coat text DEFAULT NULL::text, color text DEFAULT NULL::text, new_this_week boolean DEFAULT false, cell_degrees double precision DEFAULT 1)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'extensions', 'pg_temp'
AS $function$
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
                                  'companions', array(select c.name from unnest(public.listed_companions(a.id)) c),
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

drop function public.waiting_longest(row_size integer);
create function public.waiting_longest(row_size integer default 6)
 returns setof public.animal_card
 language plpgsql
 stable security definer
 set search_path to ''
 set plan_cache_mode to 'force_generic_plan'
as $function$
declare
  wanted integer := least(greatest(coalesce(row_size, 6), 1), 48);
  available_ids uuid[];
  pending_ids uuid[] := '{}';
begin
  available_ids := array(select a.id from public.animals a where a.searchable and a.status = 'available'
                          order by a.published_at, a.id limit wanted);
  if cardinality(available_ids) < wanted then
    pending_ids := array(select a.id from public.animals a where a.searchable and a.status = 'pending'
                          order by a.published_at, a.id limit wanted - cardinality(available_ids));
  end if;
  return query select * from public.animal_card_rows(available_ids || pending_ids);
end
$function$;
revoke execute on function public.waiting_longest(row_size integer) from public;

drop function public.my_favorites();
create function public.my_favorites()
 returns setof public.animal_card
 language sql
 stable security definer
 set search_path to ''
as $function$
  select * from public.animal_card_rows((
    select coalesce(array_agg(f.animal_id order by f.created_at desc), '{}')
      from public.favorites f
      join public.animals a on a.id = f.animal_id
      join public.shelter_profiles s on s.id = a.shelter_id
     where f.user_id = (select auth.uid())
       and a.status in ('available', 'pending', 'adopted')
       and s.listed), null);
$function$;
revoke execute on function public.my_favorites() from public, anon;
