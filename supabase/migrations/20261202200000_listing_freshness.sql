-- Freshness on every listing: when an animal's status was last confirmed, and how (a member's
-- save, a sync run that saw it, the shelter's one-click answer). A sync run confirms every animal
-- it saw, changed or not; a listing left stale (stale_at) is out of search, alerts and the map
-- through `listed` (and so `searchable`), while its page stays.

alter table public.animals
  add column confirmed_at timestamp with time zone,
  add column confirmed_via text,
  add column stale_at timestamp with time zone,
  add column stale_prompted_at timestamp with time zone;

-- The listings already here were last confirmed when they last changed. Written with the row
-- triggers off: animals_before_write would stamp updated_at and nothing else here needs them.
alter table public.animals disable trigger animals_before_write;
update public.animals
   set confirmed_at = updated_at,
       confirmed_via = case when source_id is null then 'shelter' else 'sync' end;
alter table public.animals enable trigger animals_before_write;

alter table public.animals
  alter column confirmed_at set default now(),
  alter column confirmed_at set not null,
  alter column confirmed_via set default 'shelter',
  alter column confirmed_via set not null,
  add constraint animals_confirmed_via_check CHECK ((confirmed_via = ANY (ARRAY['shelter'::text, 'sync'::text, 'email'::text])));

comment on column public.animals.confirmed_at is 'When the animal''s status was last confirmed: a member''s save, a sync run that saw it, or the shelter''s one-click answer.';
comment on column public.animals.confirmed_via is 'How it was last confirmed: shelter (saved by a member), sync (a sync run saw it), email (a one-click answer).';
comment on column public.animals.stale_at is 'When the listing left search for being unconfirmed too long (null while it is in search); its page stays.';
comment on column public.animals.stale_prompted_at is 'When the shelter''s team was last asked to confirm it (null since its last confirmation).';
comment on column public.animals.listed is 'True while the animal shows in search: status available or pending, its shelter approved and the listing not stale. Maintained by triggers.';

CREATE OR REPLACE FUNCTION public.animals_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'extensions', 'pg_temp'
AS $function$
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
  -- A member's save confirms the listing: it is back in search if it had gone stale.
  if auth.uid() is not null then
    new.confirmed_at := now();
    new.confirmed_via := 'shelter';
    new.stale_at := null;
    new.stale_prompted_at := null;
  end if;
  new.listed := new.status in ('available', 'pending') and shelter.listed and new.stale_at is null;
  if new.published_at is null and new.listed then
    new.published_at := now();
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION public.shelter_profiles_sync_animals()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'extensions', 'pg_temp'
AS $function$
begin
  update public.animals
     set latitude = new.latitude,
         longitude = new.longitude,
         listed = status in ('available', 'pending') and new.listed and stale_at is null
   where shelter_id = new.id;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION public.write_source_animals(source public.sync_sources, items jsonb, OUT added integer, OUT updated integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'extensions', 'pg_temp'
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  shelter record;
  writer uuid := auth.uid();
  changed record;
  -- The photo rows of the animals whose list changed, before this run touches them.
  photo_rows uuid[];
begin
  select p.user_id, p.latitude, p.longitude, p.listed into shelter from public.shelter_profiles p where p.id = source.shelter_id;
  -- animals_before_write refuses nothing here: this statement writes what it would (below).
  if found and (writer is null or public.is_shelter_member(source.shelter_id, 'staff')) then
    perform set_config('pawhaven.writing_source_animals', 'on', true);
  end if;
  -- The foreign keys and row triggers reuse their plans; this statement is planned afresh.
  perform set_config('plan_cache_mode', 'auto', true);
  execute $write$
    with incoming as (
      select r.*, md5(i.item::text) as hash, i.item->'photos' as photos, coalesce(r.status, 'available') as listing_status
        from jsonb_array_elements($1) as i(item)
        cross join lateral jsonb_populate_record(null::public.animals, i.item) as r
    ),
    before as materialized (
      select a.id, a.external_id, a.source_hash, a.status, a.source_photos
        from public.animals a
       where a.shelter_id = $2 and a.external_source = 'sync:' || $3
         and a.external_id in (select incoming.external_id from incoming)
    ),
    -- The rows the upsert would write: new, changed, or listed again.
    todo as (
      select r.*
        from incoming r
        left join before b on b.external_id = r.external_id
       where b.id is null or b.source_hash is distinct from r.hash or b.status is distinct from r.listing_status
    ),
    written as (
      insert into public.animals as a (
        shelter_id, source_id, external_source, external_id, owner_id, name, type, primary_breed, secondary_breed, mixed_breed,
        age_group, birth_date, sex, size, primary_color, secondary_color, tertiary_color, coat,
        good_with_children, good_with_dogs, good_with_cats, house_trained, spayed_neutered, vaccinations_current,
        special_needs, special_needs_notes, adoption_fee, description, status, source_hash, source_photos,
        latitude, longitude, listed, published_at, confirmed_at, confirmed_via)
      select $2, $3, 'sync:' || $3, r.external_id,
             -- The member writing; else the shelter's creator (an import, the demo seed).
             coalesce($5, $4),
             r.name, r.type, r.primary_breed, r.secondary_breed,
             coalesce(r.mixed_breed, false), r.age_group, r.birth_date, coalesce(r.sex, 'unknown'),
             -- No size given: medium, as the dashboard's form starts (and as ASM3 sends an unknown one).
             coalesce(r.size, 'medium'), r.primary_color,
             r.secondary_color, r.tertiary_color, r.coat, coalesce(r.good_with_children, 'unknown'),
             coalesce(r.good_with_dogs, 'unknown'), coalesce(r.good_with_cats, 'unknown'), r.house_trained,
             r.spayed_neutered, r.vaccinations_current, r.special_needs,
             r.special_needs_notes, r.adoption_fee, r.description, r.listing_status, r.hash, coalesce(r.photos, '[]'),
             -- As animals_before_write: the shelter's place, listed when its status shows and the
             -- shelter is listed, published the first time it shows.
             $6, $7, r.listing_status in ('available', 'pending') and $8,
             case when r.listing_status in ('available', 'pending') then now() end,
             now(), 'sync'
        from todo r
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
             source_hash = excluded.source_hash, source_photos = excluded.source_photos,
             latitude = excluded.latitude, longitude = excluded.longitude, listed = excluded.listed,
             published_at = coalesce(a.published_at, excluded.published_at), updated_at = now(),
             confirmed_at = now(), confirmed_via = 'sync', stale_at = null, stale_prompted_at = null
       -- An archived animal that comes back is listed again even when its row is the same.
       where a.source_hash is distinct from excluded.source_hash or a.status is distinct from excluded.status
      returning a.id, (xmax = 0) as inserted, a.source_photos
    ),
    -- The animals this run saw unchanged are confirmed too: the sync says they are as listed.
    confirmed as (
      update public.animals a
         set confirmed_at = now(), confirmed_via = 'sync', stale_at = null, stale_prompted_at = null,
             listed = case when a.stale_at is null then a.listed else a.status in ('available', 'pending') and $8 end
        from before b
       where a.id = b.id
         and not exists (select 1 from todo t where t.external_id = b.external_id)
      returning a.id
    )
    select count(*) filter (where w.inserted) as added, count(*) filter (where not w.inserted) as updated,
           -- Photos to set: a new animal's, or a list that changed.
           coalesce(array_agg(w.id) filter (where (b.id is null and w.source_photos is distinct from '[]'::jsonb)
                                               or (b.id is not null and b.source_photos is distinct from w.source_photos)), '{}') as photo_ids
      from written w left join before b on b.id = w.id
  $write$ into changed
    using items, source.shelter_id, source.id, shelter.user_id, writer, shelter.latitude, shelter.longitude, shelter.listed;
  perform set_config('plan_cache_mode', 'force_custom_plan', true);
  perform set_config('pawhaven.writing_source_animals', 'off', true);

  added := changed.added;
  updated := changed.updated;
  -- No photo list changed (a run that changed nothing, or details only): nothing more to do.
  if cardinality(changed.photo_ids) = 0 then
    return;
  end if;

  -- Each animal's photo rows through the index (OFFSET 0 keeps the subquery from being
  -- flattened into a join, so it stays a lookup per animal).
  select coalesce(array_agg(p.id), '{}') into photo_rows
    from unnest(changed.photo_ids) as c(animal_id)
    cross join lateral (select q.id from public.animal_photos q where q.animal_id = c.animal_id offset 0) as p;

  -- The photos of the animals whose list changed (the first six URLs): a stored copy of a URL
  -- still listed is kept and moved to its place; the rest go; a new https URL shows as it is
  -- until the worker stores a copy (fetch_synced_photos, which also fetches http ones).
  delete from public.animal_photos p
   using public.animals a
   where p.id = any (photo_rows) and a.id = p.animal_id
     and (p.source_url is null or p.storage_path is null
          or not exists (select 1 from jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
                          where u.url = p.source_url and u.n <= 6));
  update public.animal_photos p
     set position = (u.n - 1)::smallint
    from public.animals a
    cross join lateral jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
   where p.id = any (photo_rows) and a.id = p.animal_id and u.url = p.source_url and u.n <= 6;
  insert into public.animal_photos (animal_id, position, external_url, source_url)
  select a.id, (u.n - 1)::smallint, u.url, u.url
    from public.animals a
    cross join lateral jsonb_array_elements_text(a.source_photos) with ordinality u(url, n)
   where a.id = any (changed.photo_ids) and u.n <= 6 and u.url ~ '^https://' and length(u.url) <= 2000
     and not exists (select 1 from public.animal_photos p where p.id = any (photo_rows) and p.animal_id = a.id and p.source_url = u.url);
  -- (Also for a list that became empty: the worker removes the stored copies nobody shows.)
  perform public.enqueue_job('fetch_synced_photos', jsonb_build_object('animal_id', a.id), now(), 'fetch_synced_photos:' || a.id)
     from public.animals a
    where a.id = any (changed.photo_ids)
      and (jsonb_array_length(a.source_photos) > 0
           or exists (select 1 from storage.objects o where o.bucket_id = 'animal-photos' and o.name like a.shelter_id || '/' || a.id || '/%'));
end
$function$;

-- How fresh each listing is, for its page and its card: when and how it was last confirmed,
-- the sync source's kind and format when a sync confirmed it, and whether it has gone stale.
-- Only animals anyone may read (as the public policy on animals says) or the member's own.
create function public.animal_freshness(animal_ids uuid[])
 returns table (animal_id uuid, confirmed_at timestamp with time zone, confirmed_via text, source_kind text, source_format text, stale boolean)
 language sql
 stable security definer
 set search_path to ''
as $function$
  select a.id, a.confirmed_at, a.confirmed_via,
         case when a.confirmed_via = 'sync' then src.kind end,
         case when a.confirmed_via = 'sync' then src.format end,
         a.stale_at is not null
    from public.animals a
    join public.shelter_profiles s on s.id = a.shelter_id
    left join public.sync_sources src on src.id = a.source_id
   where a.id = any (animal_freshness.animal_ids)
     and ((a.status in ('available', 'pending') and s.listed) or a.shelter_id = public.my_shelter_id())
$function$;
revoke execute on function public.animal_freshness(animal_ids uuid[]) from public;
