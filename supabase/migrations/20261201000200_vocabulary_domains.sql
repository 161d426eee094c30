-- The vocabularies as domains over text: a column's values are the domain's, and `npm run
-- db:types` writes each domain's values as a union type (app/types/database.ts, under Enums), so
-- the application's vocabulary module keeps only labels and order. Domains rather than enum
-- types: text still compares and assigns to them as it always has (functions, imports, the API),
-- and clients read them as text.
create domain public.animal_type as text
  check (value in ('dog', 'cat', 'rabbit', 'bird', 'small-animal', 'reptile', 'horse', 'barnyard', 'other'));
create domain public.animal_age_group as text check (value in ('young', 'adult', 'senior'));
create domain public.animal_sex as text check (value in ('male', 'female', 'unknown'));
create domain public.animal_size as text check (value in ('small', 'medium', 'large', 'xlarge'));
create domain public.animal_coat as text check (value in ('hairless', 'short', 'medium', 'long', 'wire', 'curly'));
create domain public.good_with_answer as text check (value in ('unknown', 'yes', 'no'));
create domain public.animal_status as text check (value in ('available', 'pending', 'adopted', 'archived'));
create domain public.shelter_type as text check (value in ('animal_shelter', 'rescue_organization', 'foster_network'));
create domain public.member_role as text check (value in ('owner', 'admin', 'staff', 'volunteer'));
comment on domain public.animal_type is 'The kinds of animal the site lists.';
comment on domain public.good_with_answer is 'Whether an animal gets on with children, dogs or cats.';
comment on domain public.member_role is 'A shelter team member''s role, from most to least trusted.';

-- The full-text document is generated from type and coat, and a policy and two triggers read the
-- status: they are made again after them.
drop policy "anyone reads listed animals of listed shelters" on public.animals;
drop trigger animals_close_applications on public.animals;
drop trigger animals_settle_bonded_groups_update on public.animals;
alter table public.animals drop column search_document;
alter table public.animals
  drop constraint animals_type_check,
  drop constraint animals_age_group_check,
  drop constraint animals_sex_check,
  drop constraint animals_size_check,
  drop constraint animals_coat_check,
  drop constraint animals_good_with_children_check,
  drop constraint animals_good_with_dogs_check,
  drop constraint animals_good_with_cats_check,
  drop constraint animals_status_check;
alter table public.animals
  alter column type type public.animal_type,
  alter column age_group type public.animal_age_group,
  alter column sex type public.animal_sex,
  alter column size type public.animal_size,
  alter column coat type public.animal_coat,
  alter column good_with_children type public.good_with_answer,
  alter column good_with_dogs type public.good_with_answer,
  alter column good_with_cats type public.good_with_answer,
  alter column status type public.animal_status;
alter table public.animals add column search_document tsvector generated always as (((setweight(to_tsvector('english'::regconfig, name), 'A'::"char") || setweight(to_tsvector('english'::regconfig, ((((COALESCE(primary_breed, ''::text) || ' '::text) || COALESCE(secondary_breed, ''::text)) || ' '::text) || replace(type, '-'::text, ' '::text))), 'B'::"char")) || setweight(to_tsvector('english'::regconfig, ((((((((COALESCE(primary_color, ''::text) || ' '::text) || COALESCE(secondary_color, ''::text)) || ' '::text) || COALESCE(tertiary_color, ''::text)) || ' '::text) || COALESCE(coat, ''::text)) || ' '::text) || COALESCE(description, ''::text))), 'C'::"char"))) stored;
create index animals_listed_search_idx on public.animals using gin (search_document) where searchable;
create trigger animals_close_applications after update of status on public.animals
  for each row execute function public.animals_close_applications();
create trigger animals_settle_bonded_groups_update after update of bonded_group_id, status, listed, published_at on public.animals
  for each row
  when ((old.bonded_group_id is not null or new.bonded_group_id is not null)
        and (old.bonded_group_id is distinct from new.bonded_group_id or old.listed is distinct from new.listed
             or old.published_at is distinct from new.published_at))
  execute function public.animals_settle_bonded_groups();
create policy "anyone reads listed animals of listed shelters" on public.animals for select to anon, authenticated
  using (status in ('available', 'pending')
         and exists (select 1 from public.shelter_profiles s where s.id = animals.shelter_id and s.listed));

alter table public.shelter_profiles drop constraint shelter_profiles_shelter_type_check;
alter table public.shelter_profiles alter column shelter_type type public.shelter_type;
alter table public.vetting_requests drop constraint vetting_requests_organization_type_check;
alter table public.vetting_requests alter column organization_type type public.shelter_type;
alter table public.shelter_members drop constraint shelter_members_role_check;
alter table public.shelter_members alter column role type public.member_role;
alter table public.shelter_invitations drop constraint shelter_invitations_role_check;
alter table public.shelter_invitations alter column role type public.member_role;

-- The staff queue returns the organisation's type as its domain (its rows are typed by it).
drop function public.staff_vetting_queue();
create function public.staff_vetting_queue()
 returns table(shelter_id uuid, shelter_name text, city text, state text, organization_type public.shelter_type, status text,
               requested_at timestamp with time zone, meeting_at timestamp with time zone, time_zone text)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
begin
  perform public.require_staff();
  return query
  select p.id, p.shelter_name, p.city, p.state, r.organization_type, r.status, r.requested_at, r.meeting_at, r.time_zone
    from public.vetting_requests r join public.shelter_profiles p on p.id = r.shelter_id
   where r.status in ('requested', 'scheduled', 'held', 'information_requested') and not p.meeting_completed
   order by r.requested_at, p.id;
end
$function$;
revoke execute on function public.staff_vetting_queue() from public, anon;
