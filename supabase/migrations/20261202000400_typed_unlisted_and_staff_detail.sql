-- The adopted or archived animal's page and the staff console's shelter as rows of composite
-- types, so the generated database types carry them. As for the cards, an attribute whose
-- comment begins "Not null" is typed as never null by `npm run db:types`.
--
-- unlisted_animal_page() returns at most one public.unlisted_animal: a set of one (`rows 1`),
-- so that no animal is no row (a function returning one composite would send every field
-- null instead), read with maybeSingle().

create type public.listing_photo as (
  storage_path text,
  external_url text,
  alt text,
  "position" smallint,
  width integer,
  height integer
);
comment on type public.listing_photo is 'A photo as a listing''s page shows it.';
comment on column public.listing_photo."position" is 'Not null.';

create type public.listing_shelter as (
  shelter_name text,
  slug text,
  city text,
  state text
);
comment on type public.listing_shelter is 'The shelter an adopted animal''s page names and links to.';
comment on column public.listing_shelter.shelter_name is 'Not null.';
comment on column public.listing_shelter.slug is 'Not null.';

create type public.shelter_place as (
  latitude double precision,
  longitude double precision,
  zip_code text,
  city text,
  state text
);
comment on type public.shelter_place is 'Where a shelter is: what the search for animals like one that left starts from.';

create type public.adopted_animal as (
  id uuid,
  name text,
  type public.animal_type,
  primary_breed text,
  secondary_breed text,
  mixed_breed boolean,
  age_group public.animal_age_group,
  birth_date date,
  sex public.animal_sex,
  size public.animal_size,
  primary_color text,
  secondary_color text,
  tertiary_color text,
  coat public.animal_coat,
  description text,
  photos public.listing_photo[],
  shelter public.listing_shelter
);
comment on type public.adopted_animal is 'What an adopted animal''s page shows: no fee, no good-with answers, no contact for adopting.';
comment on column public.adopted_animal.id is 'Not null.';
comment on column public.adopted_animal.name is 'Not null.';
comment on column public.adopted_animal.type is 'Not null.';
comment on column public.adopted_animal.mixed_breed is 'Not null.';
comment on column public.adopted_animal.age_group is 'Not null.';
comment on column public.adopted_animal.sex is 'Not null.';
comment on column public.adopted_animal.size is 'Not null.';
comment on column public.adopted_animal.photos is 'Not null: in their order, empty when there is none.';
comment on column public.adopted_animal.shelter is 'Not null.';

create type public.unlisted_animal as (
  status public.animal_status,
  type public.animal_type,
  place public.shelter_place,
  animal public.adopted_animal
);
comment on type public.unlisted_animal is 'An animal that left the listings: its status, type and shelter''s place, and, when adopted, what its page shows.';
comment on column public.unlisted_animal.status is 'Not null: adopted or archived.';
comment on column public.unlisted_animal.type is 'Not null.';
comment on column public.unlisted_animal.place is 'Not null.';

drop function public.unlisted_animal_page(animal_id uuid);
create function public.unlisted_animal_page(animal_id uuid)
 returns setof public.unlisted_animal
 language sql
 stable security definer
 rows 1
 set search_path to ''
as $function$
  select a.status, a.type,
         row(s.latitude, s.longitude, s.zip_code, s.city, s.state)::public.shelter_place,
         case when a.status = 'adopted' then row(
           a.id, a.name, a.type, a.primary_breed, a.secondary_breed, a.mixed_breed,
           a.age_group, a.birth_date, a.sex, a.size,
           a.primary_color, a.secondary_color, a.tertiary_color, a.coat, a.description,
           array(select row(p.storage_path, p.external_url, p.alt, p.position, p.width, p.height)::public.listing_photo
                   from public.animal_photos p
                  where p.animal_id = a.id
                  order by p.position),
           row(s.shelter_name, s.slug, s.city, s.state)::public.listing_shelter)::public.adopted_animal
         end
    from public.animals a
    join public.shelter_profiles s on s.id = a.shelter_id
   where a.id = unlisted_animal_page.animal_id
     and a.status in ('adopted', 'archived')
     and s.listed
$function$;
revoke execute on function public.unlisted_animal_page(animal_id uuid) from public;

create type public.staff_team_member as (
  email text,
  role public.member_role,
  joined_at timestamp with time zone
);
comment on type public.staff_team_member is 'A shelter''s team member as the staff console lists them.';
comment on column public.staff_team_member.role is 'Not null.';
comment on column public.staff_team_member.joined_at is 'Not null.';

create type public.staff_log_entry as (
  id bigint,
  staff_email text,
  action text,
  shelter_id uuid,
  shelter_name text,
  reason text,
  details jsonb,
  created_at timestamp with time zone
);
comment on type public.staff_log_entry is 'A staff action on a shelter, as the console shows it (without the staff member''s user id).';
comment on column public.staff_log_entry.id is 'Not null.';
comment on column public.staff_log_entry.staff_email is 'Not null.';
comment on column public.staff_log_entry.action is 'Not null.';
comment on column public.staff_log_entry.shelter_name is 'Not null.';
comment on column public.staff_log_entry.details is 'Not null.';
comment on column public.staff_log_entry.created_at is 'Not null.';

create type public.staff_shelter as (
  profile public.shelter_profiles,
  request public.vetting_requests,
  contacts text[],
  team public.staff_team_member[],
  log public.staff_log_entry[]
);
comment on type public.staff_shelter is 'One shelter as staff see it: its profile, its vetting request, where to write to it, its team and what staff did.';
comment on column public.staff_shelter.profile is 'Not null.';
comment on column public.staff_shelter.contacts is 'Not null.';
comment on column public.staff_shelter.team is 'Not null.';
comment on column public.staff_shelter.log is 'Not null.';

drop function public.staff_shelter_detail(shelter uuid);
create function public.staff_shelter_detail(shelter uuid)
 returns public.staff_shelter
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  result public.staff_shelter;
begin
  perform public.require_staff();
  select p,
         (select r from public.vetting_requests r where r.shelter_id = p.id),
         array(select e from public.shelter_contact_emails(p.id) e),
         array(select row(u.email, m.role, m.created_at)::public.staff_team_member
                 from public.shelter_members m join auth.users u on u.id = m.user_id
                where m.shelter_id = p.id
                order by public.shelter_role_rank(m.role) desc, m.created_at),
         array(select row(l.id, l.staff_email, l.action, l.shelter_id, l.shelter_name, l.reason, l.details, l.created_at)::public.staff_log_entry
                 from public.staff_audit_log l
                where l.shelter_id = p.id
                order by l.created_at desc, l.id desc)
    into result
    from public.shelter_profiles p where p.id = shelter;
  if result.profile is null then
    raise exception 'Shelter not found' using errcode = 'PT404';
  end if;
  return result;
end
$function$;
revoke execute on function public.staff_shelter_detail(shelter uuid) from public, anon;
