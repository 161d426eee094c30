-- The response promise kept by the worker: the day before an item's deadline the shelter's
-- owners and admins get one reminder; at the deadline an application the shelter never acted on
-- is closed by the site (the adopter hears why, with similar pets nearby) and a question with no
-- reply is marked unanswered. One function does all three, claiming its rows with SKIP LOCKED,
-- so any number of workers may run it at once and each item is reminded and closed once.

alter table public.applications add column reminded_at timestamptz;
comment on column public.applications.reminded_at is
  'When the shelter''s owners and admins were reminded of the deadline (once, the day before), or null.';
alter table public.conversations add column reminded_at timestamptz;
comment on column public.conversations.reminded_at is
  'When the shelter''s owners and admins were reminded of the deadline (once, the day before), or null.';
alter table public.conversations add column unanswered_at timestamptz;
comment on column public.conversations.unanswered_at is
  'When the deadline passed with no reply from the shelter, or null. A later reply sets first_answered_at.';

-- Up to 6 available pets like the one applied for: same type, within the adopter's last saved
-- search's place and distance, or else 50 miles of the shelter; nearest first. Matched by the one
-- search predicate (search_filter_from / search_matches), so a card shown here is one search shows.
create function public.similar_animals_nearby(application_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  application public.applications;
  pet_type text;
  pet_group uuid;
  search record;
  filters jsonb;
  f public.search_filter;
  ids uuid[];
  place text;
begin
  select * into application from public.applications a where a.id = similar_animals_nearby.application_id;
  select a.type, a.bonded_group_id into pet_type, pet_group from public.animals a where a.id = application.animal_id;
  if pet_type is null then
    return jsonb_build_object('animals', '[]'::jsonb, 'type', null, 'query', '');
  end if;
  select s.filters, s.query into search
    from public.saved_searches s
   where s.user_id = application.applicant_id
     and jsonb_typeof(s.filters -> 'lat') = 'number' and jsonb_typeof(s.filters -> 'lon') = 'number'
   order by s.created_at desc
   limit 1;
  -- The search page's address for the same place: the saved search's own, or the shelter's ZIP.
  if search.filters is not null then
    filters := jsonb_build_object('lat', search.filters -> 'lat', 'lon', search.filters -> 'lon',
                                  'radius_miles', coalesce(search.filters -> 'radius_miles', '50'::jsonb));
    place := search.query;
  else
    select jsonb_build_object('lat', p.latitude, 'lon', p.longitude, 'radius_miles', 50),
           'location=' || coalesce(p.zip_code, '') || '&distance=50'
      into filters, place
      from public.shelter_profiles p
     where p.id = application.shelter_id and p.latitude is not null and p.longitude is not null;
  end if;
  if filters is null then
    return jsonb_build_object('animals', '[]'::jsonb, 'type', pet_type, 'query', '');
  end if;
  f := public.search_filter_from(filters || jsonb_build_object('type', pet_type));
  select array_agg(x.id order by x.rank) into ids
    from (select a.id, row_number() over (order by extensions.cube_distance(a.location, f.origin), a.published_at desc, a.id) as rank
            from public.animals a
           where a.searchable and a.status = 'available' and a.grid_cell = any (f.cells)
             and public.search_matches(a, f)
             and a.id is distinct from application.animal_id
             and (pet_group is null or a.bonded_group_id is distinct from pet_group)
             and not exists (select 1 from public.applications o
                              where o.applicant_id = application.applicant_id and o.animal_id = a.id
                                and o.status in ('submitted', 'in_review', 'approved'))
           order by rank
           limit 6) x;
  return jsonb_build_object(
    'type', pet_type,
    'query', coalesce(place, ''),
    'animals', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', card->>'id', 'name', card->>'name', 'companions', jsonb_path_query_array(card->'companions', '$[*].name'),
               'type', card->>'type',
               'primary_breed', card->>'primary_breed', 'secondary_breed', card->>'secondary_breed',
               'mixed_breed', (card->>'mixed_breed')::boolean, 'age_group', card->>'age_group', 'sex', card->>'sex',
               'shelter_name', card->>'shelter_name', 'city', card->>'city', 'state', card->>'state',
               'distance_miles', (card->>'distance_miles')::numeric,
               'photo_path', card->>'photo_path', 'photo_url', card->>'photo_url', 'photo_alt', card->>'photo_alt',
               'photo_width', (card->>'photo_width')::integer, 'photo_height', (card->>'photo_height')::integer)
               order by card.ordinality), '[]'::jsonb)
        from jsonb_array_elements(case when ids is null then '[]'::jsonb
                                       else public.animal_cards(ids, f.origin)::jsonb end)
             with ordinality as card (card, ordinality)));
end
$$;
revoke execute on function public.similar_animals_nearby(uuid) from public, anon, authenticated;

-- One pass over the deadlines as of `at` (the worker passes nothing: now; tests pass a later
-- time instead of waiting): at most batch_size items of each kind. Returns how many items it
-- handled; the worker calls again while a pass handles a full batch.
create function public.keep_response_promises(at timestamptz default now(), batch_size integer default 200)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(batch_size, 200), 1), 1000);
  handled integer := 0;
  item record;
  closed public.applications;
  nearby jsonb;
  promise smallint;
  marked integer;
begin
  -- The day before: one reminder per open item not yet answered, to the owners and admins.
  for item in
    select a.id, a.shelter_id, a.animal_name, a.applicant_name, a.answer_due_at
      from public.applications a
     where a.first_answered_at is null and a.reminded_at is null
       and a.status in ('submitted', 'in_review')
       and a.answer_due_at > keep_response_promises.at
       and a.answer_due_at <= keep_response_promises.at + interval '1 day'
     order by a.answer_due_at
     limit size
       for update skip locked
  loop
    update public.applications set reminded_at = keep_response_promises.at where id = item.id;
    perform public.email_shelter_team(item.shelter_id, 'admin', 'answer_reminder',
      jsonb_build_object('kind', 'application', 'item_id', item.id, 'animal_name', item.animal_name,
                         'answer_due_at', item.answer_due_at,
                         'secret', jsonb_build_object('adopter_name', item.applicant_name)));
    handled := handled + 1;
  end loop;

  for item in
    select c.id, c.shelter_id, c.animal_name, c.answer_due_at,
           coalesce(p.display_name, split_part(u.email::text, '@', 1), 'Deleted account') as adopter_name
      from public.conversations c
      left join public.adopter_profiles p on p.user_id = c.adopter_id
      left join auth.users u on u.id = c.adopter_id
     where c.first_answered_at is null and c.reminded_at is null and c.status = 'open'
       and c.answer_due_at > keep_response_promises.at
       and c.answer_due_at <= keep_response_promises.at + interval '1 day'
     order by c.answer_due_at
     limit size
       for update of c skip locked
  loop
    update public.conversations set reminded_at = keep_response_promises.at where id = item.id;
    perform public.email_shelter_team(item.shelter_id, 'admin', 'answer_reminder',
      jsonb_build_object('kind', 'question', 'item_id', item.id, 'animal_name', item.animal_name,
                         'answer_due_at', item.answer_due_at,
                         'secret', jsonb_build_object('adopter_name', item.adopter_name)));
    handled := handled + 1;
  end loop;

  -- At the deadline: an application the shelter never acted on is closed by the site. A closed
  -- application leaves the open-application index, so the adopter may apply again.
  for item in
    select a.id
      from public.applications a
     where a.first_answered_at is null
       and a.status in ('submitted', 'in_review')
       and a.answer_due_at <= keep_response_promises.at
     order by a.answer_due_at
     limit size
       for update skip locked
  loop
    select p.response_days into promise
      from public.applications a join public.shelter_profiles p on p.id = a.shelter_id where a.id = item.id;
    update public.applications a
       set status = 'closed',
           decision_message = format('The shelter did not answer within the %s days it promised, so Pawhaven closed this application.',
                                     promise)
     where a.id = item.id
    returning * into closed;
    insert into public.application_events (application_id, status, actor, message, created_at)
    values (closed.id, 'closed', 'site', closed.decision_message, keep_response_promises.at);
    nearby := public.similar_animals_nearby(closed.id);
    perform public.email_applicant(closed, 'application_unanswered',
      jsonb_build_object('answer_due_at', closed.answer_due_at, 'similar', nearby -> 'animals',
                         'similar_type', nearby -> 'type', 'search_query', nearby ->> 'query'));
    handled := handled + 1;
  end loop;

  -- A question with no reply by its deadline is marked unanswered: the adopter's Messages page
  -- and the team's say so. A later reply still answers it.
  with due as (
    select c.id from public.conversations c
     where c.first_answered_at is null and c.unanswered_at is null and c.status = 'open'
       and c.answer_due_at <= keep_response_promises.at
     order by c.answer_due_at
     limit size
       for update skip locked
  )
  update public.conversations c set unanswered_at = keep_response_promises.at
    from due where c.id = due.id;
  get diagnostics marked = row_count;
  return handled + marked;
end
$$;
revoke execute on function public.keep_response_promises(timestamptz, integer) from public, anon, authenticated;

-- Reminders are due a day ahead and closings at the deadline: every ten minutes keeps both on time.
insert into public.job_schedules (name, kind, every) values ('keep_response_promises', 'keep_response_promises', interval '10 minutes')
on conflict (name) do nothing;
