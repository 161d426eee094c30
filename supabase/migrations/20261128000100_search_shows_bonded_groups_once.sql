-- Search shows a bonded group once (issue 14 §3). Until now search read every listed animal
-- and the result pages dropped the cards of animals that do not lead their group: the total
-- counted each animal, a page holding a companion showed one card fewer, and the map and the
-- alerts counted and sent each animal. Now everything that finds or counts listings reads
-- `searchable`: listed, and the lead of its bonded group (or in none). A group is found by its
-- lead (the earliest published of its listed animals: animals.bond_lead) and shown as one card
-- with its companions; the animal pages, favorites and applications still see every animal.
--
-- What reads `searchable` instead of `listed`: the search (search_animals and the functions it
-- calls), the map, the alert matcher, the home page's rows, the directory's counts and the
-- tallies behind every total. Their bodies are unchanged otherwise, so they are rewritten here
-- from their own definitions rather than copied (the rewrite fails if one no longer reads
-- `listed`, so a later change cannot be silently skipped).

alter table public.animals
  add column searchable boolean not null generated always as (listed and bond_lead) stored;
comment on column public.animals.searchable is
  'Listed, and the lead of its bonded group (or in none): the one row per listing that search, the map, alerts and the tallies read.';

do $$
declare
  -- Functions reading animal `a`: `a.listed` becomes `a.searchable`.
  readers constant regprocedure[] := array[
    'public.search_animals(double precision, double precision, double precision, text, text, text, text, text[], text, text, text, integer, integer, boolean, boolean, text, text, boolean)',
    'public.search_animals_base(double precision, double precision, double precision, text, text, text, text, text[], text, text, text, integer, integer)',
    'public.search_page_in_order(text, text, text, text, boolean, boolean, boolean, integer[], extensions.earth, double precision, text, integer, integer)',
    'public.search_page_by_facets(text[], text, text, text, boolean, boolean, boolean, text, integer, integer)',
    'public.search_animal_map(double precision, double precision, double precision, text, text, text, text, text[], text, text, boolean, boolean, text, text, boolean, double precision)',
    'public.saved_search_new_matches(uuid[], timestamp with time zone)',
    'public.waiting_longest(integer)',
    'public.shelter_animal_counts(uuid[])'
  ]::regprocedure[];
  -- Statement triggers tallying the changed rows: `new_rows where listed` (and old_rows) become `… where searchable`.
  tallies constant regprocedure[] := array[
    'public.count_listed_animals()',
    'public.tally_listed_animals()',
    'public.tally_listed_animal_cells()',
    'public.tally_listed_animal_traits()'
  ]::regprocedure[];
  fn regprocedure;
  definition text;
  rewritten text;
begin
  foreach fn in array readers || tallies loop
    definition := pg_get_functiondef(fn);
    rewritten := case when fn = any (readers)
                      then regexp_replace(definition, '\ma\.listed\M', 'a.searchable', 'g')
                      else regexp_replace(definition, '\m(new_rows|old_rows) where listed\M', '\1 where searchable', 'g') end;
    if rewritten = definition then
      raise exception '% no longer reads listed: look at it before rewriting it', fn;
    end if;
    execute rewritten;
  end loop;
end
$$;

-- The tallies again, from the rows they now count.
delete from public.listed_animal_counts;
insert into public.listed_animal_counts (type, available, pending)
select type, count(*) filter (where status = 'available'), count(*) filter (where status = 'pending')
  from public.animals where searchable group by type;

delete from public.listed_animal_facets;
insert into public.listed_animal_facets
select coalesce(grid_cell, -1), type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, count(*)
  from public.animals where searchable
 group by 1, 2, 3, 4, 5, 6, 7, 8;
delete from public.listed_animal_facet_totals;
insert into public.listed_animal_facet_totals
select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, sum(listed)
  from public.listed_animal_facets
 group by 1, 2, 3, 4, 5, 6, 7;
delete from public.listed_animal_breeds;
insert into public.listed_animal_breeds
select breed_words, count(*) from public.animals where searchable group by 1;

delete from public.listed_animal_cells;
insert into public.listed_animal_cells
select coalesce(grid_cell, -1), type, count(*) from public.animals where searchable group by 1, 2;

delete from public.listed_animal_trait_totals;
insert into public.listed_animal_trait_totals
select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, house_trained, special_needs,
       coalesce(coat, ''), count(*)
  from public.animals where searchable
 group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
delete from public.listed_animal_trait_facets;
insert into public.listed_animal_trait_facets
select coalesce(grid_cell, -1), type, house_trained, special_needs, coalesce(coat, ''), count(*)
  from public.animals where searchable
 group by 1, 2, 3, 4, 5;
delete from public.listed_animal_colors;
insert into public.listed_animal_colors
select a.type, color, a.age_group, a.size, a.sex, a.good_with_children, a.good_with_dogs, a.good_with_cats, count(*)
  from public.animals a cross join lateral unnest(public.animal_color_keys(a.primary_color, a.secondary_color, a.tertiary_color)) color
 where a.searchable
 group by 1, 2, 3, 4, 5, 6, 7, 8;

-- The search indexes cover the rows search reads: the same columns, the new predicate (a query
-- on `searchable` cannot use an index `where listed`). The shelter index stays on `listed`:
-- the dashboard's and the shelter page's queries name both columns.
do $$
declare
  search_indexes constant text[] := array[
    'animals_listed_recent_idx', 'animals_listed_type_recent_idx', 'animals_listed_facet_idx',
    'animals_listed_breed_words_idx', 'animals_listed_place_idx', 'animals_listed_search_idx', 'animals_listed_breed_idx'
  ];
  index_name text;
  definition text;
begin
  foreach index_name in array search_indexes loop
    definition := pg_get_indexdef(format('public.%I', index_name)::regclass);
    if definition !~ ' WHERE listed$' then
      raise exception '% is not the partial index on listed this rewrites: %', index_name, definition;
    end if;
    execute format('drop index public.%I', index_name);
    execute regexp_replace(definition, ' WHERE listed$', ' WHERE searchable');
  end loop;
end
$$;

analyze public.animals, public.listed_animal_counts, public.listed_animal_facets, public.listed_animal_facet_totals,
  public.listed_animal_breeds, public.listed_animal_cells, public.listed_animal_trait_totals,
  public.listed_animal_trait_facets, public.listed_animal_colors;

-- An alert and a map marker name a bonded group as its card does ('Biscuit & Gravy'): the
-- lead's listed companions go with it, in the email's data and in the map's groups.
create or replace function public.listed_companion_names(animal uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(c.name order by c.published_at nulls last, c.name, c.id), '[]'::jsonb)
    from public.animals a
    join public.animals c on c.bonded_group_id = a.bonded_group_id and c.id <> a.id and c.listed
   where a.id = listed_companion_names.animal and a.bonded_group_id is not null
$$;
revoke execute on function public.listed_companion_names(uuid) from public, anon, authenticated;

do $$
declare
  rewrites constant text[][] := array[
    array['public.run_saved_search_alerts(integer)',
          $text$'id', card->>'id', 'name', card->>'name',$text$,
          $text$ 'companions', public.listed_companion_names((card->>'id')::uuid),$text$],
    array['public.search_animal_map(double precision, double precision, double precision, text, text, text, text, text[], text, text, boolean, boolean, text, text, boolean, double precision)',
          $text$'id', a.id, 'name', a.name,$text$,
          $text$ 'companions', public.listed_companion_names(a.id),$text$]
  ];
  rewrite text[];
  definition text;
begin
  foreach rewrite slice 1 in array rewrites loop
    definition := pg_get_functiondef(rewrite[1]::regprocedure);
    if position(rewrite[2] in definition) = 0 then
      raise exception '% no longer names its animals as this rewrite expects', rewrite[1];
    end if;
    execute replace(definition, rewrite[2], rewrite[2] || rewrite[3]);
  end loop;
end
$$;
