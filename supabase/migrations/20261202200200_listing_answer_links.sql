-- The stale-listing prompt: a hand-entered listing unconfirmed for `listing_prompt_after_days`
-- (30) gets the shelter's team an email with one-click answers per animal (still available,
-- adopted, on hold): signed links, valid `listing_answer_link_days` (14), each usable once. The
-- listing leaving search at 45 days sends the same email again, so one click brings it back.

insert into public.app_settings (key, value) values ('listing_prompt_after_days', to_jsonb(30)), ('listing_answer_link_days', to_jsonb(14))
on conflict (key) do nothing;

create table public.listing_answer_links (
  nonce uuid default gen_random_uuid() not null,
  animal_id uuid not null,
  expires_at timestamp with time zone not null,
  used_at timestamp with time zone,
  answer text,
  created_at timestamp with time zone default now() not null,
  constraint listing_answer_links_pkey PRIMARY KEY (nonce),
  constraint listing_answer_links_answer_check CHECK ((answer = ANY (ARRAY['available'::text, 'adopted'::text, 'on_hold'::text]))),
  constraint listing_answer_links_animal_id_fkey FOREIGN KEY (animal_id) REFERENCES public.animals(id) ON DELETE CASCADE
);
alter table public.listing_answer_links enable row level security;
revoke all on table public.listing_answer_links from anon, authenticated;
comment on table public.listing_answer_links is 'One per animal per stale-listing email: the nonce its signed one-click links carry, used once (answer_listing_check).';

create index listing_answer_links_animal_idx on public.listing_answer_links using btree (animal_id);

-- One pass as of `at`: listings due a prompt, then listings due to leave search, each claimed
-- with SKIP LOCKED and emailed (owners, admins and staff) in the same transaction, so two workers
-- neither skip nor repeat one. Returns how many listings it handled.
create or replace function public.keep_listings_fresh(at timestamp with time zone default now(), batch_size integer default 200)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  prompt_after interval := make_interval(days => coalesce(
    (select (s.value)::integer from public.app_settings s where s.key = 'listing_prompt_after_days'), 30));
  stale_after interval := make_interval(days => coalesce(
    (select (s.value)::integer from public.app_settings s where s.key = 'listing_stale_after_days'), 45));
  link_days interval := make_interval(days => coalesce(
    (select (s.value)::integer from public.app_settings s where s.key = 'listing_answer_link_days'), 14));
  handled integer := 0;
  shelter_batch record;
begin
  for shelter_batch in
    with due as (
      select a.id, (a.confirmed_at < keep_listings_fresh.at - stale_after) as leaving
        from public.animals a
       where a.source_id is null
         and a.status in ('available', 'pending')
         and a.stale_at is null
         and (a.confirmed_at < keep_listings_fresh.at - stale_after
              or (a.stale_prompted_at is null and a.confirmed_at < keep_listings_fresh.at - prompt_after))
       order by a.confirmed_at
       limit keep_listings_fresh.batch_size
         for update skip locked
    ),
    marked as (
      update public.animals a
         set stale_prompted_at = keep_listings_fresh.at,
             stale_at = case when due.leaving then keep_listings_fresh.at end
        from due
       where a.id = due.id
      returning a.id, a.shelter_id, a.name, due.leaving
    ),
    links as (
      insert into public.listing_answer_links (animal_id, expires_at)
      select m.id, keep_listings_fresh.at + link_days from marked m
      returning nonce, animal_id, expires_at
    )
    select m.shelter_id, m.leaving, count(*)::integer as animals,
           jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name, 'nonce', l.nonce, 'expires_at', l.expires_at) order by m.name, m.id) as listed
      from marked m join links l on l.animal_id = m.id
     group by m.shelter_id, m.leaving
  loop
    perform public.email_shelter_team(shelter_batch.shelter_id, 'staff', 'listing_check',
      jsonb_build_object('left_search', shelter_batch.leaving, 'animals', shelter_batch.listed));
    handled := handled + shelter_batch.animals;
  end loop;
  return handled;
end
$function$;
revoke execute on function public.keep_listings_fresh(at timestamp with time zone, batch_size integer) from public, anon, authenticated;

-- A one-click answer, after the app checked the link's signature (signed-out visitors call it;
-- the time is the database's own, so no caller can move a link's expiry): the animal's status set and
-- its listing confirmed (back in search if it had left), the link used up. 'unknown', 'used' or
-- 'expired' when the link cannot be used; the animal's name and id when it was.
create function public.answer_listing_check(nonce uuid, answer text)
 returns json
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  link public.listing_answer_links;
  pet record;
begin
  if answer_listing_check.answer not in ('available', 'adopted', 'on_hold') then
    return json_build_object('outcome', 'unknown');
  end if;
  select * into link from public.listing_answer_links l where l.nonce = answer_listing_check.nonce for update;
  if not found then
    return json_build_object('outcome', 'unknown');
  elsif link.used_at is not null then
    return json_build_object('outcome', 'used');
  elsif link.expires_at <= now() then
    return json_build_object('outcome', 'expired');
  end if;
  update public.listing_answer_links l set used_at = now(), answer = answer_listing_check.answer
   where l.nonce = link.nonce;
  update public.animals a
     set status = case answer_listing_check.answer when 'available' then 'available' when 'on_hold' then 'pending' else 'adopted' end,
         confirmed_at = now(), confirmed_via = 'email', stale_at = null, stale_prompted_at = null
   where a.id = link.animal_id
  returning a.id, a.name into pet;
  return json_build_object('outcome', 'answered', 'animal_id', pet.id, 'animal_name', pet.name);
end
$function$;
revoke execute on function public.answer_listing_check(nonce uuid, answer text) from public;
