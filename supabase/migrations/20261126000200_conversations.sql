-- Questions to shelters (issue 12): an adopter asks about an animal, which starts a conversation
-- between them and the animal's shelter; both sides write in it, and each new message emails the
-- other side with a link and a short excerpt.
--
-- Who reads a conversation and its messages: its adopter, and the owners, admins and staff of
-- its shelter. Not volunteers, not Pawhaven staff, not other shelters. Nobody writes a table
-- through the API: every change goes through a security definer function below that checks the
-- caller, the rules (closed threads, blocked senders) and the per-person limits on new threads.
--
-- Deleting an adopter's account sets conversations.adopter_id to null; a trigger on that change
-- blanks the text of everything they wrote and closes the thread. The shelter keeps that the
-- conversation existed, about which animal and when, and its own replies (decision 027).

-- Tables --------------------------------------------------------------------------------------------

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  animal_id uuid references public.animals (id) on delete set null,
  -- Kept as written: the thread still says what it was about once the animal is deleted.
  animal_name text not null,
  -- Null once the adopter deleted their account (conversations_forget_adopter).
  adopter_id uuid references auth.users (id) on delete set null,
  status text not null default 'open' check (status in ('open', 'closed')),
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  -- The newest message of each side, and when each side last read the thread: a side has unread
  -- messages while the other side's newest is later than its own read marker. One marker for
  -- the shelter: any member who reads the thread reads it for the team.
  last_adopter_message_at timestamptz,
  last_shelter_message_at timestamptz,
  adopter_read_at timestamptz,
  shelter_read_at timestamptz,
  closed_at timestamptz,
  check ((status = 'closed') = (closed_at is not null))
);
comment on table public.conversations is 'An adopter''s questions to a shelter about one animal; read by the adopter and the shelter''s owners, admins and staff.';
create index conversations_shelter_idx on public.conversations (shelter_id, status, last_message_at desc, id);
create index conversations_adopter_idx on public.conversations (adopter_id, last_message_at desc);
-- The rate limit counts a person's new threads by when they started them.
create index conversations_adopter_started_idx on public.conversations (adopter_id, created_at);
-- One open thread per person and animal: asking again adds to it.
create unique index conversations_one_open_per_animal on public.conversations (adopter_id, animal_id) where status = 'open';

create table public.messages (
  id bigint generated always as identity primary key,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null,
  sender text not null check (sender in ('adopter', 'shelter')),
  body text not null,
  created_at timestamptz not null default now(),
  -- Set when the adopter's account was deleted: the text is gone, the message's place stays.
  removed_at timestamptz,
  check (case when removed_at is null then length(body) between 1 and 2000 else body = '' end)
);
comment on table public.messages is 'The messages of a conversation, from its adopter or its shelter.';
create index messages_conversation_idx on public.messages (conversation_id, created_at, id);
create index messages_author_idx on public.messages (author_id, created_at);

create table public.blocked_senders (
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  blocked_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (shelter_id, user_id)
);
comment on table public.blocked_senders is 'People a shelter no longer accepts messages from (spam).';

alter table public.conversations enable row level security;
alter table public.messages enable row level security;
alter table public.blocked_senders enable row level security;

create policy "adopters and the shelter's staff read a conversation" on public.conversations
  for select to authenticated
  using (adopter_id = (select auth.uid()) or shelter_id = (select public.my_shelter_id('staff')));
-- The conversations policy decides inside exists: a message is readable with its conversation.
create policy "messages are read with their conversation" on public.messages
  for select to authenticated
  using (exists (select 1 from public.conversations c where c.id = conversation_id));
create policy "the shelter's staff see whom it blocked" on public.blocked_senders
  for select to authenticated using (shelter_id = (select public.my_shelter_id('staff')));

revoke all on public.conversations, public.messages, public.blocked_senders from anon, authenticated;
grant select on public.conversations, public.messages, public.blocked_senders to authenticated;

-- Deleting an adopter's account ---------------------------------------------------------------------

create or replace function public.conversations_forget_adopter() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.messages set body = '', removed_at = now()
   where conversation_id = new.id and sender = 'adopter' and removed_at is null;
  if new.status = 'open' then
    new.status := 'closed';
    new.closed_at := now();
  end if;
  return new;
end
$$;
revoke execute on function public.conversations_forget_adopter() from public, anon, authenticated;
create trigger conversations_forget_adopter before update of adopter_id on public.conversations
  for each row when (old.adopter_id is not null and new.adopter_id is null)
  execute function public.conversations_forget_adopter();

-- Helpers (not callable through the API) ------------------------------------------------------------

/** The name a shelter sees for a person: their display name, else their email's local part. */
create or replace function public.adopter_name(person uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select p.display_name from public.adopter_profiles p where p.user_id = person),
    (select split_part(u.email::text, '@', 1) from auth.users u where u.id = person),
    'Deleted account');
$$;
revoke execute on function public.adopter_name(uuid) from public, anon, authenticated;

/** The start of a message for an email: whitespace collapsed, at most 140 characters. */
create or replace function public.message_excerpt(body text) returns text
language sql immutable set search_path = '' as $$
  select case when length(flat) > 140 then rtrim(left(flat, 139)) || '…' else flat end
    from (select regexp_replace(trim(body), '\s+', ' ', 'g') as flat) as collapsed;
$$;
revoke execute on function public.message_excerpt(text) from public, anon, authenticated;

/** A message as written: trimmed, not empty, not too long (22023, a message for the form). */
create or replace function public.checked_message(body text) returns text
language plpgsql immutable set search_path = '' as $$
begin
  if coalesce(trim(body), '') = '' then
    raise exception 'Write your message' using errcode = '22023';
  end if;
  if length(trim(body)) > 2000 then
    raise exception 'Your message is too long: at most 2,000 characters' using errcode = '22023';
  end if;
  return trim(body);
end
$$;
revoke execute on function public.checked_message(text) from public, anon, authenticated;

/** Raises unless the shelter accepts messages from this person. */
create or replace function public.require_not_blocked(shelter uuid, person uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if exists (select 1 from public.blocked_senders b where b.shelter_id = shelter and b.user_id = person) then
    raise exception '% does not accept messages from your account', (select shelter_name from public.shelter_profiles where id = shelter)
      using errcode = '42501';
  end if;
end
$$;
revoke execute on function public.require_not_blocked(uuid, uuid) from public, anon, authenticated;

/** The dashboard's path segment of a member (app/utils/misc.ts dashboardHash, the same). */
create or replace function public.dashboard_hash(member uuid) returns text
language sql immutable set search_path = '' as $$
  select left(translate(encode(convert_to(member::text, 'UTF8'), 'base64'), E'+/=\n', ''), 8);
$$;

/** Emails each member of a shelter whose role reaches min_role, with the hash of their own dashboard's address. */
create or replace function public.email_shelter_team(shelter uuid, min_role text, template text, data jsonb default '{}')
returns void
language plpgsql security definer set search_path = '' as $$
declare
  member record;
  name text;
begin
  select shelter_name into name from public.shelter_profiles where id = shelter;
  for member in
    select m.user_id, u.email::text as email
      from public.shelter_members m join auth.users u on u.id = m.user_id
     where m.shelter_id = shelter and public.shelter_role_rank(m.role) >= public.shelter_role_rank(min_role)
     order by m.created_at
  loop
    perform public.queue_email(template, member.email,
      jsonb_build_object('shelter_name', name, 'dashboard_hash', public.dashboard_hash(member.user_id))
      || coalesce(data, '{}'));
  end loop;
end
$$;
revoke execute on function public.email_shelter_team(uuid, text, text, jsonb) from public, anon, authenticated;

/**
 * Adds a message from one side, moves the thread's markers (the writer has read everything up
 * to their own message) and emails the other side. The excerpt and the adopter's name are
 * personal: they travel under `secret`, which the outbox drops once the email is sent.
 */
create or replace function public.post_message(conversation public.conversations, side text, body text, first boolean)
returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  message_id bigint;
  shelter_name text := (select p.shelter_name from public.shelter_profiles p where p.id = conversation.shelter_id);
begin
  insert into public.messages (conversation_id, author_id, sender, body)
  values (conversation.id, auth.uid(), side, body)
  returning id into message_id;

  if side = 'adopter' then
    update public.conversations
       set last_message_at = now(), last_adopter_message_at = now(), adopter_read_at = now()
     where id = conversation.id;
    perform public.email_shelter_team(conversation.shelter_id, 'staff', 'message_to_shelter', jsonb_build_object(
      'animal_name', conversation.animal_name,
      'conversation_id', conversation.id,
      'first', first,
      'secret', jsonb_build_object('excerpt', public.message_excerpt(body), 'adopter_name', public.adopter_name(conversation.adopter_id))));
  else
    update public.conversations
       set last_message_at = now(), last_shelter_message_at = now(), shelter_read_at = now()
     where id = conversation.id;
    -- Each email the site sends for a person checks their switch (no settings yet: they want it).
    if conversation.adopter_id is not null
       and coalesce((select p.email_messages from public.adopter_profiles p where p.user_id = conversation.adopter_id), true) then
      perform public.queue_email('message_to_adopter', (select u.email::text from auth.users u where u.id = conversation.adopter_id),
        jsonb_build_object(
          'shelter_name', shelter_name,
          'animal_name', conversation.animal_name,
          'conversation_id', conversation.id,
          'secret', jsonb_build_object('excerpt', public.message_excerpt(body))));
    end if;
  end if;
  return message_id;
end
$$;
revoke execute on function public.post_message(public.conversations, text, text, boolean) from public, anon, authenticated;

/** The caller's side of a conversation: 'adopter', 'shelter' (owners, admins, staff), or null. */
create or replace function public.conversation_side(conversation_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case when c.adopter_id = (select auth.uid()) then 'adopter'
              when public.is_shelter_member(c.shelter_id, 'staff') then 'shelter' end
    from public.conversations c
   where c.id = conversation_side.conversation_id;
$$;
revoke execute on function public.conversation_side(uuid) from public, anon, authenticated;

/** The caller's side of a conversation; anyone else learns nothing, not even that it exists (P0002). */
create or replace function public.require_conversation_side(conversation_id uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  side text := public.conversation_side(conversation_id);
begin
  if side is null then
    raise exception 'Conversation not found' using errcode = 'P0002';
  end if;
  return side;
end
$$;
revoke execute on function public.require_conversation_side(uuid) from public, anon, authenticated;

-- Writing -----------------------------------------------------------------------------------------

/**
 * Asks a shelter about one of its listed animals: adds to the caller's open conversation about
 * that animal, or starts one. A person starts at most 5 conversations an hour and 20 a day.
 * Returns the conversation.
 */
create or replace function public.start_conversation(animal uuid, message text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  body text := public.checked_message(message);
  pet record;
  conversation public.conversations;
  started_last_hour integer;
  started_last_day integer;
begin
  if caller is null then
    raise exception 'Sign in to write to a shelter' using errcode = '42501';
  end if;
  select a.id, a.name, a.shelter_id into pet from public.animals a where a.id = animal and a.listed;
  if not found then
    raise exception 'This pet is no longer listed' using errcode = 'P0002';
  end if;
  if public.is_shelter_member(pet.shelter_id) then
    raise exception 'You are on this shelter''s team: its messages are in your dashboard' using errcode = '22023';
  end if;
  perform public.require_not_blocked(pet.shelter_id, caller);
  -- One start at a time per person, so two quick requests cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('start_conversation:' || caller::text, 0));

  select * into conversation from public.conversations c
   where c.adopter_id = caller and c.animal_id = pet.id and c.status = 'open'
   for update;
  if conversation.id is not null then
    perform public.post_message(conversation, 'adopter', body, false);
    return conversation.id;
  end if;

  select count(*) filter (where c.created_at > now() - interval '1 hour'), count(*)
    into started_last_hour, started_last_day
    from public.conversations c
   where c.adopter_id = caller and c.created_at > now() - interval '1 day';
  if started_last_hour >= 5 then
    raise exception 'You have started 5 conversations in the last hour, the most we allow. Please wait a little, or write in a conversation you already have.'
      using errcode = '54000';
  end if;
  if started_last_day >= 20 then
    raise exception 'You have started 20 conversations today, the most we allow. Please try again tomorrow, or write in a conversation you already have.'
      using errcode = '54000';
  end if;

  insert into public.conversations (shelter_id, animal_id, animal_name, adopter_id)
  values (pet.shelter_id, pet.id, pet.name, caller)
  returning * into conversation;
  perform public.post_message(conversation, 'adopter', body, true);
  return conversation.id;
end
$$;

/** Writes in an open conversation, from the caller's side. An adopter writes at most 30 messages an hour. */
create or replace function public.send_message(conversation_id uuid, message text) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  side text := public.require_conversation_side(conversation_id);
  body text := public.checked_message(message);
  conversation public.conversations;
begin
  select * into conversation from public.conversations c where c.id = send_message.conversation_id for update;
  if conversation.status = 'closed' then
    raise exception 'This conversation is closed' using errcode = '55000';
  end if;
  if side = 'adopter' then
    perform public.require_not_blocked(conversation.shelter_id, auth.uid());
    if (select count(*) from public.messages m where m.author_id = auth.uid() and m.created_at > now() - interval '1 hour') >= 30 then
      raise exception 'You have sent 30 messages in the last hour, the most we allow. Please wait a little before you send another.'
        using errcode = '54000';
    end if;
  end if;
  return public.post_message(conversation, side, body, false);
end
$$;

/** Marks the conversation read for the caller's side. */
create or replace function public.mark_conversation_read(conversation_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  side text := public.require_conversation_side(conversation_id);
begin
  if side = 'adopter' then
    update public.conversations c set adopter_read_at = now() where c.id = mark_conversation_read.conversation_id;
  else
    update public.conversations c set shelter_read_at = now() where c.id = mark_conversation_read.conversation_id;
  end if;
end
$$;

/** Raises unless the caller is owner, admin or staff of the conversation's shelter; returns it locked. */
create or replace function public.shelter_side_of(conversation_id uuid) returns public.conversations
language plpgsql security definer set search_path = '' as $$
declare
  side text := public.require_conversation_side(conversation_id);
  conversation public.conversations;
begin
  if side <> 'shelter' then
    raise exception 'Only the shelter can do this' using errcode = '42501';
  end if;
  select * into conversation from public.conversations c where c.id = shelter_side_of.conversation_id for update;
  return conversation;
end
$$;
revoke execute on function public.shelter_side_of(uuid) from public, anon, authenticated;

create or replace function public.close_conversation(conversation_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  conversation public.conversations := public.shelter_side_of(conversation_id);
begin
  update public.conversations c set status = 'closed', closed_at = coalesce(c.closed_at, now()) where c.id = conversation.id;
end
$$;

create or replace function public.reopen_conversation(conversation_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  conversation public.conversations := public.shelter_side_of(conversation_id);
begin
  if conversation.adopter_id is null then
    raise exception 'This person deleted their account: the conversation cannot be reopened' using errcode = '55000';
  end if;
  if conversation.status = 'closed' and exists (
    select 1 from public.conversations c
     where c.adopter_id = conversation.adopter_id and c.animal_id = conversation.animal_id and c.status = 'open'
  ) then
    raise exception 'This person has a newer open conversation about %: write there', conversation.animal_name using errcode = '23505';
  end if;
  update public.conversations c set status = 'open', closed_at = null where c.id = conversation.id;
end
$$;

/** Blocks the conversation's adopter from writing to the shelter again, and closes their open conversations with it. */
create or replace function public.block_sender(conversation_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  conversation public.conversations := public.shelter_side_of(conversation_id);
begin
  if conversation.adopter_id is null then
    raise exception 'This person deleted their account' using errcode = '55000';
  end if;
  insert into public.blocked_senders (shelter_id, user_id, blocked_by)
  values (conversation.shelter_id, conversation.adopter_id, auth.uid())
  on conflict do nothing;
  update public.conversations c set status = 'closed', closed_at = now()
   where c.shelter_id = conversation.shelter_id and c.adopter_id = conversation.adopter_id and c.status = 'open';
end
$$;

create or replace function public.unblock_sender(conversation_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  conversation public.conversations := public.shelter_side_of(conversation_id);
begin
  delete from public.blocked_senders b where b.shelter_id = conversation.shelter_id and b.user_id = conversation.adopter_id;
end
$$;

-- Reading -----------------------------------------------------------------------------------------

/** The caller's conversations with shelters, the latest first. */
create or replace function public.my_conversations()
returns table (
  id uuid, animal_id uuid, animal_name text, shelter_name text, status text,
  created_at timestamptz, last_message_at timestamptz, unread boolean
)
language sql stable security definer set search_path = '' as $$
  select c.id, c.animal_id, c.animal_name, p.shelter_name, c.status, c.created_at, c.last_message_at,
         coalesce(c.last_shelter_message_at > coalesce(c.adopter_read_at, '-infinity'), false)
    from public.conversations c join public.shelter_profiles p on p.id = c.shelter_id
   where c.adopter_id = (select auth.uid())
   order by c.last_message_at desc, c.id
   limit 200;
$$;

/**
 * A page of the caller's shelter's conversations that are open (or closed), the latest first,
 * with the adopter's name and how many there are in all. Empty for anyone but owners, admins
 * and staff.
 */
create or replace function public.shelter_conversations(closed boolean, page_size integer default 50, page_offset integer default 0)
returns table (
  id uuid, animal_id uuid, animal_name text, adopter_name text, status text,
  created_at timestamptz, last_message_at timestamptz, unread boolean, total bigint
)
language sql stable security definer set search_path = '' as $$
  select c.id, c.animal_id, c.animal_name, public.adopter_name(c.adopter_id), c.status, c.created_at, c.last_message_at,
         coalesce(c.last_adopter_message_at > coalesce(c.shelter_read_at, '-infinity'), false),
         count(*) over ()
    from public.conversations c
   where c.shelter_id = (select public.my_shelter_id('staff'))
     and c.status = case when shelter_conversations.closed then 'closed' else 'open' end
   order by c.last_message_at desc, c.id
   limit least(greatest(page_size, 1), 100) offset greatest(page_offset, 0);
$$;

/** How many of the caller's shelter's conversations have messages nobody on the team has read. */
create or replace function public.shelter_unread_conversations() returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer
    from public.conversations c
   where c.shelter_id = (select public.my_shelter_id('staff'))
     and c.last_adopter_message_at > coalesce(c.shelter_read_at, '-infinity');
$$;

/** How many of the caller's conversations have replies they have not read. */
create or replace function public.my_unread_conversations() returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer
    from public.conversations c
   where c.adopter_id = (select auth.uid())
     and c.last_shelter_message_at > coalesce(c.adopter_read_at, '-infinity');
$$;

/** One conversation's heading for either side: what it is about, between whom, and where it stands. */
create or replace function public.conversation_summary(conversation_id uuid)
returns table (
  id uuid, side text, animal_id uuid, animal_name text, shelter_name text, adopter_name text,
  status text, created_at timestamptz, adopter_deleted boolean, blocked boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  caller_side text := public.require_conversation_side(conversation_id);
begin
  return query
  select c.id, caller_side, c.animal_id, c.animal_name, p.shelter_name, public.adopter_name(c.adopter_id), c.status, c.created_at,
         c.adopter_id is null,
         -- Whom the shelter blocked is the shelter's business; the adopter learns it when writing.
         caller_side = 'shelter' and exists (select 1 from public.blocked_senders b where b.shelter_id = c.shelter_id and b.user_id = c.adopter_id)
    from public.conversations c join public.shelter_profiles p on p.id = c.shelter_id
   where c.id = conversation_summary.conversation_id;
end
$$;

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'start_conversation(uuid, text)', 'send_message(uuid, text)', 'mark_conversation_read(uuid)',
    'close_conversation(uuid)', 'reopen_conversation(uuid)', 'block_sender(uuid)', 'unblock_sender(uuid)',
    'my_conversations()', 'shelter_conversations(boolean, integer, integer)', 'shelter_unread_conversations()',
    'my_unread_conversations()', 'conversation_summary(uuid)'
  ] loop
    execute format('revoke execute on function public.%s from public, anon', fn);
    execute format('grant execute on function public.%s to authenticated', fn);
  end loop;
end
$$;
