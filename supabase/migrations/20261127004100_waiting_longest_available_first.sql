-- The home page's 'Waiting the Longest' row (issue 14, part 4): the listed animals published
-- longest ago, those still available first and then, to fill the row, those whose adoption is
-- pending (a pending animal may be gone by the time a visitor calls). The same cards as search.
-- Each part walks the publication-order index from its oldest end and stops once the row is
-- full (the status is read from the table for the entries walked: a few dozen).
create or replace function public.waiting_longest(row_size integer default 6)
returns json
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  wanted integer := least(greatest(coalesce(row_size, 6), 1), 48);
  available_ids uuid[];
  pending_ids uuid[] := '{}';
begin
  available_ids := array(select a.id from public.animals a where a.listed and a.status = 'available'
                          order by a.published_at, a.id limit wanted);
  if cardinality(available_ids) < wanted then
    pending_ids := array(select a.id from public.animals a where a.listed and a.status = 'pending'
                          order by a.published_at, a.id limit wanted - cardinality(available_ids));
  end if;
  return public.animal_cards(available_ids || pending_ids);
end
$$;

revoke execute on function public.waiting_longest from public;
grant execute on function public.waiting_longest to anon, authenticated, service_role;
