-- 'Get Notified' on the dashboard Overview (hardening issue): a shelter asks to hear when the
-- full dashboard arrives. One row per account and feature; asking twice changes nothing.
create table public.feature_notification_requests (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  feature text not null check (feature in ('full_dashboard')),
  created_at timestamptz not null default now(),
  primary key (user_id, feature)
);
comment on table public.feature_notification_requests is 'Who asked to be told when a feature arrives (the Overview''s Get Notified); read by staff with the service role.';

alter table public.feature_notification_requests enable row level security;
create policy "people see their own requests" on public.feature_notification_requests
  for select to authenticated using (user_id = (select auth.uid()));
create policy "people ask for themselves" on public.feature_notification_requests
  for insert to authenticated with check (user_id = (select auth.uid()));

revoke all on public.feature_notification_requests from anon, authenticated;
grant select on public.feature_notification_requests to authenticated;
grant insert (feature) on public.feature_notification_requests to authenticated;
