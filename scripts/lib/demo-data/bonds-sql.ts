// SQL that bonds a few demo animals in pairs: at every fifth shelter, its two
// earliest available dogs (or cats, where it has no two dogs) go home together. Deterministic,
// like the rest of the demo; runs after animalsSql(), as the database owner, so the group
// triggers set each pair's lead.
export function bondsSql(): string {
  return `
-- Bonded pairs: two available animals of one type at every fifth shelter, adopted together.
create temporary table demo_pairs as
select distinct on (shelter_id) shelter_id, first_id, second_id
  from (
    select a.shelter_id, a.type,
           (array_agg(a.id order by a.published_at, a.id))[1] as first_id,
           (array_agg(a.id order by a.published_at, a.id))[2] as second_id
      from public.animals a
      join (select id, row_number() over (order by slug) as n from public.shelter_profiles
             where user_id in (select id from auth.users where raw_app_meta_data ->> 'demo' = 'true')) s
        on s.id = a.shelter_id and s.n % 5 = 0
     where a.status = 'available' and a.type in ('dog', 'cat')
     group by a.shelter_id, a.type
    having count(*) >= 2
  ) candidates
 order by shelter_id, type;
insert into public.bonded_groups (id, shelter_id)
select md5('pawhaven-demo-bond-' || first_id)::uuid, shelter_id from demo_pairs;
update public.animals a
   set bonded_group_id = md5('pawhaven-demo-bond-' || p.first_id)::uuid,
       description = coalesce(a.description || E'\\n\\n', '') || a.name || ' and ' || other.name
         || ' are a bonded pair: they have shared a kennel, a blanket and every walk, and they go home together.'
  from demo_pairs p
  join public.animals other on other.id in (p.first_id, p.second_id)
 where a.id in (p.first_id, p.second_id) and other.id <> a.id;
drop table demo_pairs;
`
}
