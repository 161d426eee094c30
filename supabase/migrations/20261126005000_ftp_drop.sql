-- The FTP drop (issue 13 §3.4, decision 034): software that already publishes to Petfinder,
-- Adopt-a-Pet or RescueGroups by FTP adds Pawhaven as one more target. Each FTP source (a
-- sync_sources row of kind 'ftp' with its format) has one FTP account: a user name derived
-- from the shelter and a password shown once, kept only as a bcrypt hash made in Node
-- (bcryptjs; PGlite has no pgcrypto). The FTP server (ftp/) checks a login with the service
-- role through ftp_login, imports each listings file that lands through the same pipeline as
-- an upload (trigger 'ftp'), and places each photo file `<ID>-<n>.<ext>` with store_ftp_photo.

create table public.ftp_accounts (
  source_id uuid primary key references public.sync_sources (id) on delete cascade,
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  username text not null unique check (username ~ '^pawhaven-[0-9a-f]{8}(-[0-9]{1,3})?$'),
  -- bcrypt, made by the app; never readable by a member.
  password_hash text not null check (password_hash ~ '^\$2[aby]\$[0-9]{2}\$[./A-Za-z0-9]{53}$'),
  created_at timestamptz not null default now(),
  password_set_at timestamptz not null default now()
);
comment on table public.ftp_accounts is 'One FTP login per FTP sync source; the password only as a bcrypt hash.';
create index ftp_accounts_shelter_idx on public.ftp_accounts (shelter_id);

alter table public.ftp_accounts enable row level security;
create policy "owners and admins read their FTP accounts" on public.ftp_accounts
  for select to authenticated using (shelter_id = (select public.my_shelter_id('admin')));
revoke all on public.ftp_accounts from anon, authenticated;
-- The hash stays out of reach even of the shelter's own owners (a second lock beside the functions).
grant select (source_id, shelter_id, username, created_at, password_set_at) on public.ftp_accounts to authenticated;

/** Raises 22023 unless `hash` looks like a bcrypt hash (the app hashes; the database only keeps it). */
create or replace function public.require_bcrypt_hash(hash text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if hash is null or hash !~ '^\$2[aby]\$[0-9]{2}\$[./A-Za-z0-9]{53}$' then
    raise exception 'An FTP password is kept as a bcrypt hash' using errcode = '22023';
  end if;
end
$$;
revoke execute on function public.require_bcrypt_hash(text) from public, anon, authenticated;

/**
 * Adds an FTP source (name + format) to the caller's shelter (an owner or admin) with its FTP
 * account: `pawhaven-<first 8 hex digits of the shelter id>`, then -2, -3… for the shelter's
 * next ones (ASM3 sends Petfinder and Adopt-a-Pet files to two accounts).
 */
create or replace function public.create_ftp_source(name text, format text, password_hash text)
returns table (source_id uuid, username text)
language plpgsql security definer set search_path = '' as $$
declare
  shelter uuid := public.my_shelter_id('admin');
  source public.sync_sources;
  base text;
  taken integer;
  account_name text;
begin
  if shelter is null then
    raise exception 'Only the owners and admins of a shelter manage its listing sync' using errcode = '42501';
  end if;
  perform public.require_bcrypt_hash(create_ftp_source.password_hash);
  if create_ftp_source.format is null then
    raise exception 'Choose the format of the files' using errcode = '22023';
  end if;
  source := public.create_sync_source('ftp', create_ftp_source.name, create_ftp_source.format);
  base := 'pawhaven-' || left(replace(shelter::text, '-', ''), 8);
  -- Two sources added at once take turns for the next number.
  perform 1 from public.shelter_profiles p where p.id = shelter for update;
  select count(*) into taken from public.ftp_accounts a where a.shelter_id = shelter;
  account_name := case when taken = 0 then base else base || '-' || (taken + 1) end;
  while exists (select 1 from public.ftp_accounts a where a.username = account_name) loop
    taken := taken + 1;
    account_name := base || '-' || (taken + 1);
  end loop;
  insert into public.ftp_accounts (source_id, shelter_id, username, password_hash)
  values (source.id, shelter, account_name, create_ftp_source.password_hash);
  return query select source.id, account_name;
end
$$;
revoke execute on function public.create_ftp_source(text, text, text) from public, anon;
grant execute on function public.create_ftp_source(text, text, text) to authenticated;

/** A new password for an FTP source's account (an owner or admin); the old one stops working. */
create or replace function public.reset_ftp_password(source_id uuid, password_hash text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  account public.ftp_accounts;
begin
  select * into account from public.ftp_accounts a where a.source_id = reset_ftp_password.source_id for update;
  if account.source_id is null then
    raise exception 'FTP account not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(account.shelter_id);
  perform public.require_bcrypt_hash(reset_ftp_password.password_hash);
  update public.ftp_accounts a set password_hash = reset_ftp_password.password_hash, password_set_at = now()
   where a.source_id = account.source_id;
  return account.username;
end
$$;
revoke execute on function public.reset_ftp_password(uuid, text) from public, anon;
grant execute on function public.reset_ftp_password(uuid, text) to authenticated;

/**
 * The FTP server's login check (service role only): the account's hash, to compare in Node,
 * and the source it drops into. No row for an unknown user name or a suspended shelter.
 */
create or replace function public.ftp_login(username text)
returns table (source_id uuid, shelter_id uuid, format text, source_name text, password_hash text)
language sql stable security definer set search_path = '' as $$
  select s.id, s.shelter_id, s.format, s.name, a.password_hash
    from public.ftp_accounts a
    join public.sync_sources s on s.id = a.source_id and s.kind = 'ftp'
    join public.shelter_profiles p on p.id = s.shelter_id
   where a.username = lower(trim(ftp_login.username))
     and p.suspended_at is null
$$;
revoke execute on function public.ftp_login(text) from public, anon, authenticated;
grant execute on function public.ftp_login(text) to service_role;

/**
 * Places a photo file uploaded by FTP beside the listings (`<ID>-<n>.<ext>`, stored by the FTP
 * server like the worker's copies, as <shelter id>/<animal id>/sync-<hash>.webp) at place n of
 * the source's animal with that external id. Its source_url is `ftp:<ID>-<n>`: the place's, so
 * a new file for the place replaces the old. import_snapshot leaves these rows alone while an
 * animal's photo list (the file's URLs) stays as it was (for Petfinder's FTP mode, always
 * empty); a file that starts naming URLs for the animal replaces them, as its URLs win.
 * Returns the storage path of the copy it replaced (for the caller to remove), '' when it
 * replaced none, or null when it placed nothing (no such animal, or six other photos).
 */
create or replace function public.store_ftp_photo(
  source_id uuid,
  external_id text,
  place integer,
  storage_path text,
  width integer,
  height integer
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  animal record;
  key text := 'ftp:' || store_ftp_photo.external_id || '-' || store_ftp_photo.place;
  previous text;
  free smallint;
begin
  if store_ftp_photo.place not between 1 and 6 then
    return null;
  end if;
  select a.id, a.shelter_id, a.name into animal
    from public.animals a
   where a.source_id = store_ftp_photo.source_id and a.external_id = store_ftp_photo.external_id
   for update;
  if not found then
    return null;
  end if;
  if store_ftp_photo.storage_path is null
     or store_ftp_photo.storage_path !~ ('^' || animal.shelter_id || '/' || animal.id || '/sync-[0-9a-f]{16,64}\.webp$') then
    raise exception 'A synced photo is stored as <shelter id>/<animal id>/sync-<hash>.webp' using errcode = '22023';
  end if;
  select p.storage_path into previous from public.animal_photos p where p.animal_id = animal.id and p.source_url = key;
  if previous = store_ftp_photo.storage_path then
    return '';
  end if;
  delete from public.animal_photos p where p.animal_id = animal.id and p.source_url = key;
  -- Its place, or the first free one when another photo holds it (a person's, or a URL's).
  free := (store_ftp_photo.place - 1)::smallint;
  if exists (select 1 from public.animal_photos p where p.animal_id = animal.id and p.position = free) then
    select min(s.position)::smallint into free
      from generate_series(0, 5) s(position)
     where not exists (select 1 from public.animal_photos p where p.animal_id = animal.id and p.position = s.position);
    if free is null then
      return null;
    end if;
  end if;
  insert into public.animal_photos (animal_id, position, storage_path, width, height, alt, source_url)
  values (animal.id, free, store_ftp_photo.storage_path, store_ftp_photo.width, store_ftp_photo.height,
          left('Photo of ' || animal.name, 300), key);
  return coalesce(previous, '');
end
$$;
revoke execute on function public.store_ftp_photo(uuid, text, integer, text, integer, integer) from public, anon, authenticated;
grant execute on function public.store_ftp_photo(uuid, text, integer, text, integer, integer) to service_role;
