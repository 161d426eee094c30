-- Stored copies of synced photos (issue 13, decision 030). import_snapshot shows a synced
-- animal's https photo URLs as they are and enqueues fetch_synced_photos; the worker fetches
-- each URL, re-encodes it like an upload, stores it as <shelter id>/<animal id>/sync-<hash>.webp
-- and calls store_synced_photo to put the copy in the URL's place. The swap is one function,
-- so nobody sees the animal with the photo missing or twice, and it checks, under a lock on the
-- animal, that the URL is still among the animal's first six: a snapshot that came in while
-- the picture was being fetched wins, and the worker removes the copy nobody shows.

/**
 * Puts the stored copy of `source_url` in that URL's place among the synced animal's photos,
 * replacing the URL's external row (or adding the photo, for an http URL that had none).
 * Returns false, changing nothing, when the animal is gone or no longer synced, when the URL
 * is no longer among its first six photos, or when all six places hold other photos.
 */
create or replace function public.store_synced_photo(
  animal_id uuid,
  source_url text,
  storage_path text,
  width integer,
  height integer
) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  animal record;
  place smallint;
begin
  select a.id, a.shelter_id, a.source_id, a.name, a.source_photos into animal
    from public.animals a where a.id = store_synced_photo.animal_id
   for update;
  if not found or animal.source_id is null then
    return false;
  end if;
  -- The worker's own names only: an upload's picture is never pointed at from here.
  if store_synced_photo.storage_path is null
     or store_synced_photo.storage_path !~ ('^' || animal.shelter_id || '/' || animal.id || '/sync-[0-9a-f]{16,64}\.webp$') then
    raise exception 'A synced photo is stored as <shelter id>/<animal id>/sync-<hash>.webp' using errcode = '22023';
  end if;

  select (u.n - 1)::smallint into place
    from jsonb_array_elements_text(case when jsonb_typeof(animal.source_photos) = 'array' then animal.source_photos else '[]' end)
         with ordinality u(url, n)
   where u.url = store_synced_photo.source_url and u.n <= 6
   order by u.n
   limit 1;
  if place is null then
    return false;
  end if;
  if exists (select 1 from public.animal_photos p
              where p.animal_id = animal.id and p.source_url = store_synced_photo.source_url
                and p.storage_path = store_synced_photo.storage_path) then
    return true;
  end if;
  -- A photo that is not this URL's in the place (one a person added since the last snapshot):
  -- the copy takes the first free place instead of failing the unique (animal_id, position).
  if exists (select 1 from public.animal_photos p
              where p.animal_id = animal.id and p.position = place
                and p.source_url is distinct from store_synced_photo.source_url) then
    select min(s.position)::smallint into place
      from generate_series(0, 5) s(position)
     where not exists (select 1 from public.animal_photos p
                        where p.animal_id = animal.id and p.position = s.position
                          and p.source_url is distinct from store_synced_photo.source_url);
    if place is null then
      return false;
    end if;
  end if;

  delete from public.animal_photos p
   where p.animal_id = animal.id and p.source_url = store_synced_photo.source_url;
  insert into public.animal_photos (animal_id, position, storage_path, width, height, alt, source_url)
  values (animal.id, place, store_synced_photo.storage_path, store_synced_photo.width, store_synced_photo.height,
          left('Photo of ' || animal.name, 300), store_synced_photo.source_url);
  return true;
end
$$;
revoke execute on function public.store_synced_photo(uuid, text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.store_synced_photo(uuid, text, text, integer, integer) to service_role;
