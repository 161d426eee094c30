-- The push API (issue 13 §3.3): per-shelter API keys and the single-animal writes the API's
-- routes make for a key's 'api' source.
--
-- A key is shown once, when it is made, and kept only as its SHA-256 (and a short prefix to
-- recognise it by); the API's routes (app/routes/api.v1.*) hash the bearer token and ask
-- api_key_lookup, which only the service role may call. The routes then act through the
-- service role on the key's own source: api_put_animal, api_archive_animal and
-- api_set_animal_status touch only animals that source created, never one entered by hand or
-- another source's. A whole snapshot goes through the import machinery of
-- 20261126002000_listing_sync.sql unchanged.

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 100),
  -- 'read' reads the shelter's API animals and runs; 'read_write' also changes them.
  scope text not null check (scope in ('read', 'read_write')),
  -- The key itself is never stored: a stolen table gives nobody a working key.
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  -- The key's first characters, shown in the list so a person knows which key is which.
  prefix text not null check (length(prefix) between 4 and 20),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
comment on table public.api_keys is 'A shelter''s keys to the push API: stored as their SHA-256, shown once; managed by its owners and admins.';
create index api_keys_shelter_idx on public.api_keys (shelter_id, created_at desc);

alter table public.api_keys enable row level security;
create policy "owners and admins read their keys" on public.api_keys
  for select to authenticated using (shelter_id = (select public.my_shelter_id('admin')));
-- Keys are made and revoked through the functions below; the hash is for api_key_lookup alone.
revoke all on public.api_keys from anon, authenticated;
grant select (id, shelter_id, name, scope, prefix, created_by, created_at, last_used_at, revoked_at) on public.api_keys to authenticated;

/**
 * The shelter's one 'api' source, made with its first key (the runs and animals the API writes
 * hang off it). No format: each POST /api/v1/imports names its own, and the dashboard offers no upload to it.
 */
create or replace function public.api_source_of(shelter uuid) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources;
begin
  select * into source from public.sync_sources s where s.shelter_id = shelter and s.kind = 'api' order by s.created_at limit 1;
  if source.id is null then
    insert into public.sync_sources (shelter_id, kind, name, format)
    values (shelter, 'api', 'Pawhaven API', null)
    on conflict (shelter_id, name) do nothing
    returning * into source;
    if source.id is null then
      -- A source of another kind already has the name: the API's gets a distinct one.
      insert into public.sync_sources (shelter_id, kind, name, format)
      values (shelter, 'api', 'Pawhaven API (push)', null)
      returning * into source;
    end if;
  end if;
  return source;
end
$$;
revoke execute on function public.api_source_of(uuid) from public, anon, authenticated;

/**
 * A new key for the caller's shelter (an owner or admin): returned once, in plain text, with
 * its row; only its SHA-256 is kept. 192 random bits, hex, after a 'phk_' that says what it is.
 */
create or replace function public.create_api_key(name text, scope text, out id uuid, out key text, out prefix text)
language plpgsql security definer set search_path = '' as $$
declare
  shelter uuid := public.my_shelter_id('admin');
begin
  if shelter is null then
    raise exception 'Only the owners and admins of a shelter manage its API keys' using errcode = '42501';
  end if;
  if create_api_key.scope is null or create_api_key.scope not in ('read', 'read_write') then
    raise exception 'Choose what the key may do' using errcode = '22023';
  end if;
  perform public.api_source_of(shelter);
  key := 'phk_' || encode(extensions.gen_random_bytes(24), 'hex');
  prefix := left(key, 12);
  insert into public.api_keys (shelter_id, name, scope, key_hash, prefix, created_by)
  values (shelter, public.require_text(create_api_key.name, 'Give the key a name'), create_api_key.scope,
          encode(sha256(convert_to(key, 'UTF8')), 'hex'), prefix, auth.uid())
  returning api_keys.id into id;
end
$$;
revoke execute on function public.create_api_key(text, text) from public, anon;
grant execute on function public.create_api_key(text, text) to authenticated;

/** Revokes one of the caller's shelter's keys (an owner or admin); it stops working at once. */
create or replace function public.revoke_api_key(key_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.api_keys k set revoked_at = coalesce(k.revoked_at, now())
   where k.id = revoke_api_key.key_id and k.shelter_id = public.my_shelter_id('admin');
  if not found then
    raise exception 'Key not found' using errcode = 'P0002';
  end if;
end
$$;
revoke execute on function public.revoke_api_key(uuid) from public, anon;
grant execute on function public.revoke_api_key(uuid) to authenticated;

/**
 * What a bearer key may do: its shelter, scope and the shelter's 'api' source; no row for an
 * unknown or revoked key. For the API's routes (the service role) only. Notes the key's use,
 * at most once a minute, so a busy key does not write on every request.
 */
create or replace function public.api_key_lookup(key_hash text)
returns table (key_id uuid, shelter_id uuid, scope text, source_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  found_key public.api_keys;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'For the API''s server only' using errcode = '42501';
  end if;
  select * into found_key from public.api_keys k where k.key_hash = api_key_lookup.key_hash and k.revoked_at is null;
  if found_key.id is null then
    return;
  end if;
  update public.api_keys k set last_used_at = now()
   where k.id = found_key.id and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
  return query select found_key.id, found_key.shelter_id, found_key.scope, (public.api_source_of(found_key.shelter_id)).id;
end
$$;
revoke execute on function public.api_key_lookup(text) from public, anon, authenticated;
grant execute on function public.api_key_lookup(text) to service_role;

-- Replays of writes ------------------------------------------------------------------------------
--
-- A write sent with an Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) is answered
-- once and replayed for 24 hours: the same key with another request is refused. A row without a
-- response is a request still in progress. Only the API's server (the service role) uses it.
create table public.api_idempotency_keys (
  api_key_id uuid not null references public.api_keys (id) on delete cascade,
  idempotency_key text not null check (length(idempotency_key) between 1 and 255),
  -- SHA-256 of the method, path and body: the same key with another request is an error.
  request_hash text not null,
  response_status integer,
  response_body text,
  response_location text,
  created_at timestamptz not null default now(),
  primary key (api_key_id, idempotency_key)
);
comment on table public.api_idempotency_keys is 'Push API writes answered under an Idempotency-Key, replayed for 24 hours; the API server''s alone.';
create index api_idempotency_keys_created_idx on public.api_idempotency_keys (created_at);
alter table public.api_idempotency_keys enable row level security;
revoke all on public.api_idempotency_keys from anon, authenticated;

-- Applying animals: apply_import's upsert, shared --------------------------------------------------

/**
 * Writes animals of a source, one per external id (rows of public.animals with their photo URLs,
 * as app/sync/pipeline.server.ts animalRow makes them): inserts the new, updates the changed
 * (their hash), leaves the rest, and sets the photos of those whose list changed. Never
 * archives: what a snapshot leaves out is apply_import's to decide. Factored out of apply_import
 * (20261126002000_listing_sync.sql), unchanged, so a push API PUT follows the same rules.
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

-- One animal at a time -----------------------------------------------------------------------------
--
-- The API's routes call these through the service role, with the source api_key_lookup gave
-- for the bearer key: each acts on that source's animals alone.

/** The source, when it is an 'api' one and the caller is the service role; else an error. */
create or replace function public.require_api_source(source_id uuid) returns public.sync_sources
language plpgsql stable security definer set search_path = '' as $$
declare
  source public.sync_sources;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'For the API''s server only' using errcode = '42501';
  end if;
  select * into source from public.sync_sources s where s.id = require_api_source.source_id and s.kind = 'api';
  if source.id is null then
    raise exception 'Source not found' using errcode = 'P0002';
  end if;
  return source;
end
$$;
revoke execute on function public.require_api_source(uuid) from public, anon, authenticated;

/**
 * Upserts one animal of an API source (a row as animalRow makes it) by its external id, with
 * apply_import's rules: an unchanged animal is left as it is, an archived one comes back, its
 * photos are set when their list changed. Other animals are left alone. Returns the animal's
 * id and what happened: 'added', 'updated' or 'unchanged'.
 */
create or replace function public.api_put_animal(source_id uuid, animal jsonb, out animal_id uuid, out outcome text)
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.require_api_source(api_put_animal.source_id);
  written record;
begin
  if coalesce(animal->>'external_id', '') = '' then
    raise exception 'An animal needs its external_id' using errcode = '22023';
  end if;
  perform set_config('pawhaven.syncing', 'on', true);
  select * into written from public.write_source_animals(source, jsonb_build_array(animal));
  perform set_config('pawhaven.syncing', 'off', true);
  outcome := case when written.added > 0 then 'added' when written.updated > 0 then 'updated' else 'unchanged' end;
  select a.id into animal_id from public.animals a
   where a.shelter_id = source.shelter_id and a.external_source = 'sync:' || source.id and a.external_id = animal->>'external_id';
end
$$;

/** Takes one animal of an API source off every public page (kept, archived). Its id, or null when the source has none by that external id. */
create or replace function public.api_archive_animal(source_id uuid, external_id text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.require_api_source(api_archive_animal.source_id);
  found_id uuid;
begin
  select a.id into found_id from public.animals a
   where a.source_id = source.id and a.external_id = api_archive_animal.external_id
   for update;
  update public.animals a set status = 'archived' where a.id = found_id and a.status <> 'archived';
  return found_id;
end
$$;

/** Sets the status of one animal of an API source (available, pending or adopted). Its id, or null when the source has none by that external id. */
create or replace function public.api_set_animal_status(source_id uuid, external_id text, status text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.require_api_source(api_set_animal_status.source_id);
  found_id uuid;
begin
  if api_set_animal_status.status is null or api_set_animal_status.status not in ('available', 'pending', 'adopted') then
    raise exception 'A status is available, pending or adopted' using errcode = '22023';
  end if;
  update public.animals a set status = api_set_animal_status.status
   where a.source_id = source.id and a.external_id = api_set_animal_status.external_id
  returning a.id into found_id;
  return found_id;
end
$$;
revoke execute on function public.api_put_animal(uuid, jsonb), public.api_archive_animal(uuid, text),
  public.api_set_animal_status(uuid, text, text) from public, anon, authenticated;
grant execute on function public.api_put_animal(uuid, jsonb), public.api_archive_animal(uuid, text),
  public.api_set_animal_status(uuid, text, text) to service_role;
