-- Adoption applications (issue 12): an adopter sends a snapshot of their application profile and
-- a note to the shelter of one animal; the shelter's owners, admins and staff review it, and
-- approve it (then mark the animal adopted) or not; the adopter may withdraw it. Every change
-- is a line of the application's timeline and an email to the adopter.
--
-- Statuses: submitted → in_review → approved → adopted, or rejected, withdrawn, or closed (the
-- animal went to another family or left the listings). The dashboard's tabs group them by
-- `stage`: pending (submitted, in review), approved (approved, adopted), rejected (the rest).

create table public.applications (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  -- Kept when the animal is deleted: the shelter and the adopter keep the record, by name.
  animal_id uuid references public.animals (id) on delete set null,
  animal_name text not null,
  -- Null once the applicant deleted their account; the record stays, without their details.
  applicant_id uuid references auth.users (id) on delete set null,
  applicant_name text not null,
  snapshot jsonb not null,
  note text check (length(note) <= 2000),
  status text not null default 'submitted'
    check (status in ('submitted', 'in_review', 'approved', 'rejected', 'adopted', 'withdrawn', 'closed')),
  stage text not null generated always as (
    case when status in ('submitted', 'in_review') then 'pending'
         when status in ('approved', 'adopted') then 'approved'
         else 'rejected' end
  ) stored,
  -- The shelter's words to the adopter with the latest decision (a rejection's reason, …).
  decision_message text check (length(decision_message) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.applications is
  'Adoption applications: readable by the applicant and by the owners, admins and staff of the shelter they went to.';
create index applications_shelter_stage_idx on public.applications (shelter_id, stage, created_at desc, id desc);
create index applications_applicant_idx on public.applications (applicant_id, created_at desc);
create index applications_animal_idx on public.applications (animal_id) where status in ('submitted', 'in_review', 'approved');
-- One open application per person and animal.
create unique index applications_one_open_idx on public.applications (applicant_id, animal_id)
  where status in ('submitted', 'in_review', 'approved');
create trigger applications_updated_at before update on public.applications
  for each row execute function public.set_updated_at();

create table public.application_events (
  id bigint generated always as identity primary key,
  application_id uuid not null references public.applications (id) on delete cascade,
  status text not null,
  -- Who moved it: the applicant, a member of the shelter, or the site (an animal adopted elsewhere).
  actor text not null check (actor in ('adopter', 'shelter', 'site')),
  actor_id uuid references auth.users (id) on delete set null,
  message text,
  created_at timestamptz not null default now()
);
comment on table public.application_events is 'Each application''s timeline.';
create index application_events_application_idx on public.application_events (application_id, id);

alter table public.applications enable row level security;
alter table public.application_events enable row level security;
create policy "applicants and their shelter's team read applications" on public.applications
  for select to authenticated
  using (applicant_id = (select auth.uid()) or shelter_id = (select public.my_shelter_id('staff')));
create policy "applicants and their shelter's team read the timeline" on public.application_events
  for select to authenticated
  using (exists (select 1 from public.applications a where a.id = application_id));
-- Nobody writes directly: every change goes through the functions below, which check the rules.
revoke all on public.applications, public.application_events from anon, authenticated;
grant select on public.applications, public.application_events to authenticated;

-- Helpers -----------------------------------------------------------------------------------------

/** Emails the applicant about their application, unless they turned application emails off. */
create or replace function public.email_applicant(application public.applications, template text, data jsonb default '{}')
returns void
language plpgsql security definer set search_path = '' as $$
declare
  address text;
begin
  select u.email into address
    from auth.users u left join public.adopter_profiles p on p.user_id = u.id
   where u.id = application.applicant_id and coalesce(p.email_applications, true);
  if address is null then
    return;
  end if;
  perform public.queue_email(template, address,
    jsonb_build_object(
      'application_id', application.id,
      'animal_name', application.animal_name,
      'shelter_name', (select shelter_name from public.shelter_profiles where id = application.shelter_id),
      'status', application.status,
      'message', application.decision_message)
    || coalesce(data, '{}'));
end
$$;
revoke execute on function public.email_applicant(public.applications, text, jsonb) from public, anon, authenticated;

/**
 * Moves an application to a new status, when its status now is one of `allowed_from`: writes
 * the timeline and emails the applicant. Raises P0002 when it is not there for the caller, and
 * 22023 (a message for the page) when the move is not allowed from where it stands.
 */
create or replace function public.move_application(
  application_id uuid, to_status text, allowed_from text[], actor text, message text default null
) returns public.applications
language plpgsql security definer set search_path = '' as $$
declare
  application public.applications;
begin
  select * into application from public.applications a where a.id = application_id for update;
  if application.id is null then
    raise exception 'Application not found' using errcode = 'P0002';
  end if;
  if not application.status = any (allowed_from) then
    raise exception 'This application is % now, so it cannot be %', replace(application.status, '_', ' '), replace(to_status, '_', ' ')
      using errcode = '22023';
  end if;
  update public.applications a
     set status = to_status, decision_message = nullif(trim(message), '')
   where a.id = application.id
  returning * into application;
  insert into public.application_events (application_id, status, actor, actor_id, message)
  values (application.id, to_status, actor, auth.uid(), nullif(trim(message), ''));
  perform public.email_applicant(application, 'application_status');
  return application;
end
$$;
revoke execute on function public.move_application(uuid, text, text[], text, text) from public, anon, authenticated;

/** Raises P0002 unless the caller is an owner, admin or staff member of the application's shelter. */
create or replace function public.require_application_team(application_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.applications a
                  where a.id = application_id and public.is_shelter_member(a.shelter_id, 'staff')) then
    raise exception 'Application not found' using errcode = 'P0002';
  end if;
end
$$;
revoke execute on function public.require_application_team(uuid) from public, anon, authenticated;

-- The adopter's side ----------------------------------------------------------------------------

/**
 * Sends the caller's application profile, as it is now, with a note, to the shelter of a listed
 * animal. Refuses (22023, a message for the page) a profile that misses what shelters need, a
 * second open application for the same animal, and more than 10 applications in a day.
 */
create or replace function public.submit_application(animal_id uuid, note text default null) returns public.applications
language plpgsql security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  pet record;
  missing text[];
  application public.applications;
begin
  if caller is null then
    raise exception 'Sign in to apply' using errcode = '42501';
  end if;
  select a.id, a.name, a.shelter_id into pet
    from public.animals a where a.id = submit_application.animal_id and a.listed
    for share;
  if pet.id is null then
    raise exception 'This pet is no longer listed, so it cannot be applied for' using errcode = '22023';
  end if;
  missing := public.application_profile_missing(caller);
  if cardinality(missing) > 0 then
    raise exception 'Your application profile still needs %', array_to_string(missing, ', ') using errcode = '22023';
  end if;
  if exists (select 1 from public.applications a
              where a.applicant_id = caller and a.animal_id = pet.id and a.status in ('submitted', 'in_review', 'approved')) then
    raise exception 'You have already applied to adopt %', pet.name using errcode = '22023';
  end if;
  if (select count(*) from public.applications a where a.applicant_id = caller and a.created_at > now() - interval '1 day') >= 10 then
    raise exception 'You have sent 10 applications today. Please wait a day before sending more.' using errcode = '22023';
  end if;
  if length(trim(coalesce(note, ''))) > 2000 then
    raise exception 'Keep your note to 2,000 characters' using errcode = '22023';
  end if;

  insert into public.applications (shelter_id, animal_id, animal_name, applicant_id, applicant_name, snapshot, note)
  select pet.shelter_id, pet.id, pet.name, caller, p.full_name, public.application_snapshot(caller), nullif(trim(note), '')
    from public.application_profiles p where p.user_id = caller
  returning * into application;
  insert into public.application_events (application_id, status, actor, actor_id)
  values (application.id, 'submitted', 'adopter', caller);
  perform public.email_applicant(application, 'application_status');
  perform public.email_shelter_team(pet.shelter_id, 'staff', 'application_received',
    jsonb_build_object('application_id', application.id, 'animal_name', pet.name,
                       'secret', jsonb_build_object('applicant_name', application.applicant_name)));
  return application;
end
$$;
revoke execute on function public.submit_application(uuid, text) from public, anon;
grant execute on function public.submit_application(uuid, text) to authenticated;

/** The applicant takes their application back while it is open; the shelter hears of it. */
create or replace function public.withdraw_application(application_id uuid) returns public.applications
language plpgsql security definer set search_path = '' as $$
declare
  application public.applications;
begin
  if not exists (select 1 from public.applications a where a.id = application_id and a.applicant_id = auth.uid()) then
    raise exception 'Application not found' using errcode = 'P0002';
  end if;
  application := public.move_application(application_id, 'withdrawn', '{submitted,in_review,approved}', 'adopter');
  perform public.email_shelter_team(application.shelter_id, 'staff', 'application_withdrawn',
    jsonb_build_object('application_id', application.id, 'animal_name', application.animal_name,
                       'secret', jsonb_build_object('applicant_name', application.applicant_name)));
  return application;
end
$$;
revoke execute on function public.withdraw_application(uuid) from public, anon;
grant execute on function public.withdraw_application(uuid) to authenticated;

-- The shelter's side ----------------------------------------------------------------------------

create or replace function public.review_application(application_id uuid) returns public.applications
language plpgsql security definer set search_path = '' as $$
begin
  perform public.require_application_team(application_id);
  return public.move_application(application_id, 'in_review', '{submitted}', 'shelter');
end
$$;

create or replace function public.approve_application(application_id uuid, message text default null) returns public.applications
language plpgsql security definer set search_path = '' as $$
begin
  perform public.require_application_team(application_id);
  return public.move_application(application_id, 'approved', '{submitted,in_review}', 'shelter', message);
end
$$;

create or replace function public.reject_application(application_id uuid, message text default null) returns public.applications
language plpgsql security definer set search_path = '' as $$
begin
  perform public.require_application_team(application_id);
  return public.move_application(application_id, 'rejected', '{submitted,in_review,approved}', 'shelter', message);
end
$$;

/**
 * From an approved application: the animal is adopted (by this applicant), and every other open
 * application for it is closed with a kind notice (the animals trigger below does that).
 */
create or replace function public.mark_application_adopted(application_id uuid) returns public.applications
language plpgsql security definer set search_path = '' as $$
declare
  application public.applications;
begin
  perform public.require_application_team(application_id);
  application := public.move_application(application_id, 'adopted', '{approved}', 'shelter');
  update public.animals set status = 'adopted' where id = application.animal_id and status <> 'adopted';
  return application;
end
$$;

revoke execute on function public.review_application(uuid), public.approve_application(uuid, text),
  public.reject_application(uuid, text), public.mark_application_adopted(uuid) from public, anon;
grant execute on function public.review_application(uuid), public.approve_application(uuid, text),
  public.reject_application(uuid, text), public.mark_application_adopted(uuid) to authenticated;

/** The figures of the dashboard's Overview and sidebar (unopened: new, no review started), for any member of the caller's shelter. */
create or replace function public.my_shelter_application_counts(
  out pending integer, out approved integer, out rejected integer, out unopened integer
)
language sql stable security definer set search_path = '' as $$
  select count(*) filter (where a.stage = 'pending')::integer,
         count(*) filter (where a.stage = 'approved')::integer,
         count(*) filter (where a.stage = 'rejected')::integer,
         count(*) filter (where a.status = 'submitted')::integer
    from public.applications a
   where a.shelter_id = public.my_shelter_id();
$$;
revoke execute on function public.my_shelter_application_counts() from public, anon;
grant execute on function public.my_shelter_application_counts() to authenticated;

/**
 * The dashboard sidebar's counts in one call, for the owners, admins and staff who read
 * messages and applications: conversations with unread messages, applications nobody opened.
 */
create or replace function public.my_dashboard_badges(out unread_messages integer, out new_applications integer)
language sql stable security definer set search_path = '' as $$
  select public.shelter_unread_conversations(),
         (select count(*)::integer from public.applications a
           where a.shelter_id = (select public.my_shelter_id('staff')) and a.status = 'submitted');
$$;
revoke execute on function public.my_dashboard_badges() from public, anon;
grant execute on function public.my_dashboard_badges() to authenticated;

-- When the animal leaves the listings -------------------------------------------------------------

/**
 * An animal adopted (through an application or not), archived or deleted: its open applications
 * close, each with a kind word to its applicant.
 */
create or replace function public.animals_close_applications() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  application public.applications;
  pet public.animals := case when tg_op = 'DELETE' then old else new end;
  reason text;
begin
  if tg_op = 'UPDATE' and (new.status is not distinct from old.status or new.status not in ('adopted', 'archived')) then
    return null;
  end if;
  -- A shelter being deleted takes its applications with it: nothing to close or tell.
  if tg_op = 'DELETE' and not exists (select 1 from public.shelter_profiles s where s.id = pet.shelter_id) then
    return old;
  end if;
  reason := case when tg_op = 'UPDATE' and new.status = 'adopted'
                 then pet.name || ' has found a home with another family.'
                 else pet.name || ' is no longer listed for adoption.' end;
  for application in
    select * from public.applications a
     where a.animal_id = pet.id and a.status in ('submitted', 'in_review', 'approved')
  loop
    update public.applications a set status = 'closed', decision_message = reason where a.id = application.id
    returning * into application;
    insert into public.application_events (application_id, status, actor, message) values (application.id, 'closed', 'site', reason);
    perform public.email_applicant(application, 'application_status');
  end loop;
  return case when tg_op = 'DELETE' then old end;
end
$$;
create trigger animals_close_applications after update of status on public.animals
  for each row execute function public.animals_close_applications();
create trigger animals_close_applications_on_delete before delete on public.animals
  for each row execute function public.animals_close_applications();

-- When the applicant deletes their account --------------------------------------------------------

/**
 * The account's deletion sets applicant_id null (on delete set null): the personal parts go
 * with it, and an open application is withdrawn. The shelter keeps that it existed.
 */
create or replace function public.applications_forget_applicant() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.applicant_id is not null and new.applicant_id is null then
    new.snapshot := '{}';
    new.note := null;
    new.applicant_name := 'Deleted account';
    if new.status in ('submitted', 'in_review', 'approved') then
      new.status := 'withdrawn';
      insert into public.application_events (application_id, status, actor, message)
      values (new.id, 'withdrawn', 'site', 'The applicant deleted their account.');
    end if;
  end if;
  return new;
end
$$;
create trigger applications_forget_applicant before update of applicant_id on public.applications
  for each row execute function public.applications_forget_applicant();
