-- An adopter's own settings (issue 12): the name shelters see when they write back, the ZIP that
-- searches start from, and which emails they want. Theirs alone; deleting the account deletes it.

create table public.adopter_profiles (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  display_name text check (length(display_name) between 1 and 100),
  zip_code text check (zip_code ~ '^[0-9]{5}$'),
  -- Which emails the person wants; each email the site sends for them checks its own switch.
  email_messages boolean not null default true,
  email_applications boolean not null default true,
  email_alerts boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.adopter_profiles is 'A person''s own settings: name, home ZIP, email preferences.';
create trigger adopter_profiles_updated_at before update on public.adopter_profiles
  for each row execute function public.set_updated_at();

alter table public.adopter_profiles enable row level security;
create policy "people read their own settings" on public.adopter_profiles
  for select to authenticated using (user_id = (select auth.uid()));
create policy "people make their own settings" on public.adopter_profiles
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "people change their own settings" on public.adopter_profiles
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
revoke all on public.adopter_profiles from anon, authenticated;
grant select on public.adopter_profiles to authenticated;
grant insert (display_name, zip_code, email_messages, email_applications, email_alerts) on public.adopter_profiles to authenticated;
grant update (display_name, zip_code, email_messages, email_applications, email_alerts) on public.adopter_profiles to authenticated;
