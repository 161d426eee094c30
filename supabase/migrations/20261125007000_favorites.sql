-- Favorites (issue 12): an adopter saves animals and finds them again at /account/favorites,
-- with where each one stands now. A favorite is the person's own: nobody else reads it, not
-- even the shelter (how many people saved an animal is for analytics, later, as a count).

create table public.favorites (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  animal_id uuid not null references public.animals (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, animal_id)
);
comment on table public.favorites is 'Animals a person saved; theirs alone.';
create index favorites_animal_idx on public.favorites (animal_id);

alter table public.favorites enable row level security;
create policy "people read their own favorites" on public.favorites
  for select to authenticated using (user_id = (select auth.uid()));
-- Only what the person can see listed may be saved (the animals policy decides inside exists).
create policy "people save listed animals for themselves" on public.favorites
  for insert to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.animals a where a.id = animal_id and a.listed));
create policy "people remove their own favorites" on public.favorites
  for delete to authenticated using (user_id = (select auth.uid()));
revoke all on public.favorites from anon, authenticated;
grant select, delete on public.favorites to authenticated;
grant insert (animal_id) on public.favorites to authenticated;

/**
 * The caller's favorites as result cards, newest saved first, with each animal's status now:
 * available and adoption pending as listed, and adopted ones too (they stay, marked, until the
 * person removes them). Archived animals and those of shelters no longer listed drop out, as
 * they do from every public page.
 */
create or replace function public.my_favorites() returns json
language sql stable security definer set search_path = '' as $$
  select public.animal_cards(coalesce(array_agg(f.animal_id order by f.created_at desc), '{}'), null)
    from public.favorites f
    join public.animals a on a.id = f.animal_id
    join public.shelter_profiles s on s.id = a.shelter_id
   where f.user_id = (select auth.uid())
     and a.status in ('available', 'pending', 'adopted')
     and s.listed;
$$;
revoke execute on function public.my_favorites() from public, anon;
grant execute on function public.my_favorites() to authenticated;
