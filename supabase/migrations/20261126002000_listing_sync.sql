-- Listing sync (issue 13), the database's side: a shelter's sources (a way in: an uploaded
-- file's format, later a feed, a connector, the push API, an FTP folder), each run of a source
-- with its counts and failed rows, and the one function that applies a snapshot.
--
-- The rules, all in import_snapshot: upsert by (source, external id); an animal missing from a
-- later snapshot is archived (kept, off every public page); an explicitly empty snapshot
-- archives all of the source's animals; a source touches only the animals it created; the
-- same snapshot twice changes nothing (a hash of each imported row); a snapshot that would
-- remove more than half of the source's listed animals (three or more) is held for an owner or
-- admin to confirm. The format readers (app/sync/formats) run in Node before this.

create table public.sync_sources (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  kind text not null check (kind in ('upload', 'feed', 'shelterluv', 'rescuegroups', 'api', 'ftp')),
  -- The snapshot format of a file that comes in (app/sync/types.ts SNAPSHOT_FORMATS); null for connectors.
  format text check (format in ('petfinder', 'adoptapet', 'rescuegroups', 'pawhaven-json')),
  name text not null check (length(name) between 1 and 100),
  -- What a kind keeps between runs: Adopt-a-Pet's last import.cfg, a feed's URL and validators…
  settings jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (shelter_id, name)
);
comment on table public.sync_sources is 'A shelter''s ways in for synced listings; managed by its owners and admins.';
create trigger sync_sources_updated_at before update on public.sync_sources
  for each row execute function public.set_updated_at();

create table public.import_runs (
  id uuid primary key default gen_random_uuid(),
  source_id uuid not null references public.sync_sources (id) on delete cascade,
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  -- receiving (rows being staged) → running → succeeded, failed (changed nothing), or held (waits
  -- for a person) → confirmed or discarded.
  status text not null default 'receiving'
    check (status in ('receiving', 'running', 'succeeded', 'failed', 'held', 'confirmed', 'discarded')),
  -- The market's "remove all": an empty or header-only file.
  explicitly_empty boolean not null default false,
  trigger text not null check (trigger in ('upload', 'schedule', 'api', 'ftp', 'manual')),
  file_name text check (length(file_name) <= 300),
  actor_id uuid references auth.users (id) on delete set null,
  added integer not null default 0,
  updated integer not null default 0,
  unchanged integer not null default 0,
  removed integer not null default 0,
  failed integer not null default 0,
  -- Why a run failed or was held, for the shelter.
  message text check (length(message) <= 2000),
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
comment on table public.import_runs is 'Each sync run: what it did, or why it did nothing.';
create index import_runs_source_idx on public.import_runs (source_id, started_at desc);
create index import_runs_shelter_idx on public.import_runs (shelter_id, started_at desc);

create table public.import_run_errors (
  id bigint generated always as identity primary key,
  run_id uuid not null references public.import_runs (id) on delete cascade,
  line integer,
  external_id text check (length(external_id) <= 200),
  reason text not null check (length(reason) <= 1000)
);
comment on table public.import_run_errors is 'The rows a run could not read, for the shelter to fix at its source.';
create index import_run_errors_run_idx on public.import_run_errors (run_id, id);

-- The URL a synced photo came from: fetched again only when the list names a new one.
alter table public.animal_photos add column source_url text check (length(source_url) <= 2000);

-- Where a synced animal came from, and what it looked like when it last came.
alter table public.animals
  add column source_id uuid references public.sync_sources (id) on delete set null,
  add column source_hash text,
  add column source_photos jsonb;
create index animals_source_idx on public.animals (source_id, external_id) where source_id is not null;
comment on column public.animals.source_id is 'The sync source that created the animal; null for one entered by hand (or detached).';

alter table public.sync_sources enable row level security;
alter table public.import_runs enable row level security;
alter table public.import_run_errors enable row level security;
-- Every member sees where a synced animal came from; runs and settings are for owners and admins.
create policy "members read their sources" on public.sync_sources
  for select to authenticated using (shelter_id = (select public.my_shelter_id()));
create policy "owners and admins read their runs" on public.import_runs
  for select to authenticated using (shelter_id = (select public.my_shelter_id('admin')));
create policy "owners and admins read their runs' errors" on public.import_run_errors
  for select to authenticated using (exists (select 1 from public.import_runs r where r.id = run_id));
revoke all on public.sync_sources, public.import_runs, public.import_run_errors from anon, authenticated;
grant select (id, shelter_id, kind, format, name, created_at, updated_at) on public.sync_sources to authenticated;
grant select (id, source_id, shelter_id, status, trigger, file_name, actor_id, added, updated, unchanged, removed, failed,
              message, started_at, finished_at) on public.import_runs to authenticated;
grant select on public.import_run_errors to authenticated;

-- A run's work is one line of the shelter's activity, not one per animal.
alter table public.shelter_activity drop constraint shelter_activity_action_check;
alter table public.shelter_activity add constraint shelter_activity_action_check check (action in (
  'animal_added', 'animal_edited', 'animal_status_changed', 'animal_deleted',
  'settings_changed',
  'member_invited', 'invitation_resent', 'invitation_revoked', 'member_joined',
  'member_role_changed', 'member_removed', 'member_left',
  'listings_synced'));

create or replace function public.animals_log_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  changed text[];
begin
  -- No actor (the service role), or a sync run (which logs itself once).
  if auth.uid() is null or current_setting('pawhaven.syncing', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform public.log_shelter_activity(new.shelter_id, 'animal_added', new.name, jsonb_build_object('animal_id', new.id));
  elsif tg_op = 'DELETE' then
    perform public.log_shelter_activity(old.shelter_id, 'animal_deleted', old.name, jsonb_build_object('animal_id', old.id));
  else
    if new.status is distinct from old.status then
      perform public.log_shelter_activity(new.shelter_id, 'animal_status_changed', new.name,
        jsonb_build_object('animal_id', new.id, 'from', old.status, 'to', new.status));
    end if;
    select array_agg(key order by key) into changed
      from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
     where n.value is distinct from o.value
       and key in ('name', 'type', 'primary_breed', 'secondary_breed', 'mixed_breed', 'age_group', 'birth_date', 'sex', 'size',
                   'primary_color', 'secondary_color', 'tertiary_color', 'coat', 'good_with_children', 'good_with_dogs',
                   'good_with_cats', 'house_trained', 'spayed_neutered', 'vaccinations_current', 'special_needs',
                   'special_needs_notes', 'adoption_fee', 'description', 'external_source', 'external_id');
    if changed is not null then
      perform public.log_shelter_activity(new.shelter_id, 'animal_edited', new.name,
        jsonb_build_object('animal_id', new.id, 'fields', to_jsonb(changed)));
    end if;
  end if;
  return null;
end
$$;

-- Sources ---------------------------------------------------------------------------------------

/** Raises 42501 unless the caller is the service role or an owner or admin of the shelter. */
create or replace function public.require_sync_manager(shelter uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' and not public.is_shelter_member(shelter, 'admin') then
    raise exception 'Only the owners and admins of a shelter manage its listing sync' using errcode = '42501';
  end if;
end
$$;
revoke execute on function public.require_sync_manager(uuid) from public, anon, authenticated;

/** Adds a source to the caller's shelter (an owner or admin); its name is unique in the shelter. */
create or replace function public.create_sync_source(kind text, name text, format text default null, settings jsonb default '{}')
returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  shelter uuid := public.my_shelter_id('admin');
  source public.sync_sources;
begin
  if shelter is null then
    raise exception 'Only the owners and admins of a shelter manage its listing sync' using errcode = '42501';
  end if;
  insert into public.sync_sources (shelter_id, kind, name, format, settings)
  values (shelter, kind, public.require_text(name, 'Give the source a name'), format, coalesce(settings, '{}'))
  returning * into source;
  return source;
exception
  when unique_violation then
    raise exception 'Your shelter already has a source named %', trim(name) using errcode = '22023';
end
$$;
revoke execute on function public.create_sync_source(text, text, text, jsonb) from public, anon;
grant execute on function public.create_sync_source(text, text, text, jsonb) to authenticated;

/**
 * What a source keeps between runs (Adopt-a-Pet's last import.cfg, as the reader parsed it):
 * read and written by the app for an owner or admin; never readable through the table.
 */
create or replace function public.sync_source_setting(source_id uuid, setting text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  source public.sync_sources;
begin
  select * into source from public.sync_sources s where s.id = sync_source_setting.source_id;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  return source.settings -> setting;
end
$$;

create or replace function public.remember_sync_source_setting(source_id uuid, setting text, value jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources;
begin
  select * into source from public.sync_sources s where s.id = remember_sync_source_setting.source_id for update;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  update public.sync_sources s set settings = s.settings || jsonb_build_object(setting, value) where s.id = source.id;
end
$$;
revoke execute on function public.sync_source_setting(uuid, text), public.remember_sync_source_setting(uuid, text, jsonb) from public, anon;
grant execute on function public.sync_source_setting(uuid, text), public.remember_sync_source_setting(uuid, text, jsonb)
  to authenticated, service_role;

-- Applying a snapshot -----------------------------------------------------------------------------
--
-- A snapshot arrives in pieces, so a big file never has to fit in one request: start_import
-- opens a run, add_import_rows stages rows (and the rows the reader could not read), and
-- finish_import applies them in one transaction. import_snapshot does all three at once for a
-- small snapshot. Staged rows stay with a held run until someone decides.

create table public.import_run_rows (
  run_id uuid not null references public.import_runs (id) on delete cascade,
  position integer not null,
  external_id text not null check (length(external_id) between 1 and 200),
  -- One animal in public.animals' column names (app/sync/pipeline.server.ts animalRow), and its photo URLs.
  item jsonb not null,
  primary key (run_id, position)
);
create index import_run_rows_external_idx on public.import_run_rows (run_id, external_id);
comment on table public.import_run_rows is 'A run''s snapshot while it arrives, or while it is held; only the import functions touch it.';
alter table public.import_run_rows enable row level security;
revoke all on public.import_run_rows from anon, authenticated;


/** The run, locked, when the caller may work on it and it is in `expected` status; else an error. */
create or replace function public.lock_import_run(run_id uuid, expected text) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs;
begin
  select * into run from public.import_runs r where r.id = lock_import_run.run_id for update;
  if run.id is null then
    raise exception 'Run not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(run.shelter_id);
  if run.status <> expected then
    raise exception 'This run is % now', run.status using errcode = '22023';
  end if;
  return run;
end
$$;
revoke execute on function public.lock_import_run(uuid, text) from public, anon, authenticated;

/** Opens a run of a source, to stage its snapshot in. */
create or replace function public.start_import(source_id uuid, trigger text default 'upload', file_name text default null)
returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources;
  run public.import_runs;
begin
  select * into source from public.sync_sources s where s.id = start_import.source_id;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  insert into public.import_runs (source_id, shelter_id, trigger, file_name, actor_id)
  values (source.id, source.shelter_id, start_import.trigger, left(start_import.file_name, 300), auth.uid())
  returning * into run;
  return run;
end
$$;

/** Stages a piece of a run's snapshot: animals (as rows of public.animals), and rows the reader could not read. */
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
  update public.import_runs r set failed = r.failed + jsonb_array_length(coalesce(errors, '[]')) where r.id = run.id;
end
$$;

/**
 * Writes animals of a source, one per external id (rows of public.animals with their photo URLs,
 * as app/sync/pipeline.server.ts animalRow makes them): inserts the new, updates the changed
 * (their hash), leaves the rest, and sets the photos of those whose list changed. Never
 * archives: what a snapshot leaves out is apply_import's to decide. The push API's PUT of one
 * animal writes through it too (20261126003000_api_keys.sql), so both follow the same rules.
 */
create or replace function public.write_source_animals(source public.sync_sources, items jsonb, out added integer, out updated integer)
language plpgsql security definer set search_path = extensions, pg_temp as $$
declare
  changed record;
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

  -- The photos of the animals whose list changed (the first six URLs): a stored copy of a URL
  -- still listed is kept and moved to its place; the rest go; a new https URL shows as it is
  -- until the worker stores a copy (fetch_synced_photos, which also fetches http ones).
  delete from public.animal_photos p
   using public.animals a
   where a.id = p.animal_id and a.id = any (changed.photo_ids)
     and (p.source_url is null or p.storage_path is null
          or not exists (select 1 from jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
                          where u.url = p.source_url and u.n <= 6));
  update public.animal_photos p
     set position = (u.n - 1)::smallint
    from public.animals a
    cross join lateral jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
   where a.id = p.animal_id and a.id = any (changed.photo_ids) and u.url = p.source_url and u.n <= 6;
  insert into public.animal_photos (animal_id, position, external_url, source_url)
  select a.id, (u.n - 1)::smallint, u.url, u.url
    from public.animals a
    cross join lateral jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
   where a.id = any (changed.photo_ids) and u.n <= 6 and u.url ~ '^https://' and length(u.url) <= 2000
     and not exists (select 1 from public.animal_photos p where p.animal_id = a.id and p.source_url = u.url);
  -- (Also for a list that became empty: the worker removes the stored copies nobody shows.)
  perform public.enqueue_job('fetch_synced_photos', jsonb_build_object('animal_id', a.id), now(), 'fetch_synced_photos:' || a.id)
     from public.animals a
    where a.id = any (changed.photo_ids)
      and (jsonb_array_length(a.source_photos) > 0
           or exists (select 1 from storage.objects o where o.bucket_id = 'animal-photos' and o.name like a.shelter_id || '/' || a.id || '/%'));

  added := changed.added;
  updated := changed.updated;
end
$$;
revoke execute on function public.write_source_animals(public.sync_sources, jsonb) from public, anon, authenticated;

/**
 * Applies a staged snapshot: the rules of this file's header. `confirm_removals` applies one
 * that would otherwise be held. Everything happens in the caller's transaction: a run that
 * fails changes nothing.
 */
create or replace function public.apply_import(run_id uuid, confirm_removals boolean) returns public.import_runs
language plpgsql security definer set search_path = extensions, pg_temp as $$
declare
  run public.import_runs;
  source public.sync_sources;
  incoming integer;
  listed integer;
  leaving integer;
  changed record;
begin
  select * into run from public.import_runs r where r.id = apply_import.run_id;
  -- One run of a source at a time.
  select * into source from public.sync_sources s where s.id = run.source_id for update;
  select count(distinct x.external_id) into incoming from public.import_run_rows x where x.run_id = run.id;

  -- The safety catch: a snapshot that is not explicitly empty and would take away more than
  -- half of what the source lists now (three animals or more) waits for a person.
  select count(*) filter (where a.status <> 'archived'),
         count(*) filter (where a.status <> 'archived'
                            and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id))
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

  perform set_config('pawhaven.syncing', 'on', true);

  -- Upsert (the first row of an external id given twice), skipping rows whose imported values did not change, then photos.
  select * into changed
    from public.write_source_animals(source, (
      select coalesce(jsonb_agg(i.item), '[]')
        from (select distinct on (x.external_id) x.item from public.import_run_rows x
               where x.run_id = run.id order by x.external_id, x.position) as i));

  -- Whatever the snapshot no longer holds leaves the listings (kept, archived).
  with gone as (
    update public.animals a set status = 'archived'
     where a.source_id = source.id and a.status <> 'archived'
       and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id)
    returning 1
  )
  select count(*) into leaving from gone;

  perform set_config('pawhaven.syncing', 'off', true);
  update public.import_runs r
     set status = 'succeeded', finished_at = now(), added = changed.added, updated = changed.updated,
         unchanged = incoming - changed.added - changed.updated, removed = leaving
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
revoke execute on function public.apply_import(uuid, boolean) from public, anon, authenticated;


/** Applies a run's staged snapshot (or holds it): `explicitly_empty` is the market's "remove all". */
create or replace function public.finish_import(run_id uuid, explicitly_empty boolean default false) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.lock_import_run(finish_import.run_id, 'receiving');
begin
  update public.import_runs r set status = 'running', explicitly_empty = finish_import.explicitly_empty
   where r.id = run.id
  returning * into run;
  return public.apply_import(run.id, false);
end
$$;

revoke execute on function public.start_import(uuid, text, text), public.add_import_rows(uuid, jsonb, jsonb),
  public.finish_import(uuid, boolean) from public, anon;
grant execute on function public.start_import(uuid, text, text), public.add_import_rows(uuid, jsonb, jsonb),
  public.finish_import(uuid, boolean) to authenticated, service_role;

/** A run that could not be finished (its staging failed): recorded as failed, its staged rows gone. */
create or replace function public.abandon_import(run_id uuid, message text) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.lock_import_run(abandon_import.run_id, 'receiving');
begin
  delete from public.import_run_rows x where x.run_id = run.id;
  update public.import_runs r set status = 'failed', message = left(abandon_import.message, 2000), finished_at = now()
   where r.id = run.id
  returning * into run;
  return run;
end
$$;
revoke execute on function public.abandon_import(uuid, text) from public, anon;
grant execute on function public.abandon_import(uuid, text) to authenticated, service_role;

/** A small snapshot in one call: start, stage, finish. */
create or replace function public.import_snapshot(
  source_id uuid,
  animals jsonb,
  errors jsonb default '[]',
  explicitly_empty boolean default false,
  trigger text default 'upload',
  file_name text default null
) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.start_import(import_snapshot.source_id, import_snapshot.trigger, import_snapshot.file_name);
begin
  perform public.add_import_rows(run.id, animals, errors);
  return public.finish_import(run.id, explicitly_empty);
end
$$;
revoke execute on function public.import_snapshot(uuid, jsonb, jsonb, boolean, text, text) from public, anon;
grant execute on function public.import_snapshot(uuid, jsonb, jsonb, boolean, text, text) to authenticated, service_role;

/** A run that read nothing (a file that does not parse as a whole): recorded, nothing changed. */
create or replace function public.record_failed_import(source_id uuid, message text, trigger text default 'upload', file_name text default null)
returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs := public.start_import(record_failed_import.source_id, record_failed_import.trigger, record_failed_import.file_name);
begin
  update public.import_runs r set status = 'failed', message = left(record_failed_import.message, 2000), finished_at = now()
   where r.id = run.id
  returning * into run;
  return run;
end
$$;
revoke execute on function public.record_failed_import(uuid, text, text, text) from public, anon;
grant execute on function public.record_failed_import(uuid, text, text, text) to authenticated, service_role;

/**
 * An owner or admin decides on a held run: applied, its snapshot goes through as a new run
 * (the held one says 'confirmed'); discarded, its staged rows go.
 */
create or replace function public.decide_held_import(run_id uuid, apply boolean) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  held public.import_runs;
  applied public.import_runs;
begin
  select * into held from public.import_runs r where r.id = decide_held_import.run_id for update;
  if held.id is null then
    raise exception 'Run not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(held.shelter_id);
  if held.status <> 'held' then
    raise exception 'This run is not waiting for a decision' using errcode = '22023';
  end if;
  update public.import_runs r set status = case when apply then 'confirmed' else 'discarded' end
   where r.id = held.id
  returning * into held;
  if not apply then
    delete from public.import_run_rows x where x.run_id = held.id;
    return held;
  end if;
  insert into public.import_runs (source_id, shelter_id, status, trigger, file_name, actor_id, explicitly_empty)
  values (held.source_id, held.shelter_id, 'running', 'manual', held.file_name, auth.uid(), held.explicitly_empty)
  returning * into applied;
  update public.import_run_rows x set run_id = applied.id where x.run_id = held.id;
  return public.apply_import(applied.id, true);
end
$$;
revoke execute on function public.decide_held_import(uuid, boolean) from public, anon;
grant execute on function public.decide_held_import(uuid, boolean) to authenticated;

-- What a source controls -------------------------------------------------------------------------

/**
 * A synced animal's details are its source's: a member changes them there (or detaches the
 * animal first), or the next snapshot would undo the change. Its status stays the shelter's
 * to set (a Pawhaven adoption marks it adopted) until a snapshot says otherwise.
 */
create or replace function public.animals_keep_source_fields() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.source_id is not null and new.source_id is not distinct from old.source_id
     and auth.uid() is not null and current_setting('pawhaven.syncing', true) is distinct from 'on'
     and (new.name, new.type, new.primary_breed, new.secondary_breed, new.mixed_breed, new.age_group, new.birth_date,
          new.sex, new.size, new.primary_color, new.secondary_color, new.tertiary_color, new.coat,
          new.good_with_children, new.good_with_dogs, new.good_with_cats, new.house_trained, new.spayed_neutered,
          new.vaccinations_current, new.special_needs, new.special_needs_notes, new.adoption_fee, new.description,
          new.external_source, new.external_id)
         is distinct from
         (old.name, old.type, old.primary_breed, old.secondary_breed, old.mixed_breed, old.age_group, old.birth_date,
          old.sex, old.size, old.primary_color, old.secondary_color, old.tertiary_color, old.coat,
          old.good_with_children, old.good_with_dogs, old.good_with_cats, old.house_trained, old.spayed_neutered,
          old.vaccinations_current, old.special_needs, old.special_needs_notes, old.adoption_fee, old.description,
          old.external_source, old.external_id) then
    raise exception 'This animal''s details come from your listing sync: change them there, or detach the animal from its source first'
      using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger animals_keep_source_fields before update on public.animals
  for each row execute function public.animals_keep_source_fields();

/** Makes a synced animal the shelter's own (staff and above): its source no longer changes or removes it. */
create or replace function public.detach_animal(animal_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.animals a
     set source_id = null, external_source = null, external_id = null, source_hash = null, source_photos = null
   where a.id = detach_animal.animal_id and a.source_id is not null and public.is_shelter_member(a.shelter_id, 'staff');
  if not found then
    raise exception 'Animal not found' using errcode = 'P0002';
  end if;
  update public.animal_photos p set source_url = null where p.animal_id = detach_animal.animal_id;
end
$$;
revoke execute on function public.detach_animal(uuid) from public, anon;
grant execute on function public.detach_animal(uuid) to authenticated;
