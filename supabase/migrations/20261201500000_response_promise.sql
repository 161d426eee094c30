-- A shelter's response promise: how many days it takes to answer an application or a question.
-- Each application and conversation carries its deadline (sent + the promise at that moment) and
-- the moment the shelter first answered it (any shelter action on an application, any shelter
-- reply in a conversation). The team's tabs sort open items by the deadline.

alter table public.shelter_profiles
  add column response_days smallint not null default 5 check (response_days between 1 and 14);
comment on column public.shelter_profiles.response_days is
  'The shelter''s promise: it answers applications and questions within this many days (1 to 14). Set in Settings.';
grant update (response_days) on table public.shelter_profiles to authenticated;

alter table public.applications add column answer_due_at timestamptz;
alter table public.applications add column first_answered_at timestamptz;
comment on column public.applications.answer_due_at is
  'When the shelter promised to answer: sent + its response_days at that moment.';
comment on column public.applications.first_answered_at is
  'The first shelter action on the application (any status change it made), or null.';

alter table public.conversations add column answer_due_at timestamptz;
alter table public.conversations add column first_answered_at timestamptz;
comment on column public.conversations.answer_due_at is
  'When the shelter promised to answer the question: started + its response_days at that moment.';
comment on column public.conversations.first_answered_at is 'The shelter''s first reply, or null.';

-- Existing rows: the default promise from when they were sent, and the first answer on record.
update public.applications a
   set answer_due_at = a.created_at + make_interval(days => p.response_days),
       first_answered_at = (select min(e.created_at) from public.application_events e
                             where e.application_id = a.id and e.actor = 'shelter')
  from public.shelter_profiles p
 where p.id = a.shelter_id;
update public.conversations c
   set answer_due_at = c.created_at + make_interval(days => p.response_days),
       first_answered_at = (select min(m.created_at) from public.messages m
                             where m.conversation_id = c.id and m.sender = 'shelter')
  from public.shelter_profiles p
 where p.id = c.shelter_id;
alter table public.applications alter column answer_due_at set not null;
alter table public.conversations alter column answer_due_at set not null;

-- The deadline is the shelter's promise when the item arrives; changing the promise later does
-- not move deadlines already given.
create function public.set_answer_due_at()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.answer_due_at := new.created_at + make_interval(days => (
    select p.response_days from public.shelter_profiles p where p.id = new.shelter_id));
  return new;
end
$$;
revoke execute on function public.set_answer_due_at() from public, anon, authenticated;

create trigger applications_answer_due_at before insert on public.applications
  for each row execute function public.set_answer_due_at();
create trigger conversations_answer_due_at before insert on public.conversations
  for each row execute function public.set_answer_due_at();

-- Every shelter status change is recorded in the timeline; the first one is the answer.
create function public.application_events_first_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.applications a set first_answered_at = new.created_at
   where a.id = new.application_id and a.first_answered_at is null;
  return null;
end
$$;
revoke execute on function public.application_events_first_answer() from public, anon, authenticated;

create trigger application_events_first_answer after insert on public.application_events
  for each row when (new.actor = 'shelter') execute function public.application_events_first_answer();

-- Every shelter reply is a message from the shelter's side; the first one is the answer.
create function public.messages_first_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations c set first_answered_at = new.created_at
   where c.id = new.conversation_id and c.first_answered_at is null;
  return null;
end
$$;
revoke execute on function public.messages_first_answer() from public, anon, authenticated;

create trigger messages_first_answer after insert on public.messages
  for each row when (new.sender = 'shelter') execute function public.messages_first_answer();

-- The team's open lists, soonest deadline first.
create index applications_shelter_due_idx on public.applications (shelter_id, answer_due_at)
  where first_answered_at is null;
create index conversations_shelter_due_idx on public.conversations (shelter_id, answer_due_at)
  where first_answered_at is null;

-- The Messages tab: questions not yet answered first, soonest deadline first; then the others,
-- latest message first. Its rows gain the deadline and the first answer, so the tab can say
-- "due in 2 days". A new result type: the function is made again.
drop function public.shelter_conversations(boolean, integer, integer);
create function public.shelter_conversations(closed boolean, page_size integer default 50, page_offset integer default 0)
returns table (id uuid, animal_id uuid, animal_name text, adopter_name text, status text, created_at timestamptz,
               last_message_at timestamptz, unread boolean, answer_due_at timestamptz, first_answered_at timestamptz,
               total bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select page.id, page.animal_id, page.animal_name,
         coalesce(profile.display_name, split_part(person.email::text, '@', 1), 'Deleted account'),
         page.status, page.created_at, page.last_message_at, page.unread, page.answer_due_at, page.first_answered_at,
         page.total
    from (select c.id, c.animal_id, c.animal_name, c.adopter_id, c.status, c.created_at, c.last_message_at,
                 coalesce(c.last_adopter_message_at > coalesce(c.shelter_read_at, '-infinity'), false) as unread,
                 c.answer_due_at, c.first_answered_at,
                 c.status = 'open' and c.first_answered_at is null as waiting,
                 count(*) over () as total
            from public.conversations c
           where c.shelter_id = (select public.my_shelter_id('staff'))
             and c.status = case when shelter_conversations.closed then 'closed' else 'open' end
           order by c.status = 'open' and c.first_answered_at is null desc,
                    case when c.status = 'open' and c.first_answered_at is null then c.answer_due_at end,
                    c.last_message_at desc, c.id
           limit least(greatest(page_size, 1), 100) offset greatest(page_offset, 0)) as page
    left join public.adopter_profiles profile on profile.user_id = page.adopter_id
    left join auth.users person on person.id = page.adopter_id
   order by page.waiting desc, case when page.waiting then page.answer_due_at end, page.last_message_at desc, page.id;
$$;
revoke execute on function public.shelter_conversations(boolean, integer, integer) from public, anon;
