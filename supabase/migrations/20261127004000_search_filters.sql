-- The filters adopters expect beyond the first ones (issue 14, part 4): house-trained, special
-- needs, coat length, colour and 'new this week' (published in the last seven days), and a breed
-- search that reads its words in any order ('Terrier, Pit Bull' = 'pit bull terrier').
-- Decision 039; measurements in docs/performance.md ("New filters").
--
-- The search that had none of them is unchanged: search_animals() of
-- 20261125000200_search_at_a_million.sql is kept, renamed search_animals_base(), and the new
-- search_animals() hands it every search without the new filters (and without a breed), so the
-- shapes measured there keep their routes. A search with them takes the route below; its total
-- stays exact (decision 020):
--   * from new tallies when they cover the filters: listed_animal_trait_totals (nationwide:
--     every old attribute with house-trained, special needs and coat), listed_animal_trait_facets
--     (per grid cell: type, house-trained, special needs, coat; the cells its edge crosses are
--     counted), listed_animal_colors (nationwide colour with every old attribute);
--   * otherwise by counting the matches, index-only: the publication-order, place and breed
--     indexes now carry the new filter columns. 'New this week' is a range of the
--     publication-order index (a week of listings, whatever the size of the site), a place the
--     listings of its cells, a breed the animals of its breed values.

-- Tallies -------------------------------------------------------------------------------------

create table public.listed_animal_trait_totals (
  type text not null,
  age_group text not null,
  size text not null,
  sex text not null,
  good_with_children text not null,
  good_with_dogs text not null,
  good_with_cats text not null,
  house_trained boolean not null,
  special_needs boolean not null,
  -- '' for no coat (birds, reptiles).
  coat text not null,
  listed bigint not null,
  primary key (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, house_trained, special_needs, coat)
);
comment on table public.listed_animal_trait_totals is
  'Listed animals per filter values with house-trained, special needs and coat, kept by triggers on animals: search totals.';
alter table public.listed_animal_trait_totals enable row level security;
revoke all on public.listed_animal_trait_totals from anon, authenticated;

create table public.listed_animal_trait_facets (
  -- -1 for animals without a location.
  grid_cell integer not null,
  type text not null,
  house_trained boolean not null,
  special_needs boolean not null,
  coat text not null,
  listed bigint not null,
  primary key (grid_cell, type, house_trained, special_needs, coat)
);
comment on table public.listed_animal_trait_facets is
  'Listed animals per grid cell, type, house-trained, special needs and coat, kept by triggers on animals: search totals.';
alter table public.listed_animal_trait_facets enable row level security;
revoke all on public.listed_animal_trait_facets from anon, authenticated;

-- One row per animal and each of its colours (in lower case, each colour once per animal), with
-- the attributes a colour is searched beside.
create table public.listed_animal_colors (
  type text not null,
  color text not null,
  age_group text not null,
  size text not null,
  sex text not null,
  good_with_children text not null,
  good_with_dogs text not null,
  good_with_cats text not null,
  listed bigint not null,
  primary key (type, color, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
);
comment on table public.listed_animal_colors is
  'Listed animals per type, colour (any of the three) and filter values, kept by triggers on animals: search totals.';
alter table public.listed_animal_colors enable row level security;
revoke all on public.listed_animal_colors from anon, authenticated;

-- The colours an animal matches: each of its three, trimmed, in lower case, once.
create or replace function public.animal_color_keys(primary_color text, secondary_color text, tertiary_color text)
returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(array_agg(distinct c), '{}')
    from unnest(array[lower(trim(primary_color)), lower(trim(secondary_color)), lower(trim(tertiary_color))]) c
   where c <> ''
$$;

-- As tally_listed_animals() (20261125000200): one row per changed key, in key order, none for a
-- key whose count did not change. A statement names only the transition tables its event has,
-- so the changes are spliced in as one of three constant texts.
create or replace function public.tally_listed_animal_traits() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  columns constant text := 'grid_cell, type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, '
                           'house_trained, special_needs, coat, primary_color, secondary_color, tertiary_color';
  changes text;
begin
  if tg_op = 'TRUNCATE' then
    delete from public.listed_animal_trait_totals;
    delete from public.listed_animal_trait_facets;
    delete from public.listed_animal_colors;
    return null;
  elsif tg_op = 'INSERT' then
    changes := format('select %s, 1 as delta from new_rows where listed', columns);
  elsif tg_op = 'DELETE' then
    changes := format('select %s, -1 as delta from old_rows where listed', columns);
  else
    changes := format('select %1$s, 1 as delta from new_rows where listed union all select %1$s, -1 from old_rows where listed', columns);
  end if;
  execute format($tally$
    with changes as materialized (%s),
    totals as (
      insert into public.listed_animal_trait_totals as t
      select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, house_trained, special_needs,
             coalesce(coat, ''), sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 having sum(delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      on conflict (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, house_trained, special_needs, coat)
      do update set listed = t.listed + excluded.listed
    ),
    facets as (
      insert into public.listed_animal_trait_facets as f
      select coalesce(grid_cell, -1), type, house_trained, special_needs, coalesce(coat, ''), sum(delta)
        from changes group by 1, 2, 3, 4, 5 having sum(delta) <> 0 order by 1, 2, 3, 4, 5
      on conflict (grid_cell, type, house_trained, special_needs, coat) do update set listed = f.listed + excluded.listed
    )
    insert into public.listed_animal_colors as c
    select type, color, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(delta)
      from changes cross join lateral unnest(public.animal_color_keys(primary_color, secondary_color, tertiary_color)) color
     group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (type, color, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
    do update set listed = c.listed + excluded.listed
  $tally$, changes);
  return null;
end
$$;

create trigger animals_tally_traits_insert after insert on public.animals
  referencing new table as new_rows for each statement execute function public.tally_listed_animal_traits();
create trigger animals_tally_traits_update after update on public.animals
  referencing old table as old_rows new table as new_rows for each statement execute function public.tally_listed_animal_traits();
create trigger animals_tally_traits_delete after delete on public.animals
  referencing old table as old_rows for each statement execute function public.tally_listed_animal_traits();
create trigger animals_tally_traits_truncate after truncate on public.animals
  for each statement execute function public.tally_listed_animal_traits();

insert into public.listed_animal_trait_totals
select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, house_trained, special_needs,
       coalesce(coat, ''), count(*)
  from public.animals where listed
 group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
insert into public.listed_animal_trait_facets
select coalesce(grid_cell, -1), type, house_trained, special_needs, coalesce(coat, ''), count(*)
  from public.animals where listed
 group by 1, 2, 3, 4, 5;
insert into public.listed_animal_colors
select a.type, color, a.age_group, a.size, a.sex, a.good_with_children, a.good_with_dogs, a.good_with_cats, count(*)
  from public.animals a cross join lateral unnest(public.animal_color_keys(a.primary_color, a.secondary_color, a.tertiary_color)) color
 where a.listed
 group by 1, 2, 3, 4, 5, 6, 7, 8;
analyze public.listed_animal_trait_totals, public.listed_animal_trait_facets, public.listed_animal_colors;

-- Indexes -------------------------------------------------------------------------------------

-- The publication-order, place and breed indexes carry the new filter columns too, so counting
-- and walking stay index-only ("Heap Fetches: 0") whichever filters a search has.
drop index public.animals_listed_recent_idx;
drop index public.animals_listed_type_recent_idx;
drop index public.animals_listed_place_idx;
drop index public.animals_listed_breed_words_idx;
create index animals_listed_recent_idx on public.animals (published_at desc, id desc)
  include (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, grid_cell, location,
           house_trained, special_needs, coat, primary_color, secondary_color, tertiary_color)
  where listed;
create index animals_listed_type_recent_idx on public.animals (type, published_at desc, id desc)
  include (age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, grid_cell, location,
           house_trained, special_needs, coat, primary_color, secondary_color, tertiary_color)
  where listed;
create index animals_listed_place_idx on public.animals (grid_cell, type)
  include (location, published_at, id, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats,
           house_trained, special_needs, coat, primary_color, secondary_color, tertiary_color)
  where listed;
create index animals_listed_breed_words_idx on public.animals (breed_words, published_at desc, id desc)
  include (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, grid_cell, location,
           house_trained, special_needs, coat, primary_color, secondary_color, tertiary_color)
  where listed;

-- Breed words -----------------------------------------------------------------------------------

-- The breed values (listed_animal_breeds) a breed search matches. Every word of the search must
-- be in the animal's breeds (primary or secondary), in any order and ignoring spaces and
-- punctuation: 'pit bull terrier', 'Terrier, Pit Bull' and 'pitbull' all find 'Pit Bull Terrier'
-- and 'American Pit Bull Terrier'; a word may be part of a longer one ('lab' finds 'Labrador
-- Retriever', 'shepherd' 'German Shepherd Dog'). 'mix', 'mixed' and 'breed' are left out beside
-- other words ('Lab mix' is 'lab': a breed search finds the breed's mixes as well, whichever
-- breed of the two it is); alone they find the breeds named so ('Mixed Breed'). A few short names
-- adopters use stand for the market's ('gsd', 'dsh', 'yorkie'). A search with no letters or digits
-- matches nothing.
create or replace function public.matching_breed_words(breed text) returns text[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  words text[];
begin
  words := array(
    select coalesce(alias.phrase, w)
      from regexp_split_to_table(lower(left(trim(breed), 100)), '[^[:alnum:]]+') w
      left join (values ('gsd', 'germanshepherd'), ('dsh', 'domesticshorthair'), ('dmh', 'domesticmediumhair'),
                        ('dlh', 'domesticlonghair'), ('yorkie', 'yorkshire'), ('westie', 'westhighland'),
                        ('staffy', 'staffordshire'), ('staffie', 'staffordshire'), ('doxie', 'dachshund'),
                        ('pittie', 'pitbull'), ('pitty', 'pitbull'), ('aussie', 'australian'))
                as alias (word, phrase) on alias.word = w
     where w <> '');
  words := array(select w from unnest(words) w where w not in ('breed', 'breeds'));
  if words <@ array['mix', 'mixed', 'mixes'] and cardinality(words) > 0 then
    words := array['mix'];
  else
    words := array(select w from unnest(words) w where w not in ('mix', 'mixed', 'mixes'));
  end if;
  if cardinality(words) = 0 then
    return '{}';
  end if;
  return array(
    select b.breed_words
      from public.listed_animal_breeds b
     where b.listed > 0
       and (select bool_and(strpos(regexp_replace(b.breed_words, '[^[:alnum:]]+', '', 'g'), w) > 0) from unnest(words) w));
end
$$;

revoke execute on function public.matching_breed_words from public, anon, authenticated;

-- Search -----------------------------------------------------------------------------------

-- The previous function under a new name. Its body names its parameters through the function
-- (`search_animals.lat`), so it is created again from its own source with those names moved,
-- rather than renamed (a renamed function would no longer find them).
do $$
declare
  previous constant regprocedure :=
    'public.search_animals(double precision, double precision, double precision, text, text, text, text, text[], text, text, text, integer, integer)';
  source text;
begin
  select p.prosrc into strict source from pg_proc p where p.oid = previous;
  execute format($create$
    create function public.search_animals_base(
      lat double precision default null, lon double precision default null, radius_miles double precision default 100,
      type text default null, age text default null, size text default null, sex text default null,
      good_with text[] default null, breed text default null, q text default null, sort text default 'recent',
      page_size integer default 24, page_offset integer default 0
    ) returns json
    language plpgsql stable security definer
    set search_path = extensions, pg_temp
    set plan_cache_mode = force_generic_plan
    as %L
  $create$, replace(source, 'search_animals.', 'search_animals_base.'));
  execute format('drop function %s', previous);
end
$$;
revoke execute on function public.search_animals_base from public, anon, authenticated;
comment on function public.search_animals_base is
  'search_animals() as of 20261125000200: every search without the filters of 20261127004000 or a breed.';

-- The same parameters and JSON as before, and five more: house_trained and special_needs (only
-- animals that are), coat (one of the coat values), color (any of the animal's three colours,
-- whole and in any case: 'black' finds 'Black' but not 'Black & White / Tuxedo') and
-- new_this_week (published in the last seven days). Unknown values are ignored, as before.
create function public.search_animals(
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
  page_offset integer default 0,
  house_trained boolean default false,
  special_needs boolean default false,
  coat text default null,
  color text default null,
  new_this_week boolean default false
) returns json
language plpgsql stable security definer
set search_path = extensions, pg_temp
set plan_cache_mode = force_generic_plan
as $$
declare
  origin extensions.earth;
  radius_m double precision;
  radius_chord double precision;
  cells integer[];
  inner_cells integer[];
  edge_cells integer[];
  type_filter text := search_animals.type;
  types text[] := array['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'];
  age_filter text := search_animals.age;
  size_filter text := search_animals.size;
  sex_filter text := search_animals.sex;
  wants_children boolean := 'children' = any (coalesce(search_animals.good_with, '{}'));
  wants_dogs boolean := 'dogs' = any (coalesce(search_animals.good_with, '{}'));
  wants_cats boolean := 'cats' = any (coalesce(search_animals.good_with, '{}'));
  wants_house_trained boolean := coalesce(search_animals.house_trained, false);
  wants_special_needs boolean := coalesce(search_animals.special_needs, false);
  coat_filter text := lower(trim(search_animals.coat));
  color_filter text := lower(trim(left(search_animals.color, 100)));
  since timestamptz;
  breeds text[];
  keywords tsquery;
  order_by text := search_animals.sort;
  page_limit integer := least(greatest(coalesce(search_animals.page_size, 24), 1), 48);
  page_start integer := least(greatest(coalesce(search_animals.page_offset, 0), 0), 10000);
  wanted integer;
  total bigint;
  near_radius double precision;
  near_chord double precision;
  near_count bigint;
  page_ids uuid[];
  -- Every filter, as parameters: $1 origin, $2 cells, $3 radius (chord), $4 types, $5 age,
  -- $6 size, $7 sex, $8–$10 good with children, dogs, cats, $11 breed values, $12 keywords,
  -- $13 house-trained, $14 special needs, $15 coat, $16 colour, $17 published since.
  matching constant text := $matching$
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
  $matching$;
  -- The matches counted and one page of them in any order ($18 limit, $19 offset, $20 order).
  count_and_page constant text := $count$
    with matches as materialized (
      select a.id, a.published_at, case when $1 is not null then extensions.cube_distance(a.location, $1) end as chord
        from public.animals a
       where %s
    )
    select (select count(*) from matches),
           array(select m.id
                   from matches m
                  order by
                    case when $20 = 'distance' then m.chord end,
                    case when $20 = 'oldest' then m.published_at end,
                    case when $20 = 'oldest' then m.id end,
                    m.published_at desc, m.id desc
                  limit $18 offset $19)
  $count$;
begin
  if coat_filter is null or coat_filter not in ('hairless', 'short', 'medium', 'long', 'wire', 'curly') then
    coat_filter := null;
  end if;
  if color_filter = '' then color_filter := null; end if;
  if coalesce(search_animals.new_this_week, false) then
    since := now() - interval '7 days';
  end if;
  if not (wants_house_trained or wants_special_needs or coat_filter is not null or color_filter is not null
          or since is not null or coalesce(length(trim(search_animals.breed)), 0) > 0) then
    return public.search_animals_base(search_animals.lat, search_animals.lon, search_animals.radius_miles, search_animals.type,
                                      search_animals.age, search_animals.size, search_animals.sex, search_animals.good_with,
                                      null, search_animals.q, search_animals.sort, search_animals.page_size,
                                      search_animals.page_offset);
  end if;

  -- As in search_animals_base(): out-of-range values clamped, unknown ones ignored.
  if search_animals.lat between -90 and 90 and search_animals.lon between -180 and 180 then
    origin := extensions.ll_to_earth(search_animals.lat, search_animals.lon);
    radius_m := least(greatest(coalesce(search_animals.radius_miles, 100), 1), 500) * 1609.344;
    radius_chord := extensions.gc_to_sec(radius_m);
    cells := public.grid_cells_around(search_animals.lat, search_animals.lon, radius_m);
    inner_cells := public.grid_cells_within(cells, origin, radius_chord);
    edge_cells := array(select c from unnest(cells) c where c <> all (inner_cells));
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
    breeds := public.matching_breed_words(search_animals.breed);
    if cardinality(breeds) = 0 then
      return json_build_object('total', 0, 'animals', '[]'::json);
    end if;
  end if;
  if length(trim(search_animals.q)) > 0 then
    keywords := websearch_to_tsquery('english'::regconfig, left(search_animals.q, 200));
    if numnode(keywords) = 0 then keywords := null; end if;
  end if;
  if order_by is null or order_by not in ('recent', 'distance', 'oldest') or (order_by = 'distance' and origin is null) then
    order_by := 'recent';
  end if;
  wanted := page_start + page_limit;

  -- The total from the tallies, when one holds every filter of the search.
  if breeds is null and keywords is null and since is null then
    if origin is null and color_filter is null then
      select coalesce(sum(t.listed), 0) into total
        from public.listed_animal_trait_totals t
       where t.type = any (types)
         and (age_filter is null or t.age_group = age_filter)
         and (size_filter is null or t.size = size_filter)
         and (sex_filter is null or t.sex = sex_filter)
         and (not wants_children or t.good_with_children = 'yes')
         and (not wants_dogs or t.good_with_dogs = 'yes')
         and (not wants_cats or t.good_with_cats = 'yes')
         and (not wants_house_trained or t.house_trained)
         and (not wants_special_needs or t.special_needs)
         and (coat_filter is null or t.coat = coat_filter);
    elsif origin is null and not (wants_house_trained or wants_special_needs or coat_filter is not null) then
      select coalesce(sum(c.listed), 0) into total
        from public.listed_animal_colors c
       where c.type = any (types)
         and c.color = color_filter
         and (age_filter is null or c.age_group = age_filter)
         and (size_filter is null or c.size = size_filter)
         and (sex_filter is null or c.sex = sex_filter)
         and (not wants_children or c.good_with_children = 'yes')
         and (not wants_dogs or c.good_with_dogs = 'yes')
         and (not wants_cats or c.good_with_cats = 'yes');
    elsif origin is not null and color_filter is null and age_filter is null and size_filter is null and sex_filter is null
          and not (wants_children or wants_dogs or wants_cats) then
      select coalesce(sum(f.listed), 0) into total
        from public.listed_animal_trait_facets f
       where f.grid_cell = any (inner_cells)
         and f.type = any (types)
         and (not wants_house_trained or f.house_trained)
         and (not wants_special_needs or f.special_needs)
         and (coat_filter is null or f.coat = coat_filter);
      if cardinality(edge_cells) > 0 then
        total := total + (
          select count(*)
            from public.animals a
           where a.listed
             and a.grid_cell = any (edge_cells)
             and a.type = any (types)
             and extensions.cube_distance(a.location, origin) <= radius_chord
             and (not wants_house_trained or a.house_trained)
             and (not wants_special_needs or a.special_needs)
             and (coat_filter is null or a.coat = coat_filter));
      end if;
    end if;
  end if;

  if total is null then
    -- No tally holds these filters: count the matches (through the index the planner picks for
    -- these values: a week of the publication-order index, the place index's cells, the breed
    -- index's values, the full-text index) and sort them for the page.
    execute format(count_and_page, matching)
      into total, page_ids
      using origin, cells, radius_chord, types, age_filter, size_filter, sex_filter, wants_children, wants_dogs, wants_cats,
            breeds, keywords, wants_house_trained, wants_special_needs, coat_filter, color_filter, since,
            page_limit, page_start, order_by;
  elsif page_start >= total then
    page_ids := '{}';
  elsif order_by = 'distance' then
    -- Nearest first: the nearest `wanted` lie within a smaller circle when the matches are
    -- many (sized from the density, widened until it holds them), as in search_animals_base().
    near_radius := radius_m;
    if total > 4 * wanted then
      near_radius := greatest(1609.344, radius_m * sqrt(2.0 * wanted / total));
    end if;
    loop
      near_chord := extensions.gc_to_sec(near_radius);
      execute format(count_and_page, matching)
        into near_count, page_ids
        using origin, public.grid_cells_around(search_animals.lat, search_animals.lon, near_radius), near_chord, types,
              age_filter, size_filter, sex_filter, wants_children, wants_dogs, wants_cats, breeds, keywords,
              wants_house_trained, wants_special_needs, coat_filter, color_filter, since, page_limit, page_start, order_by;
      exit when near_radius >= radius_m or near_count >= wanted;
      near_radius := least(radius_m, near_radius * 2);
    end loop;
  else
    -- Newest or oldest first with the total known: planned with these values, so common
    -- matches walk a publication-order index until the page is full.
    execute format($page$
        select array(select a.id from public.animals a where %s order by %s limit $18 offset $19)
      $page$, matching, case when order_by = 'oldest' then 'a.published_at, a.id' else 'a.published_at desc, a.id desc' end)
      into page_ids
      using origin, cells, radius_chord, types, age_filter, size_filter, sex_filter, wants_children, wants_dogs, wants_cats,
            breeds, keywords, wants_house_trained, wants_special_needs, coat_filter, color_filter, since,
            page_limit, page_start;
  end if;

  return json_build_object('total', total, 'animals', public.animal_cards(page_ids, origin));
end
$$;

revoke execute on function public.search_animals from public;
grant execute on function public.search_animals to anon, authenticated, service_role;
