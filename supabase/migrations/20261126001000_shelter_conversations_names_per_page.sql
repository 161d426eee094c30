-- The Messages tab at 1,000 conversations (issue 12's bench): shelter_conversations() called
-- public.adopter_name() in its select list, which Postgres evaluates for every row up to the
-- page's end, not for the page alone: the offset's rows too. adopter_name() is a security
-- definer function (never inlined), about 28 µs a call in PGlite, so the first page of 50 paid
-- 1.4 ms of its 1.7 and the 16th page (offset 750) 5.8 ms of its 6.4 — for names nobody sees.
--
-- Now the page is cut first, and only its rows get a name, from the same two tables
-- adopter_name() reads (its rule, set-based: the display name, else the email's local part,
-- else 'Deleted account'). Same columns, same order, same answers.

create or replace function public.shelter_conversations(closed boolean, page_size integer default 50, page_offset integer default 0)
returns table (
  id uuid, animal_id uuid, animal_name text, adopter_name text, status text,
  created_at timestamptz, last_message_at timestamptz, unread boolean, total bigint
)
language sql stable security definer set search_path = '' as $$
  select page.id, page.animal_id, page.animal_name,
         coalesce(profile.display_name, split_part(person.email::text, '@', 1), 'Deleted account'),
         page.status, page.created_at, page.last_message_at, page.unread, page.total
    from (select c.id, c.animal_id, c.animal_name, c.adopter_id, c.status, c.created_at, c.last_message_at,
                 coalesce(c.last_adopter_message_at > coalesce(c.shelter_read_at, '-infinity'), false) as unread,
                 count(*) over () as total
            from public.conversations c
           where c.shelter_id = (select public.my_shelter_id('staff'))
             and c.status = case when shelter_conversations.closed then 'closed' else 'open' end
           order by c.last_message_at desc, c.id
           limit least(greatest(page_size, 1), 100) offset greatest(page_offset, 0)) as page
    left join public.adopter_profiles profile on profile.user_id = page.adopter_id
    left join auth.users person on person.id = page.adopter_id
   order by page.last_message_at desc, page.id;
$$;
