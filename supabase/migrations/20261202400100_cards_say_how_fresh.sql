-- A result card says when its listing was last confirmed and how (decision 072): the fields
-- public.animal_freshness() gives, carried on the card itself, so a page of cards (search, the
-- home page's rows, a shelter's page, favorites) shows its freshness without a second call.
alter type public.animal_card
  add attribute confirmed_at timestamptz,
  add attribute confirmed_via text,
  add attribute source_kind text,
  add attribute source_format text;
comment on column public.animal_card.confirmed_at is 'Not null. When the listing''s status was last confirmed.';
comment on column public.animal_card.confirmed_via is 'Not null. How: shelter (saved by its team), sync, or email (the one-click answers).';
comment on column public.animal_card.source_kind is 'The sync source''s kind, when a sync confirmed it last.';
comment on column public.animal_card.source_format is 'The sync source''s file format, when a sync confirmed it last.';

create or replace function public.animal_card_rows(animal_ids uuid[], search_origin extensions.earth default null::extensions.cube)
returns setof public.animal_card
language plpgsql
stable security definer
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $function$
begin
  return query
    select a.id, a.name, a.type, a.primary_breed, a.secondary_breed, a.mixed_breed,
           a.age_group, a.sex, a.size, a.status, a.published_at,
           photo.storage_path, photo.external_url, photo.alt, photo.width, photo.height,
           s.id, s.shelter_name, s.slug, s.city, s.state,
           -- earthdistance's sec_to_gc() written out (cheaper to plan): chord to great-circle
           -- metres, in miles.
           case when search_origin is not null then
             round((2 * 6378168 * asin(least(1, extensions.cube_distance(a.location, search_origin) / (2 * 6378168)))
                    / 1609.344)::numeric, 1) end,
           case when a.bonded_group_id is null then '{}'::public.companion_card[] else public.listed_companions(a.id) end,
           a.confirmed_at, a.confirmed_via,
           case when a.confirmed_via = 'sync' then src.kind end,
           case when a.confirmed_via = 'sync' then src.format end
      from unnest(animal_ids) with ordinality as page (id, ordinality)
      join public.animals a on a.id = page.id
      join public.shelter_profiles s on s.id = a.shelter_id
      left join public.sync_sources src on src.id = a.source_id
      left join lateral (
        select ph.storage_path, ph.external_url, ph.alt, ph.width, ph.height
          from public.animal_photos ph
         where ph.animal_id = a.id
         order by ph.position
         limit 1
      ) photo on true
     order by page.ordinality;
end
$function$;
