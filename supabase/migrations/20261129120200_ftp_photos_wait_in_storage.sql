-- FTP photos that arrive before their listing wait in Storage, not on the FTP host's disk
-- (decision 050). ASM3 and other publishers send an animal's photos (`<ID>-<n>.<ext>`) before
-- the listings file that names the animal; with several FTP hosts, app servers and workers,
-- any of them must be able to place such a photo once its animal exists.
--
-- The FTP drop re-encodes a photo as soon as it lands (JPEG, PNG or WebP by its bytes, upright,
-- fitted in 1600 px, WebP without metadata, as every stored photo) and, when the source has no
-- animal with that id yet, keeps the WebP in the private `ftp-photos` bucket with a row here.
-- It places the waiting photos itself after an FTP listings file; an animal that arrives any
-- other way (the Sync tab, the push API, a pull, an import in the worker) enqueues the worker's
-- attach_ftp_photos job through the trigger below. A photo waits a week at most: the daily
-- expire_ftp_photos job removes older ones, and objects no row names any more.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('ftp-photos', 'ftp-photos', false, 4 * 1024 * 1024, array['image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
-- No policy on storage.objects names the bucket: only the service role lists, reads, writes
-- or removes its objects.

create table public.ftp_waiting_photos (
  id uuid primary key default gen_random_uuid(),
  source_id uuid not null references public.sync_sources (id) on delete cascade,
  external_id text not null check (length(external_id) between 1 and 200),
  place smallint not null check (place between 1 and 6),
  -- In the ftp-photos bucket: <source id>/<32 hex>.webp.
  storage_path text not null unique check (storage_path ~ '^[0-9a-f-]{36}/[0-9a-f]{32}\.webp$'),
  width integer not null check (width between 1 and 1600),
  height integer not null check (height between 1 and 1600),
  file_name text not null check (length(file_name) between 1 and 255),
  received_at timestamptz not null default now(),
  -- A newer file for the same place replaces the one waiting.
  constraint ftp_waiting_photos_place_key unique (source_id, external_id, place)
);
comment on table public.ftp_waiting_photos is 'FTP photos (re-encoded, in the ftp-photos bucket) waiting for their source''s animal; a week at most.';
create index ftp_waiting_photos_received_idx on public.ftp_waiting_photos (received_at);
alter table public.ftp_waiting_photos enable row level security;
revoke all on public.ftp_waiting_photos from public, anon, authenticated;

/** How many photos one source may have waiting: six places for 500 animals. */
create function public.ftp_waiting_photos_cap() returns integer
language sql immutable set search_path = '' as $$ select 3000 $$;
revoke execute on function public.ftp_waiting_photos_cap() from public, anon, authenticated;

/**
 * Records a photo the FTP drop stored in ftp-photos for an animal its source does not have
 * yet. Returns the path of the photo it replaced at that place ('' when none), for the caller
 * to remove, or null when the source already has the cap of waiting photos (nothing recorded).
 * When the animal has appeared meanwhile, the attach job is enqueued at once.
 */
create function public.hold_ftp_photo(
  source_id uuid,
  external_id text,
  place integer,
  storage_path text,
  width integer,
  height integer,
  file_name text
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  previous text;
begin
  -- One source's photos take turns, so two hosts cannot both take the last place under the cap.
  perform 1 from public.sync_sources s where s.id = hold_ftp_photo.source_id for update;
  if not found then
    raise exception 'Sync source not found' using errcode = 'PT404';
  end if;
  select w.storage_path into previous from public.ftp_waiting_photos w
   where w.source_id = hold_ftp_photo.source_id and w.external_id = hold_ftp_photo.external_id and w.place = hold_ftp_photo.place;
  if previous is null
     and (select count(*) from public.ftp_waiting_photos w where w.source_id = hold_ftp_photo.source_id) >= public.ftp_waiting_photos_cap() then
    return null;
  end if;
  insert into public.ftp_waiting_photos as w (source_id, external_id, place, storage_path, width, height, file_name)
  values (hold_ftp_photo.source_id, hold_ftp_photo.external_id, hold_ftp_photo.place, hold_ftp_photo.storage_path,
          hold_ftp_photo.width, hold_ftp_photo.height, hold_ftp_photo.file_name)
  on conflict on constraint ftp_waiting_photos_place_key do update
    set storage_path = excluded.storage_path, width = excluded.width, height = excluded.height,
        file_name = excluded.file_name, received_at = now();
  if exists (select 1 from public.animals a
              where a.source_id = hold_ftp_photo.source_id and a.external_id = hold_ftp_photo.external_id) then
    perform public.enqueue_job('attach_ftp_photos', jsonb_build_object('source_id', hold_ftp_photo.source_id), now(),
                               'attach_ftp_photos:' || hold_ftp_photo.source_id);
  end if;
  return coalesce(nullif(previous, hold_ftp_photo.storage_path), '');
end
$$;
revoke execute on function public.hold_ftp_photo(uuid, text, integer, text, integer, integer, text) from public, anon, authenticated;
grant execute on function public.hold_ftp_photo(uuid, text, integer, text, integer, integer, text) to service_role;

/** A source's waiting photos whose animal now exists, with where the animal's photos live. */
create function public.ftp_photos_ready(source_id uuid)
returns table (id uuid, external_id text, place smallint, storage_path text, width integer, height integer,
               file_name text, animal_id uuid, shelter_id uuid)
language sql stable security definer set search_path = '' as $$
  select w.id, w.external_id, w.place, w.storage_path, w.width, w.height, w.file_name, a.id, a.shelter_id
    from public.ftp_waiting_photos w
    join public.animals a on a.source_id = w.source_id and a.external_id = w.external_id
   where w.source_id = ftp_photos_ready.source_id
   order by w.external_id, w.place
$$;
revoke execute on function public.ftp_photos_ready(uuid) from public, anon, authenticated;
grant execute on function public.ftp_photos_ready(uuid) to service_role;

/** Forgets a waiting photo once it is placed (or cannot be); true when this call removed it. */
create function public.release_ftp_photo(id uuid, storage_path text) returns boolean
language sql security definer set search_path = '' as $$
  with gone as (
    delete from public.ftp_waiting_photos w
     where w.id = release_ftp_photo.id and w.storage_path = release_ftp_photo.storage_path
    returning 1)
  select exists (select 1 from gone)
$$;
revoke execute on function public.release_ftp_photo(uuid, text) from public, anon, authenticated;
grant execute on function public.release_ftp_photo(uuid, text) to service_role;

/**
 * The daily clean-up: enqueues the attach job of any source whose waiting photos have their
 * animal (an attach that raced with the animal's arrival), forgets photos that waited more than
 * a week and returns their objects, with the objects of the bucket no row names that are over a
 * day old (a host that stopped between storing and recording, a source removed with its photos
 * waiting), for the worker to remove.
 */
create function public.expire_ftp_photos() returns setof text
language plpgsql security definer set search_path = '' as $$
declare
  source uuid;
begin
  for source in
    select distinct w.source_id from public.ftp_waiting_photos w
     where exists (select 1 from public.animals a where a.source_id = w.source_id and a.external_id = w.external_id)
  loop
    perform public.enqueue_job('attach_ftp_photos', jsonb_build_object('source_id', source), now(), 'attach_ftp_photos:' || source);
  end loop;
  return query
  with expired as (
    delete from public.ftp_waiting_photos w where w.received_at < now() - interval '7 days' returning w.storage_path
  )
  select e.storage_path from expired e
  union
  select o.name from storage.objects o
   where o.bucket_id = 'ftp-photos'
     and o.created_at < now() - interval '1 day'
     and not exists (select 1 from public.ftp_waiting_photos w where w.storage_path = o.name);
end
$$;
revoke execute on function public.expire_ftp_photos() from public, anon, authenticated;
grant execute on function public.expire_ftp_photos() to service_role;

insert into public.job_schedules (name, kind, every) values ('expire_ftp_photos', 'expire_ftp_photos', interval '1 day')
on conflict (name) do nothing;

/**
 * After animals are inserted: a source with photos waiting for one of them gets its attach job.
 * Costs one look at an empty table when nothing waits, which is nearly always.
 */
create function public.animals_attach_waiting_ftp_photos() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  source uuid;
begin
  if not exists (select 1 from public.ftp_waiting_photos) then
    return null;
  end if;
  for source in
    select distinct w.source_id
      from new_rows n
      join public.ftp_waiting_photos w on w.source_id = n.source_id and w.external_id = n.external_id
  loop
    perform public.enqueue_job('attach_ftp_photos', jsonb_build_object('source_id', source), now(), 'attach_ftp_photos:' || source);
  end loop;
  return null;
end
$$;
revoke execute on function public.animals_attach_waiting_ftp_photos() from public, anon, authenticated;

create trigger animals_attach_waiting_ftp_photos after insert on public.animals
  referencing new table as new_rows for each statement execute function public.animals_attach_waiting_ftp_photos();
