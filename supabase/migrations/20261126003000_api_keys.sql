-- The push API (issue 13 §3.3): per-shelter API keys and the single-animal writes the API's
-- routes make for a key's 'api' source.
--
-- A key is shown once, when it is made, and kept only as its SHA-256 (and a short prefix to
-- recognise it by); the API's routes (app/routes/api.v1.*) hash the bearer token and ask
-- api_key_lookup, which only the service role may call. The routes then act through the
-- service role on the key's own source: api_put_animal, api_archive_animal and
-- api_set_animal_status touch only animals that source created, never one entered by hand or
-- another source's, writing through the same write_source_animals as a whole snapshot
-- (20261126002000_listing_sync.sql).

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
