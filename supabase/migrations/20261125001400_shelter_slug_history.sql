-- A shelter's public address follows its name at any time (hardening issue): the slug froze at
-- approval ('/shelters/new-shelter-04bc62' for good). Every slug a shelter leaves behind is
-- kept here, so old links answer 301 to the current address. A slug holds six characters of
-- the shelter's id, so two shelters never share one.
create table public.shelter_slug_history (
  slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  retired_at timestamptz not null default now()
);
comment on table public.shelter_slug_history is 'Earlier /shelters/<slug> addresses of each shelter, redirected to the current one.';
create index shelter_slug_history_shelter_idx on public.shelter_slug_history (shelter_id);

alter table public.shelter_slug_history enable row level security;
-- As public as the shelter itself: an approved shelter's old addresses, to anyone.
create policy "old addresses of approved shelters are public" on public.shelter_slug_history
  for select to anon, authenticated
  using (exists (select 1 from public.shelter_profiles p where p.id = shelter_id and p.meeting_completed));
revoke all on public.shelter_slug_history from anon, authenticated;
grant select on public.shelter_slug_history to anon, authenticated;

create or replace function public.refresh_shelter_slug() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.shelter_name is distinct from old.shelter_name then
    new.slug := public.shelter_slug(new.shelter_name, new.id);
  end if;
  -- (A row whose id changes is being re-made, as the demo seed does: nobody links to it yet.)
  if new.slug is distinct from old.slug and new.id = old.id then
    insert into public.shelter_slug_history (slug, shelter_id) values (old.slug, new.id)
    on conflict (slug) do update set retired_at = now();
    -- A name given back brings its address back: it is current again, not a redirect.
    delete from public.shelter_slug_history where slug = new.slug;
  end if;
  return new;
end
$$;

drop trigger shelter_profiles_slug_follows_name on public.shelter_profiles;
drop function public.refresh_unapproved_shelter_slug();
create trigger shelter_profiles_slug_follows_name before update on public.shelter_profiles
  for each row execute function public.refresh_shelter_slug();
