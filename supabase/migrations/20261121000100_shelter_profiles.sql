-- Shelter profiles: one per shelter account, made by a trigger when a user signs up
-- with user_type = 'shelter'. Owners edit their ordinary fields; the vetting fields
-- (meeting_completed, approved_at) are written only by the service role, or through
-- public.bypass_vetting() where the deployment allows it.

create or replace function public.set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create table public.app_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
comment on table public.app_settings is 'Deployment switches the database itself enforces, e.g. vetting_bypass_enabled.';
alter table public.app_settings enable row level security;
create policy "settings are public" on public.app_settings for select to anon, authenticated using (true);
revoke insert, update, delete on public.app_settings from anon, authenticated;

-- Off unless a deployment turns it on; the embedded backend's seed turns it on for testing.
insert into public.app_settings (key, value) values ('vetting_bypass_enabled', 'false');

create table public.shelter_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  shelter_name text not null default 'New Shelter' check (length(shelter_name) between 1 and 200),
  shelter_type text check (shelter_type in ('animal_shelter', 'rescue_organization', 'foster_network')),
  description text check (length(description) <= 5000),
  contact_email text check (length(contact_email) <= 254),
  phone text check (length(phone) <= 40),
  address text check (length(address) <= 200),
  city text check (length(city) <= 100),
  state text check (state ~ '^[A-Z]{2}$'),
  zip_code text check (zip_code ~ '^[0-9]{5}$'),
  website text check (length(website) <= 500),
  capacity integer check (capacity >= 0),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  meeting_completed boolean not null default false,
  approved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shelter_profiles_approved_idx on public.shelter_profiles (meeting_completed) where meeting_completed;

create trigger shelter_profiles_updated_at before update on public.shelter_profiles
  for each row execute function public.set_updated_at();

alter table public.shelter_profiles enable row level security;

create policy "owners read their profile" on public.shelter_profiles
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "anyone reads approved shelters" on public.shelter_profiles
  for select to anon, authenticated using (meeting_completed);
create policy "owners update their profile" on public.shelter_profiles
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

-- Column privileges are the second lock: even an owner's UPDATE may only touch these.
revoke insert, update, delete on public.shelter_profiles from anon, authenticated;
grant update (shelter_name, shelter_type, description, contact_email, phone, address, city, state, zip_code,
              website, capacity, latitude, longitude)
  on public.shelter_profiles to authenticated;

-- A URL-safe name for /shelters/<slug>: the words of the name plus a short piece of the id.
create or replace function public.shelter_slug(name text, id uuid) returns text
language sql immutable as $$
  select concat_ws('-',
    nullif(trim(both '-' from left(regexp_replace(lower(coalesce(name, '')), '[^a-z0-9]+', '-', 'g'), 60)), ''),
    left(replace(id::text, '-', ''), 6))
$$;

create or replace function public.handle_new_shelter_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  profile_id uuid := gen_random_uuid();
  name text := coalesce(nullif(trim(new.raw_user_meta_data ->> 'shelter_name'), ''), 'New Shelter');
begin
  if new.raw_user_meta_data ->> 'user_type' = 'shelter' then
    insert into public.shelter_profiles (id, user_id, shelter_name, contact_email, slug)
    values (profile_id, new.id, left(name, 200), new.email, public.shelter_slug(name, profile_id));
  end if;
  return new;
end
$$;

create trigger on_auth_user_created_shelter_profile after insert on auth.users
  for each row execute function public.handle_new_shelter_user();

-- The testing bypass of the vetting meeting: approves the caller's own profile, and only
-- when the deployment has switched it on.
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
     set meeting_completed = true, approved_at = now()
   where user_id = auth.uid()
  returning * into profile;
  if profile.id is null then
    raise exception 'Shelter profile not found' using errcode = 'P0002';
  end if;
  return profile;
end
$$;

revoke execute on function public.bypass_vetting() from public, anon;
grant execute on function public.bypass_vetting() to authenticated;
