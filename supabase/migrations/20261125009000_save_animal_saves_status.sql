-- The dashboard's edit form has a Status select that save_animal never saved (it changed every
-- other field but left the status as it was). It saves it now; a volunteer still cannot change
-- it (animals_before_write refuses), and the server sends a volunteer's notes only.
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
          special_needs_notes, adoption_fee, description, status)
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
                 case when c ? 'description' then r.description else a.description end,
                 case when c ? 'status' then r.status else a.status end
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
