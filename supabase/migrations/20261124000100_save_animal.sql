-- Saving the edit form is one transaction: the animal's fields, the photos removed, the photos
-- added (their files already uploaded to Storage by the caller) and the new order, with the
-- chosen main photo first. Before, these were four separate writes, and a failure halfway
-- left an animal half saved. Security invoker: row-level security and the column grants
-- decide, as they do for the separate writes; another shelter's animal is "not found".
--
-- `changes` holds the form's columns (the names the edit form and the column grants use);
-- `new_photos` is a JSON array of { storage_path, width, height, alt }. Returns the storage
-- paths of the removed photos, for the caller to delete from Storage once this committed.
create function public.save_animal(
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
begin
  update public.animals a
     set (name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
          primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs,
          good_with_cats, house_trained, spayed_neutered, vaccinations_current, special_needs,
          special_needs_notes, adoption_fee, description)
       = (select r.name, r.type, r.primary_breed, r.secondary_breed, r.mixed_breed, r.age_group,
                 r.birth_date, r.sex, r.size, r.primary_color, r.secondary_color, r.tertiary_color,
                 r.coat, r.good_with_children, r.good_with_dogs, r.good_with_cats, r.house_trained,
                 r.spayed_neutered, r.vaccinations_current, r.special_needs, r.special_needs_notes,
                 r.adoption_fee, r.description
            from jsonb_populate_record(null::public.animals, save_animal.changes) r)
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

revoke execute on function public.save_animal(uuid, jsonb, uuid[], jsonb, uuid) from public, anon;
grant execute on function public.save_animal(uuid, jsonb, uuid[], jsonb, uuid) to authenticated;
