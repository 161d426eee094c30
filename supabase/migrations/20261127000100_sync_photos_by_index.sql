-- A sync run's cost grew with every animal and photo on the site (issue 13: the pull cycle of
-- 100 sources took ~10× as long for 4× the animals on a busy machine; decision 035). Two causes,
-- both from PGlite never analyzing on its own and running every request in one long session:
--
-- 1. plpgsql caches a generic plan per statement after a few calls. Planned while the tables
--    were small, a sequential scan looked cheapest, and the plan was kept as they grew: the
--    photo insert of write_source_animals scanned all of public.animals and all of
--    public.animal_photos on every run (30,000 and 60,000 rows to write 50 animals). The
--    function now plans each statement with the run's own values (plan_cache_mode =
--    force_custom_plan).
-- 2. Even then, joining animal_photos to the changed animals by animal_id was a hash join over
--    every photo (without statistics an animal is guessed to have 1/200 of all photos). The
--    photo rows are now found through the (animal_id, position) index, one animal at a time,
--    and the three photo statements work on those ids alone. A run whose photo lists did not
--    change skips them all.
--
-- Buffers read by one call writing 50 new animals, after N sources of 50 each: before 4,200 at
-- N = 0 and 9,100 at N = 350 (growing with the site); now 5,300 and 5,800. Everything else is as
-- in 20261126002000_listing_sync.sql.

create or replace function public.write_source_animals(source public.sync_sources, items jsonb, out added integer, out updated integer)
language plpgsql security definer set search_path = extensions, pg_temp set plan_cache_mode = force_custom_plan as $$
declare
  changed record;
  -- The photo rows of the animals whose list changed, before this run touches them.
  photo_rows uuid[];
begin
  -- Upsert, skipping rows whose imported values did not change (their hash).
  with before as (
    select a.id, a.source_photos from public.animals a where a.source_id = source.id
  ),
  rows as (
    select r.*, md5(i.item::text) as hash, i.item->'photos' as photos
      from jsonb_array_elements(items) as i(item)
      cross join lateral jsonb_populate_record(null::public.animals, i.item) as r
  ),
  written as (
    insert into public.animals as a (
      shelter_id, source_id, external_source, external_id, name, type, primary_breed, secondary_breed, mixed_breed,
      age_group, birth_date, sex, size, primary_color, secondary_color, tertiary_color, coat,
      good_with_children, good_with_dogs, good_with_cats, house_trained, spayed_neutered, vaccinations_current,
      special_needs, special_needs_notes, adoption_fee, description, status, source_hash, source_photos)
    select source.shelter_id, source.id, 'sync:' || source.id, r.external_id, r.name, r.type, r.primary_breed, r.secondary_breed,
           coalesce(r.mixed_breed, false), r.age_group, r.birth_date, coalesce(r.sex, 'unknown'),
           -- No size given: medium, as the dashboard's form starts (and as ASM3 sends an unknown one).
           coalesce(r.size, 'medium'), r.primary_color,
           r.secondary_color, r.tertiary_color, r.coat, coalesce(r.good_with_children, 'unknown'),
           coalesce(r.good_with_dogs, 'unknown'), coalesce(r.good_with_cats, 'unknown'), coalesce(r.house_trained, false),
           coalesce(r.spayed_neutered, false), coalesce(r.vaccinations_current, false), coalesce(r.special_needs, false),
           r.special_needs_notes, r.adoption_fee, r.description, coalesce(r.status, 'available'), r.hash, coalesce(r.photos, '[]')
      from rows r
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
           source_hash = excluded.source_hash, source_photos = excluded.source_photos
     -- An archived animal that comes back is listed again even when its row is the same.
     where a.source_hash is distinct from excluded.source_hash or a.status is distinct from excluded.status
    returning a.id, (xmax = 0) as inserted, a.source_photos
  )
  select count(*) filter (where w.inserted) as added, count(*) filter (where not w.inserted) as updated,
         -- Photos to set: a new animal's, or a list that changed.
         coalesce(array_agg(w.id) filter (where b.id is null or b.source_photos is distinct from w.source_photos), '{}') as photo_ids
    into changed
    from written w left join before b on b.id = w.id;

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
$$;
revoke execute on function public.write_source_animals(public.sync_sources, jsonb) from public, anon, authenticated;

