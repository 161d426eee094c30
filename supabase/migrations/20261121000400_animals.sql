-- Animals: the listings shelters publish, with up to six photos each.
--
-- Who sees what (row-level security is the authority):
--   * anyone reads animals that are `available` or `pending` at an approved shelter
--     (shelter_profiles.meeting_completed);
--   * the owner (the shelter's user) reads and writes their own animals and photos;
--   * nobody else writes; column privileges keep owners off the bookkeeping columns.
--
-- Search runs through public.search_animals() (next migration), which reads columns kept
-- here by triggers so it needs no join per row: the shelter's position (an animal is located
-- at its shelter) and `listed`, the visibility rule above as a flag.

create extension if not exists cube with schema extensions;
create extension if not exists earthdistance with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- The 1° × 1° cell of latitude and longitude a point lies in (about 69 × 50 miles in the
-- continental US), numbered row by row. Search finds the cells a radius touches, then the
-- animals in them through a btree index, and only then measures exact distances. Only
-- pg_catalog functions inside (always searched first), so no search_path is set and it stays
-- cheap enough for a generated column.
create or replace function public.grid_cell(latitude double precision, longitude double precision) returns integer
language sql immutable parallel safe as $$
  select (least(floor(latitude), 89)::integer + 90) * 360 + (least(floor(longitude), 179)::integer + 180)
$$;

-- Every cell within radius_m metres of a point: the exact bounding box of a circle on
-- earthdistance's sphere (radius 6,378,168 m), widened by a hair for rounding; every
-- longitude near a pole or where the circle is wider than the box formula allows. A loop of
-- plain arithmetic: search calls it on every request, so it must cost microseconds.
create or replace function public.grid_cells_around(latitude double precision, longitude double precision, radius_m double precision)
returns integer[]
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  angle double precision := radius_m / 6378168;
  dlat double precision := degrees(angle) + 0.01;
  dlon double precision := 180;
  cells integer[] := '{}';
  west integer;
  east integer;
begin
  if abs(latitude) + degrees(angle) < 89 and sin(angle) < cos(radians(latitude)) then
    dlon := degrees(asin(sin(angle) / cos(radians(latitude)))) + 0.01;
  end if;
  west := floor(longitude - dlon)::integer;
  east := floor(longitude + dlon)::integer;
  if east - west >= 359 then
    west := -180;
    east := 179;
  end if;
  for row_start in floor(greatest(latitude - dlat, -90))::integer .. floor(least(latitude + dlat, 89.999))::integer loop
    for column_start in west .. east loop
      -- Past the date line, longitudes wrap around.
      cells := cells || public.grid_cell(row_start, ((column_start + 180) % 360 + 360) % 360 - 180);
    end loop;
  end loop;
  return cells;
end
$$;

create table public.animals (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  -- The shelter's user, copied from the shelter by a trigger: policies compare it with
  -- auth.uid() without a join.
  owner_id uuid not null references auth.users (id) on delete cascade,

  name text not null check (length(trim(name)) between 1 and 100),
  type text not null check (type in ('dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other')),
  primary_breed text check (length(primary_breed) between 1 and 100),
  secondary_breed text check (length(secondary_breed) between 1 and 100),
  mixed_breed boolean not null default false,
  -- young 0–2 years, adult 3–7, senior 8+; the birth date, when known, is for the detail page.
  age_group text not null check (age_group in ('young', 'adult', 'senior')),
  birth_date date check (birth_date >= date '1950-01-01'),
  sex text not null default 'unknown' check (sex in ('male', 'female', 'unknown')),
  size text not null default 'medium' check (size in ('small', 'medium', 'large', 'xlarge')),
  -- Colours and coats use the market's labels (Petfinder's per-type lists), as displayed.
  primary_color text check (length(primary_color) between 1 and 60),
  secondary_color text check (length(secondary_color) between 1 and 60),
  tertiary_color text check (length(tertiary_color) between 1 and 60),
  coat text check (coat in ('hairless', 'short', 'medium', 'long', 'wire', 'curly')),

  good_with_children text not null default 'unknown' check (good_with_children in ('yes', 'no', 'unknown')),
  good_with_dogs text not null default 'unknown' check (good_with_dogs in ('yes', 'no', 'unknown')),
  good_with_cats text not null default 'unknown' check (good_with_cats in ('yes', 'no', 'unknown')),
  house_trained boolean not null default false,
  spayed_neutered boolean not null default false,
  vaccinations_current boolean not null default false,
  special_needs boolean not null default false,
  special_needs_notes text check (length(special_needs_notes) <= 2000),
  adoption_fee numeric(8, 2) check (adoption_fee >= 0),
  -- Plain text; blank lines separate paragraphs. Pages render it as text, never as markup.
  description text check (length(description) <= 10000),

  status text not null default 'available' check (status in ('available', 'pending', 'adopted', 'archived')),
  -- Where a synced listing came from (e.g. 'petfinder' and its id there); both or neither.
  external_source text check (length(external_source) between 1 and 50),
  external_id text check (length(external_id) between 1 and 200),

  -- Kept in step with the shelter by triggers (see below); not writable through the API.
  latitude double precision,
  longitude double precision,
  -- ll_to_earth() written out with every name qualified: before earthdistance 1.2 (Postgres
  -- 15, as on Supabase) its body names cube() and earth unqualified, so a generated column
  -- calling it fails for any role whose search_path lacks `extensions`.
  location extensions.earth generated always as (
    extensions.cube(
      extensions.cube(
        extensions.cube(extensions.earth() * cos(radians(latitude)) * cos(radians(longitude))),
        extensions.earth() * cos(radians(latitude)) * sin(radians(longitude))),
      extensions.earth() * sin(radians(latitude)))::extensions.earth
  ) stored,
  grid_cell integer generated always as (public.grid_cell(latitude, longitude)) stored,
  listed boolean not null default false,

  -- Both breeds in lower case, for the breed filter's substring match (trigram index).
  breed_words text generated always as (
    lower(coalesce(primary_breed, '') || ' ' || coalesce(secondary_breed, ''))
  ) stored,
  -- Weighted words for keyword search: the name counts most, then breeds and type, then the
  -- colours, coat and description. (concat_ws is not immutable, hence the coalesces.)
  search_document tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, name), 'A')
    || setweight(to_tsvector('english'::regconfig,
         coalesce(primary_breed, '') || ' ' || coalesce(secondary_breed, '') || ' ' || replace(type, '-', ' ')), 'B')
    || setweight(to_tsvector('english'::regconfig,
         coalesce(primary_color, '') || ' ' || coalesce(secondary_color, '') || ' ' || coalesce(tertiary_color, '')
         || ' ' || coalesce(coat, '') || ' ' || coalesce(description, '')), 'C')
  ) stored,

  -- First shown in search; "waiting longest" sorts on it.
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint animals_external_pair check ((external_source is null) = (external_id is null)),
  constraint animals_external_unique unique (shelter_id, external_source, external_id)
);

comment on column public.animals.listed is
  'True while the animal shows in search: status available or pending and its shelter approved. Maintained by triggers.';

-- Search indexes cover only listed animals: the rows search reads, and nothing else. The three
-- that search scans carry the filter columns (INCLUDE), so finding and counting the matches
-- is an index-only scan that never visits the table; only the page's rows are read from it.
-- Place: the cells around a search point, then exact distances from the included location.
-- (A GiST index on `location` does the same work at a quarter of the speed: docs/performance.md.)
create index animals_listed_place_idx on public.animals (grid_cell, type)
  include (location, published_at, id, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
  where listed;
create index animals_listed_recent_idx on public.animals (published_at desc, id desc)
  include (type, age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
  where listed;
create index animals_listed_type_recent_idx on public.animals (type, published_at desc, id desc)
  include (age_group, size, sex, good_with_children, good_with_dogs, good_with_cats)
  where listed;
create index animals_listed_search_idx on public.animals using gin (search_document) where listed;
create index animals_listed_breed_idx on public.animals using gin (breed_words extensions.gin_trgm_ops) where listed;
-- A shelter's page (its listed animals, newest first) and the directory's live counts.
create index animals_listed_shelter_idx on public.animals (shelter_id, published_at desc, id desc) include (status) where listed;
-- The dashboard's list and counts, and the cascade when a shelter goes.
create index animals_shelter_idx on public.animals (shelter_id, status);
create index animals_owner_idx on public.animals (owner_id, updated_at desc);

create table public.animal_photos (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  -- 0 is the primary photo; six places make the limit of six photos per animal.
  position smallint not null check (position between 0 and 5),
  -- An object in the public bucket `animal-photos` (<owner id>/<animal id>/<file>.webp), or a
  -- URL: a synced listing's https picture, or a demo picture served by the app (/images/…).
  storage_path text check (storage_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[A-Za-z0-9._-]{1,100}\.webp$'),
  external_url text check (length(external_url) <= 2000 and external_url ~ '^(https://|/images/)'),
  width integer check (width between 1 and 20000),
  height integer check (height between 1 and 20000),
  alt text check (length(alt) <= 300),
  created_at timestamptz not null default now(),
  constraint animal_photos_one_source check (num_nonnulls(storage_path, external_url) = 1),
  -- Deferred so a reorder can swap positions within one statement or transaction.
  constraint animal_photos_position_unique unique (animal_id, position) deferrable initially deferred
);
-- For the cascade when a user goes (without it, one scan of every photo per user deleted).
create index animal_photos_owner_idx on public.animal_photos (owner_id);

-- Bookkeeping ------------------------------------------------------------------------------

-- Fills the columns an owner may not write: the owner and position come from the shelter,
-- `listed` from the status and the shelter's approval, published_at from the first time the
-- animal is shown. Security definer: it reads the shelter whatever the caller may see; the
-- insert policy then checks that the owner it derived is the caller.
-- The functions that move an animal keep `extensions` on their path: the `location` column
-- calls ll_to_earth(), which before earthdistance 1.2 (Postgres 15) calls cube() unqualified.
create or replace function public.animals_before_write() returns trigger
language plpgsql security definer set search_path = extensions, pg_temp as $$
declare
  shelter record;
begin
  select user_id, latitude, longitude, meeting_completed into shelter
    from public.shelter_profiles where id = new.shelter_id;
  if not found then
    raise exception 'Shelter % not found', new.shelter_id using errcode = '23503';
  end if;
  new.owner_id := shelter.user_id;
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

create trigger animals_before_write before insert or update on public.animals
  for each row execute function public.animals_before_write();

-- A shelter that moves (new ZIP) or is approved / un-approved takes its animals along.
create or replace function public.shelter_profiles_sync_animals() returns trigger
language plpgsql security definer set search_path = extensions, pg_temp as $$
begin
  update public.animals
     set latitude = new.latitude,
         longitude = new.longitude,
         listed = status in ('available', 'pending') and new.meeting_completed
   where shelter_id = new.id;
  return null;
end
$$;

create trigger shelter_profiles_sync_animals
  after update of latitude, longitude, meeting_completed on public.shelter_profiles
  for each row
  when (old.latitude is distinct from new.latitude
     or old.longitude is distinct from new.longitude
     or old.meeting_completed is distinct from new.meeting_completed)
  execute function public.shelter_profiles_sync_animals();

-- A photo belongs to its animal's owner, and a stored photo lives in that owner's folder
-- under the animal's id.
create or replace function public.animal_photos_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select owner_id into new.owner_id from public.animals where id = new.animal_id;
  if new.owner_id is null then
    raise exception 'Animal % not found', new.animal_id using errcode = '23503';
  end if;
  if new.storage_path is not null
     and split_part(new.storage_path, '/', 1) || '/' || split_part(new.storage_path, '/', 2)
         <> new.owner_id::text || '/' || new.animal_id::text then
    raise exception 'A photo is stored under <owner id>/<animal id>/' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger animal_photos_before_write before insert or update on public.animal_photos
  for each row execute function public.animal_photos_before_write();

-- Row-level security -----------------------------------------------------------------------

alter table public.animals enable row level security;
alter table public.animal_photos enable row level security;

-- Written as the rule itself (not the `listed` flag), so table reads depend on no trigger.
create policy "anyone reads listed animals of approved shelters" on public.animals
  for select to anon, authenticated
  using (status in ('available', 'pending')
         and exists (select 1 from public.shelter_profiles s where s.id = shelter_id and s.meeting_completed));
create policy "owners read their animals" on public.animals
  for select to authenticated using ((select auth.uid()) = owner_id);
create policy "owners add animals" on public.animals
  for insert to authenticated with check ((select auth.uid()) = owner_id);
create policy "owners update their animals" on public.animals
  for update to authenticated using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
create policy "owners delete their animals" on public.animals
  for delete to authenticated using ((select auth.uid()) = owner_id);

-- A photo is visible exactly when its animal is, to whoever asks (the animals policies apply
-- inside the subquery).
create policy "photos follow their animal" on public.animal_photos
  for select to anon, authenticated
  using (exists (select 1 from public.animals a where a.id = animal_id));
create policy "owners add photos" on public.animal_photos
  for insert to authenticated with check ((select auth.uid()) = owner_id);
create policy "owners update their photos" on public.animal_photos
  for update to authenticated using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
create policy "owners delete their photos" on public.animal_photos
  for delete to authenticated using ((select auth.uid()) = owner_id);

-- Column privileges: what an owner's INSERT / UPDATE may name at all.
revoke insert, update, delete, truncate on public.animals, public.animal_photos from anon, authenticated;
grant insert (shelter_id, name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
              primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs, good_with_cats,
              house_trained, spayed_neutered, vaccinations_current, special_needs, special_needs_notes, adoption_fee,
              description, status, external_source, external_id)
  on public.animals to authenticated;
grant update (name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
              primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs, good_with_cats,
              house_trained, spayed_neutered, vaccinations_current, special_needs, special_needs_notes, adoption_fee,
              description, status, external_source, external_id)
  on public.animals to authenticated;
grant delete on public.animals to authenticated;
grant insert (animal_id, position, storage_path, external_url, width, height, alt) on public.animal_photos to authenticated;
grant update (position, width, height, alt) on public.animal_photos to authenticated;
grant delete on public.animal_photos to authenticated;

-- Storage: the public bucket of animal photos -------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('animal-photos', 'animal-photos', true, 10 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "animal photos are public" on storage.objects
  for select to anon, authenticated using (bucket_id = 'animal-photos');
create policy "owners upload animal photos to their folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "owners replace animal photos in their folder" on storage.objects
  for update to authenticated
  using (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "owners delete animal photos in their folder" on storage.objects
  for delete to authenticated
  using (bucket_id = 'animal-photos' and (storage.foldername(name))[1] = (select auth.uid()::text));
