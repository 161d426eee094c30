-- A shelter is a team (issue 11): shelter_members (shelter_id, user_id, role) with four roles,
-- volunteer < staff < admin < owner, and every policy and function that asked "is this the
-- shelter's user?" now asks "is the caller a member of this shelter, with at least this role?".
--
--   owner, admin  everything on the shelter, the profile (Settings) included
--   staff         animals (add, edit, change status, delete) and their photos
--   volunteer     reads the dashboard's data; edits animals' photos and notes (description,
--                 special_needs_notes) only; no settings
--
-- Each person belongs to at most one shelter for now (a unique index), so a policy compares a
-- row's shelter with public.my_shelter_id(min_role): one lookup per statement (an InitPlan),
-- not a function call per row. public.is_shelter_member(shelter_id, min_role) answers the same
-- question for one shelter, for functions, triggers and the app.
--
-- Photos are stored under <shelter id>/<animal id>/. Photos stored before live under the
-- folder of the shelter's creator, <user id>/...; bytes cannot be moved from SQL, so those
-- folders are listed in public.legacy_photo_folders, still accepted for that shelter's
-- members (and counted in its quota) until the move_photo_folder job has moved them
-- (worker/tasks/move-photo-folder.ts; enqueued by the next migration).
--
-- shelter_profiles.user_id stays: the account that created the shelter (and whose legacy
-- folder it is). animals.owner_id and animal_photos.owner_id now record the member who added
-- the row, and outlive that member's account (set null).

-- Members and roles ---------------------------------------------------------------------------

create table public.shelter_members (
  -- On update cascade: the demo seed gives the sign-up trigger's profiles fixed ids.
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade on update cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'staff', 'volunteer')),
  created_at timestamptz not null default now(),
  primary key (shelter_id, user_id)
);
comment on table public.shelter_members is 'Who works for which shelter, and as what. Written by the sign-up trigger and the service role; each person belongs to at most one shelter.';
-- One shelter per person; also the index every membership check uses (user_id = auth.uid()).
create unique index shelter_members_one_shelter_per_person on public.shelter_members (user_id);

-- The order of the roles; null for anything else, so a mistyped role grants nothing.
create function public.shelter_role_rank(role text) returns integer
language sql immutable parallel safe set search_path = '' as $$
  select case role when 'volunteer' then 1 when 'staff' then 2 when 'admin' then 3 when 'owner' then 4 end
$$;

/** Whether the caller belongs to this shelter with at least `min_role`. */
create function public.is_shelter_member(shelter_id uuid, min_role text default 'volunteer') returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
      from public.shelter_members m
     where m.user_id = auth.uid()
       and m.shelter_id = is_shelter_member.shelter_id
       and public.shelter_role_rank(m.role) >= public.shelter_role_rank(is_shelter_member.min_role)
  )
$$;

/** The caller's shelter when their role there is at least `min_role`, else null. */
create function public.my_shelter_id(min_role text default 'volunteer') returns uuid
language sql stable security definer set search_path = '' as $$
  select m.shelter_id
    from public.shelter_members m
   where m.user_id = auth.uid()
     and public.shelter_role_rank(m.role) >= public.shelter_role_rank(my_shelter_id.min_role)
$$;

revoke execute on function public.shelter_role_rank(text) from public, anon;
revoke execute on function public.is_shelter_member(uuid, text) from public, anon;
revoke execute on function public.my_shelter_id(text) from public, anon;
grant execute on function public.shelter_role_rank(text), public.is_shelter_member(uuid, text), public.my_shelter_id(text)
  to authenticated, service_role;

alter table public.shelter_members enable row level security;
-- A member sees the whole team of their shelter. Nobody writes through the API: joining,
-- changing a role and leaving go through functions that check the rules (the Team tab's work).
create policy "members see their team" on public.shelter_members
  for select to authenticated using (shelter_id = (select public.my_shelter_id()));
revoke all on public.shelter_members from anon, authenticated;
grant select on public.shelter_members to authenticated;

-- A shelter always keeps an owner: the last one can be neither removed nor demoted, unless the
-- shelter itself or that person's account is being deleted (the cascades).
create function public.shelter_members_keep_an_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'owner'
     and (tg_op = 'DELETE' or new.role <> 'owner')
     and exists (select 1 from public.shelter_profiles s where s.id = old.shelter_id)
     and exists (select 1 from auth.users u where u.id = old.user_id)
     and not exists (select 1 from public.shelter_members m
                      where m.shelter_id = old.shelter_id and m.role = 'owner' and m.user_id <> old.user_id) then
    raise exception 'A shelter must keep at least one owner' using errcode = '23514';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger shelter_members_keep_an_owner before update or delete on public.shelter_members
  for each row execute function public.shelter_members_keep_an_owner();

-- Every shelter's creator becomes its owner.
insert into public.shelter_members (shelter_id, user_id, role, created_at)
select id, user_id, 'owner', created_at from public.shelter_profiles;

-- A shelter sign-up makes the profile and its owner.
create or replace function public.handle_new_shelter_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  profile_id uuid := gen_random_uuid();
  name text := coalesce(nullif(trim(new.raw_user_meta_data ->> 'shelter_name'), ''), 'New Shelter');
begin
  if new.raw_user_meta_data ->> 'user_type' = 'shelter' then
    insert into public.shelter_profiles (id, user_id, shelter_name, contact_email, slug)
    values (profile_id, new.id, left(name, 200), new.email, public.shelter_slug(name, profile_id));
    insert into public.shelter_members (shelter_id, user_id, role) values (profile_id, new.id, 'owner');
  end if;
  return new;
end
$$;

-- Shelter profiles ------------------------------------------------------------------------------

comment on column public.shelter_profiles.user_id is 'The account that created the shelter (its first owner); who may do what is in shelter_members.';

drop policy "owners read their profile" on public.shelter_profiles;
drop policy "owners update their profile" on public.shelter_profiles;
create policy "members read their shelter's profile" on public.shelter_profiles
  for select to authenticated using (id = (select public.my_shelter_id()));
create policy "admins update their shelter's profile" on public.shelter_profiles
  for update to authenticated
  using (id = (select public.my_shelter_id('admin')))
  with check (id = (select public.my_shelter_id('admin')));

-- The testing bypass approves the caller's shelter, for its owners and admins.
create or replace function public.bypass_vetting() returns public.shelter_profiles
language plpgsql security definer set search_path = '' as $$
declare
  enabled boolean;
  profile public.shelter_profiles;
begin
  select coalesce((value)::boolean, false) into enabled
    from public.app_settings where key = 'vetting_bypass_enabled';
  if not coalesce(enabled, false) then
    raise exception 'The vetting bypass is disabled on this deployment' using errcode = '42501';
  end if;
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  update public.shelter_profiles
     set meeting_completed = true, approved_at = coalesce(approved_at, now())
   where id = public.my_shelter_id('admin')
  returning * into profile;
  if profile.id is null then
    if public.my_shelter_id() is not null then
      raise exception 'Only the shelter''s owners and admins can do this' using errcode = '42501';
    end if;
    raise exception 'Shelter profile not found' using errcode = 'PT404';
  end if;
  return profile;
end
$$;

-- Animals ---------------------------------------------------------------------------------------

-- owner_id: the member who added the row, kept when their account goes.
alter table public.animals alter column owner_id drop not null;
alter table public.animals drop constraint animals_owner_id_fkey;
alter table public.animals add constraint animals_owner_id_fkey foreign key (owner_id) references auth.users (id) on delete set null;
comment on column public.animals.owner_id is 'The member who added the animal (null once their account is deleted); filled by animals_before_write.';
alter table public.animal_photos alter column owner_id drop not null;
alter table public.animal_photos drop constraint animal_photos_owner_id_fkey;
alter table public.animal_photos add constraint animal_photos_owner_id_fkey foreign key (owner_id) references auth.users (id) on delete set null;
comment on column public.animal_photos.owner_id is 'The member who added the photo (null once their account is deleted); filled by animal_photos_before_write.';

-- Fills the bookkeeping columns as before, and keeps volunteers to the notes: a volunteer's
-- update may change description and special_needs_notes and nothing else a member can write
-- (column grants cannot differ per membership role, so the check is here). The service role
-- and the database's own cascades (no auth.uid()) are not members and pass.
create or replace function public.animals_before_write() returns trigger
language plpgsql security definer set search_path = extensions, pg_temp as $$
declare
  shelter record;
begin
  select user_id, latitude, longitude, meeting_completed into shelter
    from public.shelter_profiles where id = new.shelter_id;
  if not found then
    -- An update of an animal whose shelter is gone comes from a cascade that is deleting the
    -- shelter (its creator's account: animals.owner_id is set null, then the animal deleted).
    if tg_op = 'UPDATE' then
      return new;
    end if;
    raise exception 'Shelter % not found', new.shelter_id using errcode = '23503';
  end if;
  if tg_op = 'INSERT' then
    -- The member adding it; the service role (an import, the demo seed) may say whom, else the shelter's creator.
    new.owner_id := coalesce(auth.uid(), new.owner_id, shelter.user_id);
  elsif auth.uid() is not null
     and (new.name, new.type, new.primary_breed, new.secondary_breed, new.mixed_breed, new.age_group, new.birth_date,
          new.sex, new.size, new.primary_color, new.secondary_color, new.tertiary_color, new.coat,
          new.good_with_children, new.good_with_dogs, new.good_with_cats, new.house_trained, new.spayed_neutered,
          new.vaccinations_current, new.special_needs, new.adoption_fee, new.status, new.external_source, new.external_id)
         is distinct from
         (old.name, old.type, old.primary_breed, old.secondary_breed, old.mixed_breed, old.age_group, old.birth_date,
          old.sex, old.size, old.primary_color, old.secondary_color, old.tertiary_color, old.coat,
          old.good_with_children, old.good_with_dogs, old.good_with_cats, old.house_trained, old.spayed_neutered,
          old.vaccinations_current, old.special_needs, old.adoption_fee, old.status, old.external_source, old.external_id)
     and not public.is_shelter_member(new.shelter_id, 'staff') then
    raise exception 'A volunteer may change only an animal''s description and special needs notes'
      using errcode = '42501', hint = 'Ask a staff member, an admin or the owner of your shelter.';
  end if;
  new.latitude := shelter.latitude;
  new.longitude := shelter.longitude;
  new.listed := new.status in ('available', 'pending') and shelter.meeting_completed;
  if new.published_at is null and new.status in ('available', 'pending') then
    new.published_at := now();
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;

drop policy "owners read their animals" on public.animals;
drop policy "owners add animals" on public.animals;
drop policy "owners update their animals" on public.animals;
drop policy "owners delete their animals" on public.animals;
create policy "members read their shelter's animals" on public.animals
  for select to authenticated using (shelter_id = (select public.my_shelter_id()));
create policy "staff add animals" on public.animals
  for insert to authenticated with check (shelter_id = (select public.my_shelter_id('staff')));
-- Volunteers too, for the notes; animals_before_write refuses them anything else.
create policy "members update their shelter's animals" on public.animals
  for update to authenticated
  using (shelter_id = (select public.my_shelter_id()))
  with check (shelter_id = (select public.my_shelter_id()));
create policy "staff delete animals" on public.animals
  for delete to authenticated using (shelter_id = (select public.my_shelter_id('staff')));

-- Saving the edit form changes only the columns `changes` names, so a volunteer's save (the
-- notes alone) leaves every other field as it is. Otherwise as before.
create or replace function public.save_animal(
  target_animal uuid,
  changes jsonb,
  removed_photo_ids uuid[] default '{}',
  new_photos jsonb default '[]',
  main_photo_id uuid default null
) returns text[]
language plpgsql security invoker set search_path = '' as $$
declare
  removed_paths text[];
  kept_ids uuid[];
  added_ids uuid[];
  photo_order uuid[];
  c jsonb := coalesce(save_animal.changes, '{}');
begin
  update public.animals a
     set (name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
          primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs,
          good_with_cats, house_trained, spayed_neutered, vaccinations_current, special_needs,
          special_needs_notes, adoption_fee, description)
       = (select case when c ? 'name' then r.name else a.name end,
                 case when c ? 'type' then r.type else a.type end,
                 case when c ? 'primary_breed' then r.primary_breed else a.primary_breed end,
                 case when c ? 'secondary_breed' then r.secondary_breed else a.secondary_breed end,
                 case when c ? 'mixed_breed' then r.mixed_breed else a.mixed_breed end,
                 case when c ? 'age_group' then r.age_group else a.age_group end,
                 case when c ? 'birth_date' then r.birth_date else a.birth_date end,
                 case when c ? 'sex' then r.sex else a.sex end,
                 case when c ? 'size' then r.size else a.size end,
                 case when c ? 'primary_color' then r.primary_color else a.primary_color end,
                 case when c ? 'secondary_color' then r.secondary_color else a.secondary_color end,
                 case when c ? 'tertiary_color' then r.tertiary_color else a.tertiary_color end,
                 case when c ? 'coat' then r.coat else a.coat end,
                 case when c ? 'good_with_children' then r.good_with_children else a.good_with_children end,
                 case when c ? 'good_with_dogs' then r.good_with_dogs else a.good_with_dogs end,
                 case when c ? 'good_with_cats' then r.good_with_cats else a.good_with_cats end,
                 case when c ? 'house_trained' then r.house_trained else a.house_trained end,
                 case when c ? 'spayed_neutered' then r.spayed_neutered else a.spayed_neutered end,
                 case when c ? 'vaccinations_current' then r.vaccinations_current else a.vaccinations_current end,
                 case when c ? 'special_needs' then r.special_needs else a.special_needs end,
                 case when c ? 'special_needs_notes' then r.special_needs_notes else a.special_needs_notes end,
                 case when c ? 'adoption_fee' then r.adoption_fee else a.adoption_fee end,
                 case when c ? 'description' then r.description else a.description end
            from jsonb_populate_record(null::public.animals, c) r)
   where a.id = save_animal.target_animal;
  if not found then
    -- PostgREST answers P0002 (no_data_found) with 404.
    raise exception 'Animal % not found', save_animal.target_animal using errcode = 'P0002';
  end if;

  with removed as (
    delete from public.animal_photos p
     where p.animal_id = save_animal.target_animal
       and p.id = any (coalesce(save_animal.removed_photo_ids, '{}'))
    returning p.storage_path
  )
  select coalesce(array_agg(storage_path) filter (where storage_path is not null), '{}')
    into removed_paths
    from removed;

  select coalesce(array_agg(p.id order by p.position), '{}') into kept_ids
    from public.animal_photos p where p.animal_id = save_animal.target_animal;
  -- New photos go after the kept ones; a place a removed photo left may repeat for a moment
  -- (the unique place is checked at commit), and the reorder below settles every place.
  with added as (
    insert into public.animal_photos (animal_id, position, storage_path, width, height, alt)
    select save_animal.target_animal, cardinality(kept_ids) + (photo.ordinality - 1)::integer,
           photo.value ->> 'storage_path', (photo.value ->> 'width')::integer,
           (photo.value ->> 'height')::integer, photo.value ->> 'alt'
      from jsonb_array_elements(coalesce(save_animal.new_photos, '[]')) with ordinality as photo(value, ordinality)
    returning id, position
  )
  select coalesce(array_agg(id order by position), '{}') into added_ids from added;

  -- Places 0, 1, 2… in their order, the main photo first.
  photo_order := kept_ids || added_ids;
  if save_animal.main_photo_id = any (photo_order) then
    photo_order := save_animal.main_photo_id || array_remove(photo_order, save_animal.main_photo_id);
  end if;
  if cardinality(photo_order) > 0 then
    perform public.reorder_animal_photos(save_animal.target_animal, photo_order);
  end if;

  return removed_paths;
end
$$;

-- Photo storage ---------------------------------------------------------------------------------

create table public.legacy_photo_folders (
  folder text primary key,
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade on update cascade,
  created_at timestamptz not null default now()
);
comment on table public.legacy_photo_folders is 'Folders of the animal-photos bucket from before photos were kept by shelter (<creator user id>/): accepted for the shelter''s members until the move_photo_folder job empties them and deletes the row.';
create index legacy_photo_folders_shelter_idx on public.legacy_photo_folders (shelter_id);
alter table public.legacy_photo_folders enable row level security;
revoke all on public.legacy_photo_folders from anon, authenticated;

-- Every creator's folder that holds a photo (a stored object, or a photo row pointing there).
insert into public.legacy_photo_folders (folder, shelter_id)
select s.user_id::text, s.id
  from public.shelter_profiles s
 where exists (select 1 from storage.objects o
                where o.bucket_id = 'animal-photos' and (storage.foldername(o.name))[1] = s.user_id::text)
    or exists (select 1 from public.animal_photos p join public.animals a on a.id = p.animal_id
                where a.shelter_id = s.id and split_part(p.storage_path, '/', 1) = s.user_id::text);

/** The shelter a folder of the bucket belongs to: its own (<shelter id>) or a legacy one; else null. */
create function public.photo_folder_shelter(folder text) returns uuid
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select s.id from public.shelter_profiles s
      where s.id = case when folder ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then folder::uuid end),
    (select l.shelter_id from public.legacy_photo_folders l where l.folder = photo_folder_shelter.folder))
$$;

/** The folders of the caller's shelter (its own and any legacy one), when their role is at least `min_role`. */
create function public.my_photo_folders(min_role text default 'volunteer') returns text[]
language sql stable security definer set search_path = '' as $$
  select array_prepend(shelter.id::text, coalesce(array(select l.folder from public.legacy_photo_folders l where l.shelter_id = shelter.id), '{}'))
    from (select public.my_shelter_id(my_photo_folders.min_role) as id) shelter
   where shelter.id is not null
$$;

revoke execute on function public.photo_folder_shelter(text) from public, anon, authenticated;
revoke execute on function public.my_photo_folders(text) from public, anon;
grant execute on function public.my_photo_folders(text) to authenticated;

drop policy "owners list their own animal photos" on storage.objects;
drop policy "owners upload animal photos to their folder" on storage.objects;
drop policy "owners replace animal photos in their folder" on storage.objects;
drop policy "owners delete animal photos in their folder" on storage.objects;
-- Every member may list and change their shelter's photos (volunteers edit photos too). The
-- photos themselves stay public through the bucket's public URLs.
create policy "members list their shelter's animal photos" on storage.objects
  for select to authenticated
  using (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = any ((select public.my_photo_folders())::text[]));
create policy "members upload their shelter's animal photos" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = any ((select public.my_photo_folders())::text[]));
create policy "members replace their shelter's animal photos" on storage.objects
  for update to authenticated
  using (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = any ((select public.my_photo_folders())::text[]))
  with check (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = any ((select public.my_photo_folders())::text[]));
create policy "members delete their shelter's animal photos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = any ((select public.my_photo_folders())::text[]));

-- The quota is per shelter, over its folder and any legacy one.
drop function public.my_photo_storage();
drop function public.photo_storage_use(text);

create function public.photo_storage_use(shelter_id uuid)
returns table (used_bytes bigint, quota_bytes bigint)
language sql stable security definer set search_path = '' as $$
  select
    coalesce((select sum((o.metadata ->> 'size')::bigint)
                from storage.objects o
               where o.bucket_id = 'animal-photos'
                 and (storage.foldername(o.name))[1] = any (
                       array_prepend(photo_storage_use.shelter_id::text,
                                     array(select l.folder from public.legacy_photo_folders l
                                            where l.shelter_id = photo_storage_use.shelter_id)))), 0)::bigint,
    (select (s.value)::bigint from public.app_settings s where s.key = 'photo_quota_bytes');
$$;
revoke execute on function public.photo_storage_use(uuid) from public, anon, authenticated;

/** What the caller's shelter has stored and may store, for the photo field's message. */
create function public.my_photo_storage() returns table (used_bytes bigint, quota_bytes bigint)
language sql stable security definer set search_path = '' as $$
  select * from public.photo_storage_use(public.my_shelter_id());
$$;
revoke execute on function public.my_photo_storage() from public, anon;
grant execute on function public.my_photo_storage() to authenticated;

-- A move within the shelter's folders (the legacy folder's job) counts the photo once.
create or replace function public.enforce_photo_quota() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  shelter uuid;
  use record;
  previous_size bigint := 0;
begin
  if new.bucket_id <> 'animal-photos' then
    return new;
  end if;
  shelter := public.photo_folder_shelter((storage.foldername(new.name))[1]);
  if shelter is null then
    -- Not a shelter's folder: the storage policies keep members out of it.
    return new;
  end if;
  select * into use from public.photo_storage_use(shelter);
  if use.quota_bytes is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.bucket_id = new.bucket_id
     and public.photo_folder_shelter((storage.foldername(old.name))[1]) = shelter then
    previous_size := coalesce((old.metadata ->> 'size')::bigint, 0);
  end if;
  if use.used_bytes - previous_size + coalesce((new.metadata ->> 'size')::bigint, 0) > use.quota_bytes then
    raise exception 'photo storage quota exceeded: % of % MB in use', round(use.used_bytes / 1048576.0), use.quota_bytes / 1048576
      using errcode = '42501', hint = 'Remove photos you no longer need to make room.';
  end if;
  return new;
end
$$;

-- Animal photos ---------------------------------------------------------------------------------

-- A stored photo lives in its shelter's folder (or the shelter's legacy folder) under the
-- animal's id. A path is checked when it is written, so a photo still in a legacy folder can
-- be reordered after that folder is gone from the list.
create or replace function public.animal_photos_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  animal record;
  photo_folder text;
begin
  select a.shelter_id, a.owner_id into animal from public.animals a where a.id = new.animal_id;
  if not found then
    -- As for animals: an update while a cascade deletes the animal.
    if tg_op = 'UPDATE' then
      return new;
    end if;
    raise exception 'Animal % not found', new.animal_id using errcode = '23503';
  end if;
  if tg_op = 'INSERT' then
    new.owner_id := coalesce(auth.uid(), new.owner_id, animal.owner_id);
  end if;
  if new.storage_path is not null
     and (tg_op = 'INSERT' or new.storage_path is distinct from old.storage_path or new.animal_id is distinct from old.animal_id) then
    photo_folder := split_part(new.storage_path, '/', 1);
    if split_part(new.storage_path, '/', 2) <> new.animal_id::text
       or (photo_folder <> animal.shelter_id::text
           and not exists (select 1 from public.legacy_photo_folders l where l.folder = photo_folder and l.shelter_id = animal.shelter_id)) then
      raise exception 'A photo is stored under <shelter id>/<animal id>/' using errcode = '23514';
    end if;
  end if;
  return new;
end
$$;

drop policy "owners add photos" on public.animal_photos;
drop policy "owners update their photos" on public.animal_photos;
drop policy "owners delete their photos" on public.animal_photos;
-- Every member edits photos ("photos follow their animal" still decides who reads them).
create policy "members add photos" on public.animal_photos
  for insert to authenticated
  with check (exists (select 1 from public.animals a where a.id = animal_id and a.shelter_id = (select public.my_shelter_id())));
create policy "members update photos" on public.animal_photos
  for update to authenticated
  using (exists (select 1 from public.animals a where a.id = animal_id and a.shelter_id = (select public.my_shelter_id())))
  with check (exists (select 1 from public.animals a where a.id = animal_id and a.shelter_id = (select public.my_shelter_id())));
create policy "members delete photos" on public.animal_photos
  for delete to authenticated
  using (exists (select 1 from public.animals a where a.id = animal_id and a.shelter_id = (select public.my_shelter_id())));
