-- Where an adopter stands (decision 071):
--   * an application can be put "on hold" by the shelter's team: an answer (it stops the
--     deadline, through the shelter's event row), still open, still in the Pending tab;
--   * the team can reopen an application the site closed because nobody answered in time: it
--     is back in the Pending tab with a new deadline, and the adopter is told;
--   * the team can pause applications for an animal, or cap its open applications; a paused or
--     full animal takes no new application, however it is sent.

-- The new status, in the domain the generated types read (decision 066).
alter domain public.application_status drop constraint application_status_check;
alter domain public.application_status add constraint application_status_check
  check (value in ('submitted', 'in_review', 'on_hold', 'approved', 'adopted', 'rejected', 'withdrawn', 'closed'));

-- On hold is still pending: the tab is generated from the status, so it is made again.
drop index public.applications_shelter_stage_idx;
alter table public.applications drop column stage;
alter table public.applications add column stage public.application_stage generated always as (
  case when status in ('submitted', 'in_review', 'on_hold') then 'pending'
       when status in ('approved', 'adopted') then 'approved'
       else 'rejected' end) stored not null;
create index applications_shelter_stage_idx on public.applications (shelter_id, stage, created_at desc, id desc);

-- On hold is open: one open application per adopter and animal, and the animal's open ones.
drop index public.applications_one_open_idx;
create unique index applications_one_open_idx on public.applications (applicant_id, animal_id)
  where status in ('submitted', 'in_review', 'on_hold', 'approved');
drop index public.applications_animal_idx;
create index applications_animal_idx on public.applications (animal_id)
  where status in ('submitted', 'in_review', 'on_hold', 'approved');

-- The team's steps, each from the statuses it may follow; on hold among them.
create or replace function public.hold_application(application_id uuid, message text default null)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_application_team(application_id);
  return public.move_application(application_id, 'on_hold', '{submitted,in_review}', 'shelter', message);
end
$$;
revoke execute on function public.hold_application(uuid, text) from public, anon;

-- Starting a review also takes an application off hold.
create or replace function public.review_application(application_id uuid)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_application_team(application_id);
  return public.move_application(application_id, 'in_review', '{submitted,on_hold}', 'shelter');
end
$$;
revoke execute on function public.review_application(uuid) from public, anon;

create or replace function public.approve_application(application_id uuid, message text default null)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_application_team(application_id);
  return public.move_application(application_id, 'approved', '{submitted,in_review,on_hold}', 'shelter', message);
end
$$;
revoke execute on function public.approve_application(uuid, text) from public, anon;

create or replace function public.reject_application(application_id uuid, message text default null)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_application_team(application_id);
  return public.move_application(application_id, 'rejected', '{submitted,in_review,on_hold,approved}', 'shelter', message);
end
$$;
revoke execute on function public.reject_application(uuid, text) from public, anon;

create or replace function public.withdraw_application(application_id uuid)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  application public.applications;
begin
  if not exists (select 1 from public.applications a where a.id = application_id and a.applicant_id = auth.uid()) then
    raise exception 'Application not found' using errcode = 'PT404';
  end if;
  application := public.move_application(application_id, 'withdrawn', '{submitted,in_review,on_hold,approved}', 'adopter');
  perform public.email_shelter_team(application.shelter_id, 'staff', 'application_withdrawn',
    jsonb_build_object('application_id', application.id, 'animal_name', application.animal_name,
                       'secret', jsonb_build_object('applicant_name', application.applicant_name)));
  return application;
end
$$;
revoke execute on function public.withdraw_application(uuid) from public, anon;

create or replace function public.applications_forget_applicant()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.applicant_id is not null and new.applicant_id is null then
    new.snapshot := '{}';
    new.note := null;
    new.applicant_name := 'Deleted account';
    if new.status in ('submitted', 'in_review', 'on_hold', 'approved') then
      new.status := 'withdrawn';
      insert into public.application_events (application_id, status, actor, message)
      values (new.id, 'withdrawn', 'site', 'The applicant deleted their account.');
    end if;
  end if;
  return new;
end
$$;

-- An animal adopted or taken down closes its open applications, on hold ones too.
create or replace function public.animals_close_applications()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
     where a.animal_id = pet.id and a.status in ('submitted', 'in_review', 'on_hold', 'approved')
  loop
    update public.applications a set status = 'closed', decision_message = reason where a.id = application.id
    returning * into application;
    insert into public.application_events (application_id, status, actor, message) values (application.id, 'closed', 'site', reason);
    perform public.email_applicant(application, 'application_status');
  end loop;
  return case when tg_op = 'DELETE' then old end;
end
$$;

-- Reopening: only an application the site closed at its deadline with no shelter answer (the
-- closing event by the site at or after the deadline), while its animal is still listed. It is
-- new again with a deadline counted from now, so the promise (and the worker) apply afresh.
create or replace function public.reopen_application(application_id uuid, at timestamptz default now())
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  application public.applications;
  promise smallint;
begin
  perform public.require_application_team(application_id);
  select * into application from public.applications a where a.id = reopen_application.application_id for update;
  if application.status <> 'closed' or application.first_answered_at is not null
     or not exists (select 1 from public.application_events e
                     where e.application_id = application.id and e.status = 'closed' and e.actor = 'site'
                       and e.created_at >= application.answer_due_at) then
    raise exception 'Only an application closed because nobody answered in time can be reopened' using errcode = '22023';
  end if;
  if not exists (select 1 from public.animals m where m.id = application.animal_id and m.listed) then
    raise exception '% is no longer listed, so this application cannot be reopened', application.animal_name using errcode = '22023';
  end if;
  if exists (select 1 from public.applications o
              where o.applicant_id = application.applicant_id and o.animal_id = application.animal_id
                and o.status in ('submitted', 'in_review', 'on_hold', 'approved')) then
    raise exception 'The adopter has applied for % again since: their newer application is in your Pending tab', application.animal_name
      using errcode = '22023';
  end if;
  select p.response_days into promise from public.shelter_profiles p where p.id = application.shelter_id;
  insert into public.application_events (application_id, status, actor, actor_id, message, created_at)
  values (application.id, 'submitted', 'shelter', auth.uid(), 'The shelter reopened this application.', reopen_application.at);
  -- The event above is the shelter's, which would count as its first answer; reopening is not
  -- an answer to the adopter, so the new deadline stands until the shelter acts again.
  update public.applications a
     set status = 'submitted', decision_message = null, first_answered_at = null, reminded_at = null,
         answer_due_at = reopen_application.at + make_interval(days => promise)
   where a.id = application.id
  returning * into application;
  perform public.email_applicant(application, 'application_reopened',
    jsonb_build_object('answer_due_at', application.answer_due_at, 'response_days', promise));
  return application;
end
$$;
revoke execute on function public.reopen_application(uuid, timestamptz) from public, anon;

-- Pausing and capping an animal's applications: one row per animal that has either, set by the
-- shelter's owners, admins and staff (who handle its applications).
create table public.animal_application_limits (
  animal_id uuid primary key references public.animals (id) on delete cascade,
  paused boolean not null default false,
  open_cap smallint check (open_cap between 1 and 100),
  updated_at timestamptz not null default now()
);
alter table public.animal_application_limits enable row level security;
revoke all on table public.animal_application_limits from anon, authenticated;
grant select, delete on table public.animal_application_limits to authenticated;
grant insert (animal_id, paused, open_cap), update (paused, open_cap) on table public.animal_application_limits to authenticated;
comment on table public.animal_application_limits is
  'An animal''s applications paused, or capped at a number of open ones; the public reads only animal_application_intake().';

create policy "the team reads its animals' limits" on public.animal_application_limits for select to authenticated
  using (exists (select 1 from public.animals a
                  where a.id = animal_application_limits.animal_id and a.shelter_id = (select public.my_shelter_id('staff'))));
create policy "the team sets its animals' limits" on public.animal_application_limits for insert to authenticated
  with check (exists (select 1 from public.animals a
                       where a.id = animal_application_limits.animal_id and a.shelter_id = (select public.my_shelter_id('staff'))));
create policy "the team changes its animals' limits" on public.animal_application_limits for update to authenticated
  using (exists (select 1 from public.animals a
                  where a.id = animal_application_limits.animal_id and a.shelter_id = (select public.my_shelter_id('staff'))))
  with check (exists (select 1 from public.animals a
                       where a.id = animal_application_limits.animal_id and a.shelter_id = (select public.my_shelter_id('staff'))));
create policy "the team removes its animals' limits" on public.animal_application_limits for delete to authenticated
  using (exists (select 1 from public.animals a
                  where a.id = animal_application_limits.animal_id and a.shelter_id = (select public.my_shelter_id('staff'))));

create trigger animal_application_limits_updated_at before update on public.animal_application_limits
  for each row execute function public.set_updated_at();

-- Whether an animal takes applications now ('open', 'paused' or 'full'), its cap, and how many
-- open applications it has: what its public page and the Apply page say, for anyone.
create or replace function public.animal_application_intake(animal_id uuid)
returns table (state text, open_cap integer, open_count integer)
language sql
stable
security definer
set search_path = ''
as $$
  select case when coalesce(l.paused, false) then 'paused'
              when l.open_cap is not null and n.open_count >= l.open_cap then 'full'
              else 'open' end,
         l.open_cap::integer,
         n.open_count
    from (select count(*)::integer as open_count from public.applications a
           where a.animal_id = animal_application_intake.animal_id
             and a.status in ('submitted', 'in_review', 'on_hold', 'approved')) n
    left join public.animal_application_limits l on l.animal_id = animal_application_intake.animal_id;
$$;
grant execute on function public.animal_application_intake(uuid) to anon, authenticated;

-- Every new application passes here, however it was sent: a paused or full animal refuses it,
-- and an application on hold counts as the adopter's open one. One sender at a time per animal,
-- so two at once cannot both take its last place.
create or replace function public.applications_check_intake()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  intake record;
begin
  if new.animal_id is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('application-intake:' || new.animal_id::text, 0));
  if exists (select 1 from public.applications a
              where a.applicant_id = new.applicant_id and a.animal_id = new.animal_id
                and a.status in ('submitted', 'in_review', 'on_hold', 'approved')) then
    raise exception 'You have already applied to adopt %', new.animal_name using errcode = '22023';
  end if;
  select * into intake from public.animal_application_intake(new.animal_id);
  if intake.state = 'paused' then
    raise exception 'The shelter has paused applications for %. Save a search to hear about similar pets.', new.animal_name
      using errcode = '22023';
  elsif intake.state = 'full' then
    raise exception 'The shelter is considering as many applications for % as it can (up to %). Save a search to hear about similar pets.',
      new.animal_name, intake.open_cap using errcode = '22023';
  end if;
  return new;
end
$$;
revoke execute on function public.applications_check_intake() from public, anon, authenticated;

create trigger applications_check_intake before insert on public.applications
  for each row execute function public.applications_check_intake();
