-- Photo storage, tightened (hardening issue):
-- - listing a folder of the bucket is for the folder's owner only (anyone could list every
--   folder and read user and animal ids from the names); the photos themselves stay public
--   through the bucket's public URLs, which need no SELECT policy;
-- - each shelter (one folder per owner) has a quota, app_settings.photo_quota_bytes (500 MB
--   unless a deployment sets another), checked on every stored object;
-- - a linked photo is an absolute https URL without credentials, or one of our own /images/
--   files without '..'.

drop policy "animal photos are public" on storage.objects;
create policy "owners list their own animal photos" on storage.objects
  for select to authenticated
  using (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = (select auth.uid()::text));

insert into public.app_settings (key, value) values ('photo_quota_bytes', to_jsonb(500 * 1024 * 1024))
on conflict (key) do nothing;

create or replace function public.photo_storage_use(owner_folder text)
returns table (used_bytes bigint, quota_bytes bigint)
language sql stable security definer set search_path = '' as $$
  select
    coalesce((select sum((o.metadata ->> 'size')::bigint)
                from storage.objects o
               where o.bucket_id = 'animal-photos' and (storage.foldername(o.name))[1] = owner_folder), 0)::bigint,
    (select (s.value)::bigint from public.app_settings s where s.key = 'photo_quota_bytes');
$$;
revoke execute on function public.photo_storage_use(text) from public, anon, authenticated;

/** What the signed-in shelter has stored and may store, for the photo field's message. */
create or replace function public.my_photo_storage() returns table (used_bytes bigint, quota_bytes bigint)
language sql stable security definer set search_path = '' as $$
  select * from public.photo_storage_use((select auth.uid()::text));
$$;
revoke execute on function public.my_photo_storage() from public, anon;
grant execute on function public.my_photo_storage() to authenticated;

create or replace function public.enforce_photo_quota() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  use record;
  previous_size bigint := 0;
begin
  if new.bucket_id <> 'animal-photos' then
    return new;
  end if;
  select * into use from public.photo_storage_use((storage.foldername(new.name))[1]);
  if use.quota_bytes is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.bucket_id = new.bucket_id and old.name = new.name then
    previous_size := coalesce((old.metadata ->> 'size')::bigint, 0);
  end if;
  if use.used_bytes - previous_size + coalesce((new.metadata ->> 'size')::bigint, 0) > use.quota_bytes then
    raise exception 'photo storage quota exceeded: % of % MB in use', round(use.used_bytes / 1048576.0), use.quota_bytes / 1048576
      using errcode = '42501', hint = 'Remove photos you no longer need to make room.';
  end if;
  return new;
end
$$;

create trigger animal_photos_quota before insert or update on storage.objects
  for each row execute function public.enforce_photo_quota();

alter table public.animal_photos drop constraint animal_photos_external_url_check;
alter table public.animal_photos add constraint animal_photos_external_url_check check (
  length(external_url) <= 2000
  and (
    external_url ~ '^https://[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?([/?#][^[:space:]\\]*)?$'
    or (external_url ~ '^/images/[A-Za-z0-9._/-]+$' and external_url !~ '\.\.' and external_url !~ '//')
  )
);
