-- The page behind a link to an animal that has left the listings. Shared links used to die
-- with a 404; now an adopted animal keeps its page ("Adopted — Luna found a home") and an
-- archived one answers 410 Gone, both with available animals nearby.
--
-- Row-level security keeps adopted and archived animals (and their photos) from everyone but
-- their owner, and it stays that way: this function is the one opening, and it returns only
-- what those two pages show, never the row.
--   * adopted, at an approved shelter: the animal's name, breed, age, sex, size, colours, coat,
--     description and photos, its shelter's name, slug and place, and where to look nearby;
--   * archived, at an approved shelter: its type and its shelter's place (for the suggestions),
--     nothing that names or describes it;
--   * anything else (listed, unknown, or at a shelter not approved): null, as for a stranger.
-- The fee, the good-with answers, care notes and every bookkeeping column stay private.
create function public.unlisted_animal_page(animal_id uuid) returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object(
           'status', a.status,
           'type', a.type,
           'place', json_build_object('latitude', s.latitude, 'longitude', s.longitude, 'zip_code', s.zip_code,
                                      'city', s.city, 'state', s.state),
           'animal', case when a.status = 'adopted' then json_build_object(
             'id', a.id, 'name', a.name, 'type', a.type,
             'primary_breed', a.primary_breed, 'secondary_breed', a.secondary_breed, 'mixed_breed', a.mixed_breed,
             'age_group', a.age_group, 'birth_date', a.birth_date, 'sex', a.sex, 'size', a.size,
             'primary_color', a.primary_color, 'secondary_color', a.secondary_color, 'tertiary_color', a.tertiary_color,
             'coat', a.coat, 'description', a.description,
             'photos', (select coalesce(json_agg(json_build_object(
                                'storage_path', p.storage_path, 'external_url', p.external_url, 'alt', p.alt,
                                'position', p.position, 'width', p.width, 'height', p.height) order by p.position), '[]'::json)
                          from public.animal_photos p
                         where p.animal_id = a.id),
             'shelter', json_build_object('shelter_name', s.shelter_name, 'slug', s.slug, 'city', s.city, 'state', s.state))
           end)
    from public.animals a
    join public.shelter_profiles s on s.id = a.shelter_id
   where a.id = unlisted_animal_page.animal_id
     and a.status in ('adopted', 'archived')
     and s.meeting_completed
$$;

revoke execute on function public.unlisted_animal_page(uuid) from public;
grant execute on function public.unlisted_animal_page(uuid) to anon, authenticated, service_role;
