-- The adopter's Messages page says which questions the shelter let pass their deadline without a
-- reply (conversations.unanswered_at, set by keep_response_promises) until the shelter answers.
-- A new result column: the function is made again.
drop function public.my_conversations();
create function public.my_conversations()
returns table (id uuid, animal_id uuid, animal_name text, shelter_name text, status text, created_at timestamptz,
               last_message_at timestamptz, unread boolean, unanswered boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.animal_id, c.animal_name, p.shelter_name, c.status, c.created_at, c.last_message_at,
         coalesce(c.last_shelter_message_at > coalesce(c.adopter_read_at, '-infinity'), false),
         c.unanswered_at is not null and c.first_answered_at is null
    from public.conversations c join public.shelter_profiles p on p.id = c.shelter_id
   where c.adopter_id = (select auth.uid())
   order by c.last_message_at desc, c.id
   limit 200;
$$;
revoke execute on function public.my_conversations() from public, anon;
