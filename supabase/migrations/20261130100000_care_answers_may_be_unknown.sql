-- A care answer the shelter has not given is not "no". house_trained, spayed_neutered,
-- vaccinations_current and special_needs become nullable, null meaning not known (the three
-- good_with_* columns already say 'unknown'). The add/edit form asks Yes / No / Not sure and the
-- listing readers keep a blank as null from now on; the public page shows only known answers,
-- and the search filters keep matching true alone (a null is not true).
--
-- Which stored rows become null: only those provably blank. The form had a checkbox (unticked
-- was "no" and "not known" alike) and the readers and the push API wrote false for a blank or a
-- missing value, so a stored false cannot be told apart, except from a Shelterluv pull: its
-- reader never read house-trained, vaccinations or special needs and wrote a constant false
-- (synced animals cannot be edited in the dashboard, so such a false is the reader's). Those
-- become null below. Every other synced animal is set right by its source's next import: the
-- readers now send null for a blank, so the row's hash changes and it is written again.

-- The trait facets count animals a filter matches, and the filters match true only: an unknown
-- answer is counted with the no's (the facet tables' keys cannot hold a null).
create or replace function public.tally_listed_animal_traits()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    changes := format('select %s, 1 as delta from new_rows where searchable', columns);
  elsif tg_op = 'DELETE' then
    changes := format('select %s, -1 as delta from old_rows where searchable', columns);
  else
    changes := format('select %1$s, 1 as delta from new_rows where searchable union all select %1$s, -1 from old_rows where searchable', columns);
  end if;
  execute format($tally$
    with changes as materialized (%s),
    totals as (
      insert into public.listed_animal_trait_totals as t
      select type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats,
             coalesce(house_trained, false), coalesce(special_needs, false),
             coalesce(coat, ''), sum(delta)
        from changes group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 having sum(delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      on conflict (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats, house_trained, special_needs, coat)
      do update set listed = t.listed + excluded.listed
    ),
    facets as (
      insert into public.listed_animal_trait_facets as f
      select coalesce(grid_cell, -1), type, coalesce(house_trained, false), coalesce(special_needs, false), coalesce(coat, ''), sum(delta)
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
$function$;

revoke execute on function public.tally_listed_animal_traits() from public, anon, authenticated;

alter table public.animals
  alter column house_trained drop not null,
  alter column house_trained drop default,
  alter column spayed_neutered drop not null,
  alter column spayed_neutered drop default,
  alter column vaccinations_current drop not null,
  alter column vaccinations_current drop default,
  alter column special_needs drop not null,
  alter column special_needs drop default;
comment on column public.animals.house_trained is 'Yes, no, or null: not known.';
comment on column public.animals.spayed_neutered is 'Yes, no, or null: not known.';
comment on column public.animals.vaccinations_current is 'Yes, no, or null: not known.';
comment on column public.animals.special_needs is 'Yes, no, or null: not known.';

-- A synced animal's answers are what its source says: a blank stays unknown.
create or replace function public.write_source_animals(source public.sync_sources, items jsonb, OUT added integer, OUT updated integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'extensions', 'pg_temp'
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  shelter record;
  writer uuid := auth.uid();
  changed record;
  -- The photo rows of the animals whose list changed, before this run touches them.
  photo_rows uuid[];
begin
  select p.user_id, p.latitude, p.longitude, p.listed into shelter from public.shelter_profiles p where p.id = source.shelter_id;
  -- animals_before_write refuses nothing here: this statement writes what it would (below).
  if found and (writer is null or public.is_shelter_member(source.shelter_id, 'staff')) then
    perform set_config('pawhaven.writing_source_animals', 'on', true);
  end if;
  -- The foreign keys and row triggers reuse their plans; this statement is planned afresh.
  perform set_config('plan_cache_mode', 'auto', true);
  execute $write$
    with incoming as (
      select r.*, md5(i.item::text) as hash, i.item->'photos' as photos, coalesce(r.status, 'available') as listing_status
        from jsonb_array_elements($1) as i(item)
        cross join lateral jsonb_populate_record(null::public.animals, i.item) as r
    ),
    before as materialized (
      select a.id, a.external_id, a.source_hash, a.status, a.source_photos
        from public.animals a
       where a.shelter_id = $2 and a.external_source = 'sync:' || $3
         and a.external_id in (select incoming.external_id from incoming)
    ),
    -- The rows the upsert would write: new, changed, or listed again.
    todo as (
      select r.*
        from incoming r
        left join before b on b.external_id = r.external_id
       where b.id is null or b.source_hash is distinct from r.hash or b.status is distinct from r.listing_status
    ),
    written as (
      insert into public.animals as a (
        shelter_id, source_id, external_source, external_id, owner_id, name, type, primary_breed, secondary_breed, mixed_breed,
        age_group, birth_date, sex, size, primary_color, secondary_color, tertiary_color, coat,
        good_with_children, good_with_dogs, good_with_cats, house_trained, spayed_neutered, vaccinations_current,
        special_needs, special_needs_notes, adoption_fee, description, status, source_hash, source_photos,
        latitude, longitude, listed, published_at)
      select $2, $3, 'sync:' || $3, r.external_id,
             -- The member writing; else the shelter's creator (an import, the demo seed).
             coalesce($5, $4),
             r.name, r.type, r.primary_breed, r.secondary_breed,
             coalesce(r.mixed_breed, false), r.age_group, r.birth_date, coalesce(r.sex, 'unknown'),
             -- No size given: medium, as the dashboard's form starts (and as ASM3 sends an unknown one).
             coalesce(r.size, 'medium'), r.primary_color,
             r.secondary_color, r.tertiary_color, r.coat, coalesce(r.good_with_children, 'unknown'),
             coalesce(r.good_with_dogs, 'unknown'), coalesce(r.good_with_cats, 'unknown'), r.house_trained,
             r.spayed_neutered, r.vaccinations_current, r.special_needs,
             r.special_needs_notes, r.adoption_fee, r.description, r.listing_status, r.hash, coalesce(r.photos, '[]'),
             -- As animals_before_write: the shelter's place, listed when its status shows and the
             -- shelter is listed, published the first time it shows.
             $6, $7, r.listing_status in ('available', 'pending') and $8,
             case when r.listing_status in ('available', 'pending') then now() end
        from todo r
      on conflict (shelter_id, external_source, external_id) do update
         set name = excluded.name, type = excluded.type, primary_breed = excluded.primary_breed,
             secondary_breed = excluded.secondary_breed, mixed_breed = excluded.mixed_breed, age_group = excluded.age_group,
             birth_date = excluded.birth_date, sex = excluded.sex, size = excluded.size, primary_color = excluded.primary_color,
             secondary_color = excluded.secondary_color, tertiary_color = excluded.tertiary_color, coat = excluded.coat,
             good_with_children = excluded.good_with_children, good_with_dogs = excluded.good_with_dogs,
             good_with_cats = excluded.good_with_cats, house_trained = excluded.house_trained,
             spayed_neutered = excluded.spayed_neutered, vaccinations_current = excluded.vaccinations_current,
             special_needs = excluded.special_needs, special_needs_notes = excluded.special_needs_notes,
             adoption_fee = excluded.adoption_fee, description = excluded.description, status = excluded.status,
             source_hash = excluded.source_hash, source_photos = excluded.source_photos,
             latitude = excluded.latitude, longitude = excluded.longitude, listed = excluded.listed,
             published_at = coalesce(a.published_at, excluded.published_at), updated_at = now()
       -- An archived animal that comes back is listed again even when its row is the same.
       where a.source_hash is distinct from excluded.source_hash or a.status is distinct from excluded.status
      returning a.id, (xmax = 0) as inserted, a.source_photos
    )
    select count(*) filter (where w.inserted) as added, count(*) filter (where not w.inserted) as updated,
           -- Photos to set: a new animal's, or a list that changed.
           coalesce(array_agg(w.id) filter (where (b.id is null and w.source_photos is distinct from '[]'::jsonb)
                                               or (b.id is not null and b.source_photos is distinct from w.source_photos)), '{}') as photo_ids
      from written w left join before b on b.id = w.id
  $write$ into changed
    using items, source.shelter_id, source.id, shelter.user_id, writer, shelter.latitude, shelter.longitude, shelter.listed;
  perform set_config('plan_cache_mode', 'force_custom_plan', true);
  perform set_config('pawhaven.writing_source_animals', 'off', true);

  added := changed.added;
  updated := changed.updated;
  -- No photo list changed (a run that changed nothing, or details only): nothing more to do.
  if cardinality(changed.photo_ids) = 0 then
    return;
  end if;

  -- Each animal's photo rows through the index (OFFSET 0 keeps the subquery from being
  -- flattened into a join, so it stays a lookup per animal).
  select coalesce(array_agg(p.id), '{}') into photo_rows
    from unnest(changed.photo_ids) as c(animal_id)
    cross join lateral (select q.id from public.animal_photos q where q.animal_id = c.animal_id offset 0) as p;

  -- The photos of the animals whose list changed (the first six URLs): a stored copy of a URL
  -- still listed is kept and moved to its place; the rest go; a new https URL shows as it is
  -- until the worker stores a copy (fetch_synced_photos, which also fetches http ones).
  delete from public.animal_photos p
   using public.animals a
   where p.id = any (photo_rows) and a.id = p.animal_id
     and (p.source_url is null or p.storage_path is null
          or not exists (select 1 from jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
                          where u.url = p.source_url and u.n <= 6));
  update public.animal_photos p
     set position = (u.n - 1)::smallint
    from public.animals a
    cross join lateral jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
   where p.id = any (photo_rows) and a.id = p.animal_id and u.url = p.source_url and u.n <= 6;
  insert into public.animal_photos (animal_id, position, external_url, source_url)
  select a.id, (u.n - 1)::smallint, u.url, u.url
    from public.animals a
    cross join lateral jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
   where a.id = any (changed.photo_ids) and u.n <= 6 and u.url ~ '^https://' and length(u.url) <= 2000
     and not exists (select 1 from public.animal_photos p where p.id = any (photo_rows) and p.animal_id = a.id and p.source_url = u.url);
  -- (Also for a list that became empty: the worker removes the stored copies nobody shows.)
  perform public.enqueue_job('fetch_synced_photos', jsonb_build_object('animal_id', a.id), now(), 'fetch_synced_photos:' || a.id)
     from public.animals a
    where a.id = any (changed.photo_ids)
      and (jsonb_array_length(a.source_photos) > 0
           or exists (select 1 from storage.objects o where o.bucket_id = 'animal-photos' and o.name like a.shelter_id || '/' || a.id || '/%'));
end
$function$;
revoke execute on function public.write_source_animals(source public.sync_sources, items jsonb, OUT added integer, OUT updated integer) from public, anon, authenticated;


-- The Shelterluv reader's constant false (above): not known.
update public.animals a
   set house_trained = nullif(a.house_trained, false),
       vaccinations_current = nullif(a.vaccinations_current, false),
       special_needs = nullif(a.special_needs, false)
  from public.sync_sources s
 where s.id = a.source_id and s.kind = 'shelterluv'
   and false in (a.house_trained, a.vaccinations_current, a.special_needs);
