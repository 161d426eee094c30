-- An imported animal is written in one set-based statement per piece, with the per-row work
-- done once a piece (decision 051). A 200,000-row upload took 299 s to apply in pieces of 500:
-- per piece, write_source_animals spent most of its time not in its own statement but in what
-- every row fired, and its plan_cache_mode = force_custom_plan reached into all of it — the
-- foreign-key checks and animals_before_write's lookup were planned again for every row.
--
-- - write_source_animals computes what animals_before_write computes (the owner, the shelter's
--   place, `listed`, the first publication, updated_at) in the statement itself, looks the
--   shelter and the writer up once, and leaves out the rows whose content and status are
--   unchanged (their hash) before the insert, so they fire nothing at all. The trigger stands down
--   (its WHEN clause) only while this function's own statement runs, and only when nothing it
--   checks could refuse the write: the shelter exists, and the writer is the service role or a
--   member who may change every field. Anyone else's write goes through the trigger as before,
--   and then the trigger computes the same values the statement passes.
-- - That statement runs with the session's plan cache (plan_cache_mode auto): the foreign keys
--   and triggers reuse their plans, and the statement itself is planned each time (EXECUTE), so
--   it never keeps a plan made while the tables were small (decision 035).
-- - A new animal without photos has no photo work (there is nothing of it to keep, move or
--   remove); its photos were looked up and its stored copies searched for before.
-- - animals_bond_lead_alone is not called for a row it would not change.
--
-- What an animal ends up as is unchanged (tests/rls/import-result.test.ts compares every column,
-- photo, tally and activity line with the per-row path on the same file).

/**
 * As in 20261128160000_imports_in_the_worker.sql: upserts a source's animals (skipping rows
 * whose imported values and status did not change), then sets the photos of those whose list
 * changed. Returns how many were added and updated.
 */
create or replace function public.write_source_animals(source public.sync_sources, items jsonb, out added integer, out updated integer)
language plpgsql security definer set search_path = extensions, pg_temp set plan_cache_mode = force_custom_plan as $$
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
             coalesce(r.good_with_dogs, 'unknown'), coalesce(r.good_with_cats, 'unknown'), coalesce(r.house_trained, false),
             coalesce(r.spayed_neutered, false), coalesce(r.vaccinations_current, false), coalesce(r.special_needs, false),
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
$$;
revoke execute on function public.write_source_animals(public.sync_sources, jsonb) from public, anon, authenticated;

-- animals_before_write stands down while write_source_animals' statement runs (it writes the
-- same values itself). The setting alone is not enough: it also takes the functions' owner
-- (write_source_animals is security definer), which no client's session ever is, so a client
-- that sets the setting still goes through the trigger. The owner is the role running the
-- migrations, as for every function here.
drop trigger animals_before_write on public.animals;
do $$
begin
  execute format(
    'create trigger animals_before_write before insert or update on public.animals for each row '
    'when (current_setting(''pawhaven.writing_source_animals'', true) is distinct from ''on'' or current_user <> %L) '
    'execute function public.animals_before_write()', current_user);
end
$$;

-- Called only for a row it changes (an animal outside a group that does not lead itself yet);
-- what it does is unchanged.
drop trigger animals_bond_lead_alone on public.animals;
create trigger animals_bond_lead_alone before insert or update of bonded_group_id on public.animals
  for each row when (new.bonded_group_id is null and new.bond_lead is distinct from true)
  execute function public.animals_bond_lead_alone();

-- The staged rows in the order pieces take them (external id, then the first row of an id given
-- twice): a piece reads its 500 rows off the index and stops (20 ms at 60,000 staged rows), where
-- it sorted every staged row after the cursor (100–230 ms, growing with the file). It serves every lookup the
-- (run, external id) index served.
create index import_run_rows_piece_order_idx on public.import_run_rows (run_id, external_id, position);
drop index public.import_run_rows_external_idx;

/**
 * As in 20261128160000_imports_in_the_worker.sql, and the next piece is found as a range of
 * the staged rows' index whether or not there is a cursor yet ("no cursor, or after it" kept the
 * range out of the index in a reused plan). External ids are never empty, so '' comes before
 * every one of them.
 */
create or replace function public.apply_import_piece(run_id uuid, max_rows integer default null) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.lock_import_run(apply_import_piece.run_id, 'running');
  source public.sync_sources;
  items jsonb;
  applied integer;
  last_id text;
  changed record;
  sorting text;
begin
  if max_rows is not null and max_rows < 1 then
    raise exception 'A piece has one animal at the least' using errcode = '22023';
  end if;
  select * into source from public.sync_sources s where s.id = run.source_id for update;
  -- Read in the index's order and stop at the piece's end: without this the planner would
  -- rather sort every staged row after the cursor (it cannot tell how few the limit needs).
  sorting := current_setting('enable_sort');
  perform set_config('enable_sort', 'off', true);
  select coalesce(jsonb_agg(p.item order by p.external_id), '[]'), count(*), max(p.external_id)
    into items, applied, last_id
    from (select distinct on (x.external_id) x.external_id, x.item
            from public.import_run_rows x
           where x.run_id = run.id and x.external_id > coalesce(run.apply_cursor, '')
           order by x.external_id, x.position
           limit max_rows) as p;
  perform set_config('enable_sort', sorting, true);
  if applied > 0 then
    perform set_config('pawhaven.syncing', 'on', true);
    select * into changed from public.write_source_animals(source, items);
    perform set_config('pawhaven.syncing', 'off', true);
    update public.import_runs r
       set added = r.added + changed.added, updated = r.updated + changed.updated,
           rows_applied = coalesce(r.rows_applied, 0) + applied, apply_cursor = last_id
     where r.id = run.id
    returning * into run;
  end if;
  return run;
end
$$;
