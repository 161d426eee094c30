-- A shelter puts an animal's photos in the order it wants (the first is the main photo, the
-- one adopters see first) in one statement, so photos can swap places under the deferred
-- unique (animal_id, position) constraint. Security invoker: row-level security decides, so
-- only the animal's owner moves its photos. `photo_ids` lists every photo of the animal in
-- the new order; a partial list that would leave two photos in one place fails as a whole.
create function public.reorder_animal_photos(target_animal uuid, photo_ids uuid[]) returns void
language sql security invoker set search_path = '' as $$
  update public.animal_photos p
     set position = array_position(photo_ids, p.id) - 1
   where p.animal_id = target_animal
     and p.id = any (photo_ids)
     and p.position is distinct from array_position(photo_ids, p.id) - 1;
$$;

revoke execute on function public.reorder_animal_photos(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_animal_photos(uuid, uuid[]) to authenticated;
