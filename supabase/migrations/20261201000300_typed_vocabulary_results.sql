-- Two functions' results typed by the vocabulary domains, so their rows' generated types carry the
-- unions (a return type changes only by making the function again).
drop function public.animal_type_counts();
create function public.animal_type_counts()
 returns table(type public.animal_type, available bigint, pending bigint)
 language sql
 stable security definer
 set search_path to ''
as $function$
  select t.type::public.animal_type, coalesce(c.available, 0), coalesce(c.pending, 0)
    from unnest(array['dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'])
         with ordinality as t (type, position)
    left join public.listed_animal_counts c on c.type = t.type
   order by t.position
$function$;
revoke execute on function public.animal_type_counts() from public;

drop function public.bonded_companions(animal_ids uuid[]);
create function public.bonded_companions(animal_ids uuid[])
 returns table(animal_id uuid, animal_leads boolean, id uuid, name text, status public.animal_status, photo_path text,
               photo_url text, photo_alt text)
 language sql
 stable
 set search_path to ''
as $function$
  select a.id, a.bond_lead, c.id, c.name, c.status, p.storage_path, p.external_url, p.alt
    from public.animals a
    join public.animals c on c.bonded_group_id = a.bonded_group_id and c.id <> a.id
    left join lateral (select ph.storage_path, ph.external_url, ph.alt from public.animal_photos ph
                        where ph.animal_id = c.id order by ph.position limit 1) p on true
   where a.id = any (animal_ids) and a.bonded_group_id is not null
   order by a.id, c.published_at nulls last, c.name, c.id
$function$;
revoke execute on function public.bonded_companions(animal_ids uuid[]) from public;
