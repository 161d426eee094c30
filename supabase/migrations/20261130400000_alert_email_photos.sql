-- Alert emails show each pet's photo. The result cards (animal_cards) now carry the main
-- photo's width and height beside its path, URL and alt text, so an email can size the picture
-- before it loads; the alert job passes the photo on to the saved_search_alert email. Both
-- functions are restated whole; only those photo lines are new.

CREATE OR REPLACE FUNCTION public.animal_cards(animal_ids uuid[], search_origin extensions.earth DEFAULT NULL::extensions.cube)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
begin
  return (
    select coalesce(json_agg(json_build_object(
             'id', a.id, 'name', a.name, 'type', a.type,
             'primary_breed', a.primary_breed, 'secondary_breed', a.secondary_breed, 'mixed_breed', a.mixed_breed,
             'age_group', a.age_group, 'sex', a.sex, 'size', a.size, 'status', a.status,
             'published_at', a.published_at,
             'photo_path', photo.storage_path, 'photo_url', photo.external_url, 'photo_alt', photo.alt,
             'photo_width', photo.width, 'photo_height', photo.height,
             'shelter_id', s.id, 'shelter_name', s.shelter_name, 'shelter_slug', s.slug,
             'city', s.city, 'state', s.state,
             -- earthdistance's sec_to_gc() written out (cheaper to plan): chord to great-circle
             -- metres, in miles.
             'distance_miles', case when search_origin is not null then
               round((2 * 6378168 * asin(least(1, extensions.cube_distance(a.location, search_origin) / (2 * 6378168)))
                      / 1609.344)::numeric, 1) end)
           order by page.ordinality), '[]'::json)
      from unnest(animal_ids) with ordinality as page (id, ordinality)
      join public.animals a on a.id = page.id
      join public.shelter_profiles s on s.id = a.shelter_id
      left join lateral (
        select ph.storage_path, ph.external_url, ph.alt, ph.width, ph.height
          from public.animal_photos ph
         where ph.animal_id = a.id
         order by ph.position
         limit 1
      ) photo on true
  );
end
$function$;

CREATE OR REPLACE FUNCTION public.run_saved_search_alerts(batch_size integer DEFAULT 200)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'extensions', 'pg_temp'
AS $function$
declare
  checked_at timestamptz := now();
  due_ids uuid[];
  alerts jsonb;
  found record;
begin
  select array_agg(d.id) into due_ids
    from (select s.id from public.saved_searches s
           where not s.paused and s.next_check_at <= checked_at
           order by s.next_check_at
           limit least(greatest(coalesce(batch_size, 200), 1), 1000)
             for update skip locked) d;
  if due_ids is null then
    return 0;
  end if;

  -- Every match is remembered, emailed or not: the email's 'see all' link shows the rest, and
  -- a person who had these emails off gets no backlog when they turn them on.
  with matches as materialized (
    select m.saved_search_id, m.animal_id,
           row_number() over (partition by m.saved_search_id order by m.published_at desc, m.animal_id desc) as rank,
           count(*) over (partition by m.saved_search_id) as total
      from public.saved_search_new_matches(due_ids, checked_at) m
  ),
  remembered as (
    insert into public.saved_search_seen (saved_search_id, animal_id, seen_at)
    select m.saved_search_id, m.animal_id, checked_at from matches m
    on conflict do nothing
  ),
  to_email as (
    select s.id, s.name, s.query, s.filters, s.unsubscribe_token, u.email::text as email,
           array_agg(m.animal_id order by m.rank) as animal_ids, max(m.total) as total
      from matches m
      join public.saved_searches s on s.id = m.saved_search_id
      join auth.users u on u.id = s.user_id
      left join public.adopter_profiles p on p.user_id = s.user_id
     where m.rank <= 20
       and coalesce(p.email_alerts, true)
       and u.email is not null
       and u.email_confirmed_at is not null
       and u.deleted_at is null
       and (u.banned_until is null or u.banned_until <= checked_at)
     group by s.id, u.email
  )
  select coalesce(jsonb_agg(to_jsonb(e)), '[]'::jsonb) into alerts from to_email e;

  for found in
    select * from jsonb_to_recordset(alerts)
      as x (id uuid, name text, query text, filters jsonb, unsubscribe_token text, email text, animal_ids uuid[], total bigint)
  loop
    perform public.queue_email('saved_search_alert', found.email, jsonb_build_object(
      'search_name', found.name,
      'query', found.query,
      'total', found.total,
      'animals', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', card->>'id', 'name', card->>'name', 'companions', public.listed_companion_names((card->>'id')::uuid), 'type', card->>'type',
                 'primary_breed', card->>'primary_breed', 'secondary_breed', card->>'secondary_breed',
                 'mixed_breed', (card->>'mixed_breed')::boolean, 'age_group', card->>'age_group', 'sex', card->>'sex',
                 'shelter_name', card->>'shelter_name', 'city', card->>'city', 'state', card->>'state',
                 'distance_miles', (card->>'distance_miles')::numeric,
                 'photo_path', card->>'photo_path', 'photo_url', card->>'photo_url', 'photo_alt', card->>'photo_alt',
                 'photo_width', (card->>'photo_width')::integer, 'photo_height', (card->>'photo_height')::integer)), '[]'::jsonb)
          from jsonb_array_elements(public.animal_cards(found.animal_ids,
                 case when jsonb_typeof(found.filters->'lat') = 'number' and jsonb_typeof(found.filters->'lon') = 'number'
                      then extensions.ll_to_earth((found.filters->>'lat')::double precision, (found.filters->>'lon')::double precision) end
               )::jsonb) card),
      'secret', jsonb_build_object('unsubscribe_token', found.unsubscribe_token)));
  end loop;

  update public.saved_searches s
     set checked_until = checked_at,
         last_emailed_at = case when s.id in (select (e->>'id')::uuid from jsonb_array_elements(alerts) e) then checked_at else s.last_emailed_at end,
         next_check_at = case when s.next_check_at + public.saved_search_period(s.frequency) > checked_at
                              then s.next_check_at + public.saved_search_period(s.frequency)
                              else checked_at + public.saved_search_period(s.frequency) end
   where s.id = any (due_ids);
  return cardinality(due_ids);
end
$function$;
