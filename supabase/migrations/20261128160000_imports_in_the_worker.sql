-- A listings file is imported by the worker, not inside the request that brought it. A
-- 200,000-row upload used to be read and applied in the web request: the page answered 503
-- after the backend's timeout and recorded nothing, and a 50,000-row one was applied while the
-- shelter was told it failed. Now (decision 044):
--
-- - The file is stored in the private `sync-files` bucket (the service role only: no policy
--   lets anyone else read or write it), and queue_import records the run as `queued` with the
--   `import_file` job that will read it, in one transaction. The upload is answered at once
--   with the run's page.
-- - The worker takes the run (take_queued_import: `receiving`), reads the file and stages its
--   rows as before (add_import_rows, which now counts the rows read), then applies them in
--   pieces, each its own transaction: start_applying_import (the safety catch: held, or
--   `running` with the number of animals to apply), apply_import_piece (a few thousand animals
--   in external-id order, counted on the run as it goes), complete_import (bonds, archiving,
--   the counts, the activity line). The run page reads the counts as progress. apply_import,
--   which the FTP drop, the push API, pulls and held runs still use in one transaction, is
--   these same three steps, so the rules live in one place.
-- - A run waiting its turn is never closed by the sweeps; one whose job is gone is.
-- - write_source_animals looks the animals it is about to write up by their ids, not the whole
--   source, so a piece costs the same at the end of a large file as at its start.
--
-- Everything else is as in 20261128110000_unread_rows_keep_their_animals.sql.

alter table public.import_runs drop constraint import_runs_status_check;
alter table public.import_runs add constraint import_runs_status_check
  check (status in ('queued', 'receiving', 'running', 'succeeded', 'failed', 'held', 'confirmed', 'discarded'));

alter table public.import_runs
  -- Progress, for the run page: rows of the file read so far (animals and rows that could not be
  -- read alike), animals to apply once the file is read, and how many are applied.
  add column rows_read integer,
  add column rows_total integer,
  add column rows_applied integer,
  -- Where a queued file is stored (bucket sync-files), until its run is over.
  add column file_path text check (length(file_path) <= 300),
  add column config_path text check (length(config_path) <= 300),
  -- The last external id applied: the next piece starts after it.
  add column apply_cursor text;
grant select (rows_read, rows_total, rows_applied) on public.import_runs to authenticated;
comment on column public.import_runs.file_path is 'A stored upload waiting for or being read by the worker (bucket sync-files); null once removed.';

-- Runs still in hand (queued, receiving, running) are found by status.
create index import_runs_open_idx on public.import_runs (status) where status in ('queued', 'receiving', 'running');
create index import_runs_stored_file_idx on public.import_runs (id) where file_path is not null;

-- Stored files: private, read and written by the web server, the FTP drop and the worker with
-- the service role only. RLS on storage.objects has no policy for this bucket, so nobody else
-- may list, read, write or remove its objects.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('sync-files', 'sync-files', false, 51 * 1024 * 1024, null)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Queueing a stored file ------------------------------------------------------------------------

/**
 * Records a stored file of a source as a queued run and enqueues the job that imports it. The
 * file must have been stored under the source's own folder (`<source id>/<name>`), which only
 * the service role can write to.
 */
create or replace function public.queue_import(
  source_id uuid,
  file_path text,
  config_path text default null,
  trigger text default 'upload',
  file_name text default null
) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources;
  run public.import_runs;
  folder text;
begin
  select * into source from public.sync_sources s where s.id = queue_import.source_id;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  -- A stored file comes from the browser, the FTP drop or the API; scheduled and confirmed
  -- runs are the database's own (close_interrupted_pulls closes theirs by trigger).
  if queue_import.trigger is null or queue_import.trigger not in ('upload', 'ftp', 'api') then
    raise exception 'A stored file comes by upload, FTP or the API' using errcode = '22023';
  end if;
  folder := '^' || source.id::text || '/[A-Za-z0-9._-]{1,100}$';
  if file_path is null or file_path !~ folder or (config_path is not null and config_path !~ folder) then
    raise exception 'A stored file is named <source id>/<name>' using errcode = '22023';
  end if;
  insert into public.import_runs (source_id, shelter_id, status, trigger, file_name, actor_id, file_path, config_path)
  values (source.id, source.shelter_id, 'queued', queue_import.trigger, left(queue_import.file_name, 300), auth.uid(),
          queue_import.file_path, queue_import.config_path)
  returning * into run;
  perform public.enqueue_job('import_file', jsonb_build_object('run_id', run.id), now(), 'import_file:' || run.id);
  return run;
end
$$;
revoke execute on function public.queue_import(uuid, text, text, text, text) from public, anon;
grant execute on function public.queue_import(uuid, text, text, text, text) to authenticated, service_role;

/**
 * The worker takes a queued run up: it starts receiving. A run still receiving was being read by
 * an attempt that died: its rows so far go, and it is read again from the start. A run that is
 * running is applied on from where it stopped; one that is over is returned as it is.
 */
create or replace function public.take_queued_import(run_id uuid) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs;
begin
  select * into run from public.import_runs r where r.id = take_queued_import.run_id for update;
  if run.id is null then
    raise exception 'Run not found' using errcode = 'PT404';
  end if;
  if run.status = 'receiving' then
    delete from public.import_run_rows x where x.run_id = run.id;
    delete from public.import_run_errors e where e.run_id = run.id;
  end if;
  if run.status in ('queued', 'receiving') then
    update public.import_runs r set status = 'receiving', rows_read = 0, failed = 0
     where r.id = run.id
    returning * into run;
  end if;
  return run;
end
$$;
revoke execute on function public.take_queued_import(uuid) from public, anon, authenticated;
grant execute on function public.take_queued_import(uuid) to service_role;

/** As in 20261126002000_listing_sync.sql, and the run counts the rows read (its progress). */
create or replace function public.add_import_rows(run_id uuid, animals jsonb default '[]', errors jsonb default '[]') returns void
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.lock_import_run(add_import_rows.run_id, 'receiving');
  next_position integer := coalesce((select max(x.position) + 1 from public.import_run_rows x where x.run_id = run.id), 0);
begin
  insert into public.import_run_rows (run_id, position, external_id, item)
  select run.id, next_position + i.n::integer - 1, i.item->>'external_id', i.item
    from jsonb_array_elements(coalesce(animals, '[]')) with ordinality as i(item, n);
  insert into public.import_run_errors (run_id, line, external_id, reason)
  select run.id, (e->>'line')::integer, left(e->>'externalId', 200), left(e->>'reason', 1000)
    from jsonb_array_elements(coalesce(errors, '[]')) e;
  update public.import_runs r
     set failed = r.failed + jsonb_array_length(coalesce(errors, '[]')),
         rows_read = coalesce(r.rows_read, 0) + jsonb_array_length(coalesce(animals, '[]')) + jsonb_array_length(coalesce(errors, '[]'))
   where r.id = run.id;
end
$$;

/**
 * As in 20261127000100_sync_photos_by_index.sql, and the animals as they were before the write
 * are looked up by the items' ids (the upsert's own unique index), not all of the source's: a
 * run applied in pieces calls this once a piece, and reading the whole source each time made
 * the last pieces of a 200,000-animal file cost as much as the whole source.
 */
create or replace function public.write_source_animals(source public.sync_sources, items jsonb, out added integer, out updated integer)
language plpgsql security definer set search_path = extensions, pg_temp set plan_cache_mode = force_custom_plan as $$
declare
  changed record;
  -- The photo rows of the animals whose list changed, before this run touches them.
  photo_rows uuid[];
begin
  -- Upsert, skipping rows whose imported values did not change (their hash).
  with before as (
    select a.id, a.source_photos
      from public.animals a
     where a.shelter_id = source.shelter_id and a.external_source = 'sync:' || source.id
       and a.external_id in (select i.item->>'external_id' from jsonb_array_elements(items) as i(item))
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

-- Two row triggers that stand down while a sync run writes (pawhaven.syncing) now say so in their
-- WHEN clause, so they are not called at all for an imported animal (and the after-trigger
-- queue holds no event for it): a piece of 500 animals cost 17–40% less in back-to-back runs.
-- Their functions, and so what they do otherwise, are unchanged.
drop trigger animals_log_activity on public.animals;
create trigger animals_log_activity after insert or update or delete on public.animals
  for each row when (current_setting('pawhaven.syncing', true) is distinct from 'on')
  execute function public.animals_log_activity();
drop trigger animals_keep_source_fields on public.animals;
create trigger animals_keep_source_fields before update on public.animals
  for each row when (current_setting('pawhaven.syncing', true) is distinct from 'on')
  execute function public.animals_keep_source_fields();

-- Applying, in pieces ---------------------------------------------------------------------------

/**
 * The safety catch, for a run whose rows are all staged: a snapshot that is not explicitly
 * empty and would take away more than half of what the source lists now (three animals or
 * more) is held for a person, who is emailed. An animal whose row could not be read is not
 * leaving. Otherwise the run is running, with the number of animals it brings. The caller
 * holds the run's lock.
 */
create or replace function public.check_import_removals(run_id uuid, confirm_removals boolean) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs;
  source public.sync_sources;
  incoming integer;
  listed integer;
  leaving integer;
begin
  select * into run from public.import_runs r where r.id = check_import_removals.run_id;
  -- One run of a source at a time: within one transaction the lock serialises them; a run
  -- applied in pieces is running across many, and another run waits until it is over (the
  -- worker's job comes back later; the API answers 409).
  select * into source from public.sync_sources s where s.id = run.source_id for update;
  if exists (select 1 from public.import_runs o where o.source_id = source.id and o.status = 'running' and o.id <> run.id) then
    raise exception 'Another file of this source is being applied: this one waits its turn' using errcode = 'PT409';
  end if;
  select count(distinct x.external_id) into incoming from public.import_run_rows x where x.run_id = run.id;
  select count(*) filter (where a.status <> 'archived'),
         count(*) filter (where a.status <> 'archived'
                            and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id)
                            and not exists (select 1 from public.import_run_errors e where e.run_id = run.id and e.external_id = a.external_id))
    into listed, leaving
    from public.animals a
   where a.source_id = source.id;
  if not run.explicitly_empty and not confirm_removals and leaving >= 3 and leaving * 2 > listed then
    update public.import_runs r
       set status = 'held', removed = leaving, finished_at = now(),
           message = format('This file would remove %s of the %s animals this source lists. Confirm it if that is right.', leaving, listed)
     where r.id = run.id
    returning * into run;
    perform public.email_shelter_team(source.shelter_id, 'admin', 'sync_run_held', jsonb_build_object(
      'source_name', source.name, 'run_id', run.id, 'removing', leaving, 'listed', listed));
    return run;
  end if;
  update public.import_runs r
     set status = 'running', rows_total = incoming, rows_applied = 0, apply_cursor = null, added = 0, updated = 0
   where r.id = run.id
  returning * into run;
  return run;
end
$$;
revoke execute on function public.check_import_removals(uuid, boolean) from public, anon, authenticated;

/** A run's rows are all staged: holds it (the safety catch) or starts applying it; `explicitly_empty` is the market's "remove all". */
create or replace function public.start_applying_import(run_id uuid, explicitly_empty boolean default false) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.lock_import_run(start_applying_import.run_id, 'receiving');
begin
  update public.import_runs r set explicitly_empty = start_applying_import.explicitly_empty where r.id = run.id;
  return public.check_import_removals(run.id, false);
end
$$;

/**
 * Applies the next `max_rows` animals of a running run (all of them when null), in external-id
 * order (the first row of an id given twice), in the caller's transaction, and counts them on
 * the run. The animals' activity is the run's one line (complete_import).
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
begin
  if max_rows is not null and max_rows < 1 then
    raise exception 'A piece has one animal at the least' using errcode = '22023';
  end if;
  select * into source from public.sync_sources s where s.id = run.source_id for update;
  select coalesce(jsonb_agg(p.item order by p.external_id), '[]'), count(*), max(p.external_id)
    into items, applied, last_id
    from (select distinct on (x.external_id) x.external_id, x.item
            from public.import_run_rows x
           where x.run_id = run.id and (run.apply_cursor is null or x.external_id > run.apply_cursor)
           order by x.external_id, x.position
           limit max_rows) as p;
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

/**
 * Ends a running run whose animals are all applied: the bonds the snapshot names, then whatever
 * it no longer holds leaves the listings (kept, archived), except an animal whose row is in the
 * file but could not be read; the counts, and one line of the shelter's activity.
 */
create or replace function public.complete_import(run_id uuid) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.lock_import_run(complete_import.run_id, 'running');
  source public.sync_sources;
  leaving integer;
begin
  if exists (select 1 from public.import_run_rows x
              where x.run_id = run.id and (run.apply_cursor is null or x.external_id > run.apply_cursor)) then
    raise exception 'This run still has animals to apply' using errcode = 'PT409';
  end if;
  select * into source from public.sync_sources s where s.id = run.source_id for update;
  perform set_config('pawhaven.syncing', 'on', true);
  perform public.bond_source_animals(source.id, (
    select coalesce(jsonb_agg(x.item), '[]') from public.import_run_rows x where x.run_id = run.id and x.item ? 'bonded_with'));
  with gone as (
    update public.animals a set status = 'archived'
     where a.source_id = source.id and a.status <> 'archived'
       and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id)
       and not exists (select 1 from public.import_run_errors e where e.run_id = run.id and e.external_id = a.external_id)
    returning 1
  )
  select count(*) into leaving from gone;
  perform set_config('pawhaven.syncing', 'off', true);
  update public.import_runs r
     set status = 'succeeded', finished_at = now(),
         unchanged = coalesce(r.rows_total, 0) - r.added - r.updated, removed = leaving
   where r.id = run.id
  returning * into run;
  delete from public.import_run_rows x where x.run_id = run.id;
  if run.added + run.updated + run.removed > 0 then
    perform public.log_shelter_activity(source.shelter_id, 'listings_synced', source.name,
      jsonb_build_object('run_id', run.id, 'added', run.added, 'updated', run.updated, 'removed', run.removed));
  end if;
  return run;
end
$$;
revoke execute on function public.start_applying_import(uuid, boolean), public.apply_import_piece(uuid, integer),
  public.complete_import(uuid) from public, anon, authenticated;
grant execute on function public.start_applying_import(uuid, boolean), public.apply_import_piece(uuid, integer),
  public.complete_import(uuid) to service_role;

/**
 * As in 20261128110000_unread_rows_keep_their_animals.sql, in one transaction, as the three
 * steps the worker takes one by one: the safety catch, every animal, the end.
 */
create or replace function public.apply_import(run_id uuid, confirm_removals boolean) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.check_import_removals(apply_import.run_id, confirm_removals);
begin
  if run.status = 'held' then
    return run;
  end if;
  perform public.apply_import_piece(run.id, null);
  return public.complete_import(run.id);
end
$$;
revoke execute on function public.apply_import(uuid, boolean) from public, anon, authenticated;

-- Runs left open ----------------------------------------------------------------------------------

/** Whether a stored file's run still has its import job to come (waiting, or running now). */
create or replace function public.import_job_pending(run_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.jobs j where j.dedupe_key = 'import_file:' || import_job_pending.run_id and j.failed_at is null);
$$;
revoke execute on function public.import_job_pending(uuid) from public, anon, authenticated;

/**
 * As in 20261128110100_close_abandoned_runs.sql, and a stored file's run goes by its job: while
 * the job waits, runs or will retry, the run is never stale however long it waits its turn
 * (a dead worker's job comes back within its lease and takes the run up again); once the job is
 * gone (it gave up), the run is closed whatever its age, and one that was applying says how far
 * it got. Other runs are stale after `older_than` receiving, as before.
 */
create or replace function public.close_stale_imports(older_than interval default interval '1 hour') returns integer
language plpgsql security definer set search_path = '' as $$
declare
  lost integer;
begin
  if older_than is null or older_than < interval '10 minutes' then
    raise exception 'A run is stale after ten minutes at the least' using errcode = '22023';
  end if;
  with closed as (
    update public.import_runs r
       set status = 'failed', finished_at = now(),
           message = case when r.status = 'running'
                          then format('This import was interrupted after %s of %s animals were written, and none were removed. '
                                      'Please send the file again.', coalesce(r.rows_applied, 0), coalesce(r.rows_total, 0))
                          else public.interrupted_run_message(r.trigger) end
     where r.id in (select q.id from public.import_runs q
                     where q.status in ('queued', 'receiving', 'running') and q.file_path is not null
                       and not public.import_job_pending(q.id)
                       for update skip locked)
    returning r.id
  ),
  gone as (delete from public.import_run_rows x where x.run_id in (select closed.id from closed))
  select count(*) into lost from closed;
  return lost + public.close_receiving_runs(array(
    select r.id from public.import_runs r
     where r.status = 'receiving' and r.file_path is null and r.started_at < now() - close_stale_imports.older_than
       -- A run whose rows are being staged this moment is alive, however old.
       for update skip locked));
end
$$;
revoke execute on function public.close_stale_imports(interval) from public, anon, authenticated;
grant execute on function public.close_stale_imports(interval) to service_role;

/** Stored files whose runs are over (or gone): the worker removes them, then forgets them. */
create or replace function public.finished_import_files(max_files integer default 100)
returns table (run_id uuid, file_path text, config_path text)
language sql stable security definer set search_path = '' as $$
  select r.id, r.file_path, r.config_path
    from public.import_runs r
   where r.file_path is not null and r.status not in ('queued', 'receiving', 'running')
   order by r.id
   limit greatest(1, least(coalesce(max_files, 100), 1000));
$$;

create or replace function public.forget_import_files(run_ids uuid[]) returns void
language sql security definer set search_path = '' as $$
  update public.import_runs r set file_path = null, config_path = null
   where r.id = any (forget_import_files.run_ids) and r.status not in ('queued', 'receiving', 'running');
$$;
revoke execute on function public.finished_import_files(integer), public.forget_import_files(uuid[]) from public, anon, authenticated;
grant execute on function public.finished_import_files(integer), public.forget_import_files(uuid[]) to service_role;
