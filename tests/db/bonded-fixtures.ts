// Bonded groups in a search test's world, so every search compared there with a
// plain query meets them: search reads one row per group (animals.searchable, its lead). Run
// after the world's animals are in: every eighth listed animal is paired with the next older
// one of its shelter, one pair grows to three, one is unlinked again and one lead is adopted
// (the lead passes on), so leads have been set, moved and given up.
export const BOND_SOME_ANIMALS = `
  select public.bond_pair(a.id, (select b.id from public.animals b
                                  where b.shelter_id = a.shelter_id and b.listed and b.published_at < a.published_at
                                  order by b.published_at desc, b.id desc limit 1))
    from (select a.id, a.shelter_id, a.published_at, row_number() over (order by a.published_at, a.id) as n
            from public.animals a where a.listed) a
   where a.n % 8 = 0
   order by a.published_at;
  select public.bond_pair(g.id, (select b.id from public.animals b
                                  where b.shelter_id = g.shelter_id and b.listed and b.bonded_group_id is null
                                  order by b.published_at, b.id limit 1))
    from (select a.id, a.shelter_id from public.animals a where a.bonded_group_id is not null
           order by a.published_at, a.id limit 1) g;
  update public.animals set bonded_group_id = null
   where id = (select a.id from public.animals a where a.bonded_group_id is not null and not a.bond_lead
                order by a.published_at desc, a.id limit 1);
  update public.animals set status = 'adopted'
   where id = (select a.id from public.animals a where a.bonded_group_id is not null and a.bond_lead
                order by a.published_at, a.id offset 1 limit 1);
`

/** How many listed animals a search must not show (companions of a listed lead): a world's check that it has some. */
export const COUNT_HIDDEN_COMPANIONS = `select count(*)::int as hidden from public.animals where listed and not searchable`
