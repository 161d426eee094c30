-- The map's groups as rows of composite types, so the generated database types carry them: a
-- search's map is a public.animal_map (how many match, how many have no place, the groups), each
-- group a public.map_group holding the public.map_animal that stands for it. As for the cards,
-- an attribute whose comment begins "Not null" is typed as never null by `npm run db:types`.

create type public.map_animal as (
  id uuid,
  name text,
  companions text[],
  type public.animal_type,
  primary_breed text,
  secondary_breed text,
  mixed_breed boolean
);
comment on type public.map_animal is 'The listing a map marker links to: a bonded group''s lead, with its companions'' names.';
comment on column public.map_animal.id is 'Not null.';
comment on column public.map_animal.name is 'Not null.';
comment on column public.map_animal.companions is 'Not null: empty when the animal has no listed companion.';
comment on column public.map_animal.type is 'Not null.';
comment on column public.map_animal.mixed_breed is 'Not null.';

create type public.map_group as (
  count bigint,
  latitude double precision,
  longitude double precision,
  animal public.map_animal,
  city text,
  state text,
  zip_code text
);
comment on type public.map_group is 'A place on the map: how many matches it stands for, where, and one of them.';
comment on column public.map_group.count is 'Not null.';
comment on column public.map_group.latitude is 'Not null.';
comment on column public.map_group.longitude is 'Not null.';
comment on column public.map_group.animal is 'Not null.';

create type public.animal_map as (
  total bigint,
  unplaced bigint,
  groups public.map_group[]
);
comment on type public.animal_map is 'The map view of a search: how many match, how many have no place to draw, and the groups by place.';
comment on column public.animal_map.total is 'Not null.';
comment on column public.animal_map.unplaced is 'Not null.';
comment on column public.animal_map.groups is 'Not null.';

drop function public.search_animal_map(lat double precision, lon double precision, radius_miles double precision, type text, age text, size text, sex text, good_with text[], breed text, q text, house_trained boolean, special_needs boolean, coat text, color text, new_this_week boolean, cell_degrees double precision);
create function public.search_animal_map(lat double precision DEFAULT NULL::double precision, lon double precision DEFAULT NULL::double precision, radius_miles double precision DEFAULT 100, type text DEFAULT NULL::text, age text DEFAULT NULL::text, size text DEFAULT NULL::text, sex text DEFAULT NULL::text, good_with text[] DEFAULT NULL::text[], breed text DEFAULT NULL::text, q text DEFAULT NULL::text, house_trained boolean DEFAULT false, special_needs boolean DEFAULT false, coat text DEFAULT NULL::text, color text DEFAULT NULL::text, new_this_week boolean DEFAULT false, cell_degrees double precision DEFAULT 1)
 RETURNS public.animal_map
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
  -- One group as a public.map_group, from `g` (listed, latitude, longitude), `a` (its animal) and
  -- `s` (its shelter). The only SQL text spliced into the statements below; values are always parameters.
  group_row constant text := $group$
    row(g.listed::bigint, g.latitude, g.longitude,
        row(a.id, a.name, array(select c.name from unnest(public.listed_companions(a.id)) c),
            a.type, a.primary_breed, a.secondary_breed, a.mixed_breed)::public.map_animal,
        s.city, s.state, s.zip_code)::public.map_group
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
  groups public.map_group[];
begin
  -- No listed breed has these words (or the search has no letters): nothing matches.
  if cardinality(f.breeds) = 0 then
    return row(0, 0, '{}')::public.animal_map;
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
             (select array_agg(%1$s order by g.listed desc, a.id)
                from placed g
                join public.animals a on a.id = g.id
                join public.shelter_profiles s on s.id = a.shelter_id)
    $cells$, group_row)
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
             (select array_agg(%1$s order by g.listed desc, a.id)
                from placed g
                join public.animals a on a.id = g.id
                join public.shelter_profiles s on s.id = a.shelter_id)
    $rows$, group_row)
    into total, unplaced, groups
    using f, radians(step) * extensions.earth();
  end if;

  return row(total, unplaced, coalesce(groups, '{}'))::public.animal_map;
end
$function$;
revoke execute on function public.search_animal_map(lat double precision, lon double precision, radius_miles double precision, type text, age text, size text, sex text, good_with text[], breed text, q text, house_trained boolean, special_needs boolean, coat text, color text, new_this_week boolean, cell_degrees double precision) from public;
comment on function public.search_animal_map(lat double precision, lon double precision, radius_miles double precision, type text, age text, size text, sex text, good_with text[], breed text, q text, house_trained boolean, special_needs boolean, coat text, color text, new_this_week boolean, cell_degrees double precision) is 'The map view of a search: search_animals()'' matches grouped by place (count, position, one listing).';
