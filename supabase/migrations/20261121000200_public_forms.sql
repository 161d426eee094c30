-- The public site's two forms: the footer's newsletter box and the support / contact message
-- form. Anyone (anon or signed in) may add a row; nobody but the service role reads, changes
-- or deletes them. The app calls the two security definer functions below, which return what
-- the visitor needs (nothing, or a reference number) without granting any read access.

create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  created_at timestamptz not null default now()
);
comment on table public.newsletter_subscriptions is 'Weekly-update subscribers from the footer box; one row per email, compared case-insensitively.';

create unique index newsletter_subscriptions_email_key on public.newsletter_subscriptions (lower(email));

alter table public.newsletter_subscriptions enable row level security;
create policy "anyone subscribes" on public.newsletter_subscriptions
  for insert to anon, authenticated with check (true);

revoke all on public.newsletter_subscriptions from anon, authenticated;
grant insert (email) on public.newsletter_subscriptions to anon, authenticated;

-- Subscribing twice is a friendly no-op, and the answer is the same either way, so the form
-- never reveals whether an address was already on the list.
create or replace function public.subscribe_newsletter(email text) returns void
language sql security definer set search_path = '' as $$
  insert into public.newsletter_subscriptions (email)
  values (trim(subscribe_newsletter.email))
  on conflict ((lower(email))) do nothing;
$$;

revoke execute on function public.subscribe_newsletter(text) from public;
grant execute on function public.subscribe_newsletter(text) to anon, authenticated, service_role;

-- A reference a person can read out on the phone: PH-XXXX-XXXX without 0/O or 1/I/L.
create or replace function public.support_reference() returns text
language sql volatile set search_path = '' as $$
  select 'PH-' || substr(code, 1, 4) || '-' || substr(code, 5, 4)
  from (
    select string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '') as code
    from generate_series(1, 8)
  ) as generated;
$$;

create table public.support_messages (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique default public.support_reference(),
  -- The sender's account when they were signed in; kept (as null) if the account goes.
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  name text not null check (length(trim(name)) between 1 and 100),
  email text not null check (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  organization text check (length(organization) <= 200),
  subject text not null check (subject in ('technical_support', 'account_issues', 'feature_request', 'general_inquiry')),
  message text not null check (length(trim(message)) between 10 and 5000),
  priority text not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent')),
  created_at timestamptz not null default now()
);
comment on table public.support_messages is 'Messages from the /support and /contact forms, read by staff with the service role.';

create index support_messages_created_at_idx on public.support_messages (created_at desc);

alter table public.support_messages enable row level security;
create policy "anyone sends a message as themselves" on public.support_messages
  for insert to anon, authenticated with check (user_id is null or user_id = (select auth.uid()));

revoke all on public.support_messages from anon, authenticated;
grant insert (name, email, organization, subject, message, priority) on public.support_messages to anon, authenticated;

-- Stores one message and returns its reference number (inserting directly works too, but a
-- caller without SELECT could never learn the reference).
create or replace function public.submit_support_message(
  name text,
  email text,
  subject text,
  message text,
  organization text default null,
  priority text default 'normal'
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  new_reference text;
begin
  -- A reference collision is astronomically rare, but a retry costs nothing.
  for attempt in 1..3 loop
    begin
      insert into public.support_messages (name, email, organization, subject, message, priority)
      values (
        trim(submit_support_message.name),
        trim(submit_support_message.email),
        nullif(trim(submit_support_message.organization), ''),
        submit_support_message.subject,
        trim(submit_support_message.message),
        coalesce(submit_support_message.priority, 'normal')
      )
      returning reference into new_reference;
      return new_reference;
    exception when unique_violation then
      if attempt = 3 then raise; end if;
    end;
  end loop;
  return null;
end
$$;

revoke execute on function public.submit_support_message(text, text, text, text, text, text) from public;
grant execute on function public.submit_support_message(text, text, text, text, text, text) to anon, authenticated, service_role;
