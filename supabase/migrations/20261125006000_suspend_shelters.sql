-- Staff suspend an approved shelter, and restore it (issue 11). A suspended shelter's profile
-- and listings leave every public page at once: shelter_profiles.listed (approved and not
-- suspended) takes the place of meeting_completed wherever the public side asked "is this
-- shelter approved?" (its policies, its animals' `listed`, the search tallies that follow it,
-- the adopted-animal page and the old addresses). Its team keeps its dashboard and data.

alter table public.shelter_profiles
  add column suspended_at timestamptz,
  add column suspension_reason text check (length(suspension_reason) <= 2000),
  add column listed boolean generated always as (meeting_completed and suspended_at is null) stored;
comment on column public.shelter_profiles.listed is 'Approved and not suspended: the profile and its animals are public.';
comment on column public.shelter_profiles.suspended_at is 'Set by staff (staff_suspend_shelter): the shelter is hidden from every public page until restored.';

drop policy "anyone reads approved shelters" on public.shelter_profiles;
create policy "anyone reads listed shelters" on public.shelter_profiles
  for select to anon, authenticated using (listed);

drop policy "anyone reads listed animals of approved shelters" on public.animals;
create policy "anyone reads listed animals of listed shelters" on public.animals
  for select to anon, authenticated
  using (status in ('available', 'pending')
         and exists (select 1 from public.shelter_profiles s where s.id = shelter_id and s.listed));

drop policy "old addresses of approved shelters are public" on public.shelter_slug_history;
create policy "old addresses of listed shelters are public" on public.shelter_slug_history
  for select to anon, authenticated
  using (exists (select 1 from public.shelter_profiles p where p.id = shelter_id and p.listed));

-- An animal is listed when its status shows it and its shelter is listed.
create or replace function public.animals_before_write() returns trigger
language plpgsql security definer set search_path = extensions, pg_temp as $$
declare
  shelter record;
begin
  select user_id, latitude, longitude, listed into shelter
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
  new.listed := new.status in ('available', 'pending') and shelter.listed;
  if new.published_at is null and new.status in ('available', 'pending') then
    new.published_at := now();
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- A shelter that moves, is approved, suspended or restored takes its animals along.
create or replace function public.shelter_profiles_sync_animals() returns trigger
language plpgsql security definer set search_path = extensions, pg_temp as $$
begin
  update public.animals
     set latitude = new.latitude,
         longitude = new.longitude,
         listed = status in ('available', 'pending') and new.listed
   where shelter_id = new.id;
  return null;
end
$$;

drop trigger shelter_profiles_sync_animals on public.shelter_profiles;
create trigger shelter_profiles_sync_animals
  after update of latitude, longitude, meeting_completed, suspended_at on public.shelter_profiles
  for each row
  when (old.latitude is distinct from new.latitude
     or old.longitude is distinct from new.longitude
     or old.listed is distinct from new.listed)
  execute function public.shelter_profiles_sync_animals();

-- An adopted animal's page, for listed shelters only.
create or replace function public.unlisted_animal_page(animal_id uuid) returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object(
           'status', a.status,
           'type', a.type,
           'place', json_build_object('latitude', s.latitude, 'longitude', s.longitude, 'zip_code', s.zip_code,
                                      'city', s.city, 'state', s.state),
           'animal', case when a.status = 'adopted' then json_build_object(
             'id', a.id, 'name', a.name, 'type', a.type,
             'primary_breed', a.primary_breed, 'secondary_breed', a.secondary_breed, 'mixed_breed', a.mixed_breed,
             'age_group', a.age_group, 'birth_date', a.birth_date, 'sex', a.sex, 'size', a.size,
             'primary_color', a.primary_color, 'secondary_color', a.secondary_color, 'tertiary_color', a.tertiary_color,
             'coat', a.coat, 'description', a.description,
             'photos', (select coalesce(json_agg(json_build_object(
                                'storage_path', p.storage_path, 'external_url', p.external_url, 'alt', p.alt,
                                'position', p.position, 'width', p.width, 'height', p.height) order by p.position), '[]'::json)
                          from public.animal_photos p
                         where p.animal_id = a.id),
             'shelter', json_build_object('shelter_name', s.shelter_name, 'slug', s.slug, 'city', s.city, 'state', s.state))
           end)
    from public.animals a
    join public.shelter_profiles s on s.id = a.shelter_id
   where a.id = unlisted_animal_page.animal_id
     and a.status in ('adopted', 'archived')
     and s.listed
$$;

-- Staff actions ---------------------------------------------------------------------------------

alter table public.staff_audit_log drop constraint staff_audit_log_action_check;
alter table public.staff_audit_log add constraint staff_audit_log_action_check
  check (action in ('schedule_meeting', 'record_meeting', 'approve', 'request_information', 'reject', 'suspend', 'restore'));

/** Hides an approved shelter and all its listings from every public page, and tells its owners and admins why. */
create or replace function public.staff_suspend_shelter(shelter uuid, reason text) returns public.shelter_profiles
language plpgsql security definer set search_path = '' as $$
declare
  profile public.shelter_profiles;
begin
  perform public.staff_act(shelter, 'suspend', reason);
  update public.shelter_profiles p
     set suspended_at = now(), suspension_reason = public.require_text(reason, 'Give the reason for the suspension')
   where p.id = shelter and p.meeting_completed and p.suspended_at is null
  returning * into profile;
  if profile.id is null then
    raise exception 'Only an approved shelter that is not suspended can be suspended' using errcode = '55000';
  end if;
  perform public.email_shelter(shelter, 'shelter_suspended', jsonb_build_object('reason', profile.suspension_reason));
  return profile;
end
$$;

/** Lists a suspended shelter again. */
create or replace function public.staff_restore_shelter(shelter uuid, notes text) returns public.shelter_profiles
language plpgsql security definer set search_path = '' as $$
declare
  profile public.shelter_profiles;
begin
  perform public.staff_act(shelter, 'restore', notes);
  update public.shelter_profiles p set suspended_at = null, suspension_reason = null
   where p.id = shelter and p.suspended_at is not null
  returning * into profile;
  if profile.id is null then
    raise exception 'This shelter is not suspended' using errcode = '55000';
  end if;
  perform public.email_shelter(shelter, 'shelter_restored', '{}');
  return profile;
end
$$;

/** Approved shelters, for staff to find one to suspend or restore: by name, suspended first. */
create or replace function public.staff_find_shelters(search text default '')
returns table (shelter_id uuid, shelter_name text, city text, state text, approved_at timestamptz, suspended_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.require_staff();
  return query
  select p.id, p.shelter_name, p.city, p.state, p.approved_at, p.suspended_at
    from public.shelter_profiles p
   where p.meeting_completed
     and (coalesce(trim(search), '') = '' or p.shelter_name ilike '%' || replace(replace(replace(trim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%')
   order by p.suspended_at desc nulls last, p.shelter_name
   limit 50;
end
$$;

do $$
declare
  fn text;
begin
  foreach fn in array array['staff_suspend_shelter(uuid, text)', 'staff_restore_shelter(uuid, text)', 'staff_find_shelters(text)'] loop
    execute format('revoke execute on function public.%s from public, anon', fn);
    execute format('grant execute on function public.%s to authenticated', fn);
  end loop;
end
$$;
