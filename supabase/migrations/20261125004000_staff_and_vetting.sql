-- Pawhaven's own team and the vetting of shelters.
--
-- staff_members are made only from the command line (npm run staff -- add <email>), with the
-- service role. Staff act only through the security definer functions below, each of which
-- checks is_staff() and writes staff_audit_log; no policy gives staff (or anyone else) direct
-- access to these tables through the API.
--
-- A shelter's owners or admins ask for its vetting meeting with a vetting_requests row (one
-- per shelter; every member reads it), and hear about each step by email. Staff
-- schedule the meeting, record it held, approve, ask for more information or reject; each step
-- that concerns the shelter emails its contacts (the outbox, decision 025).

create table public.staff_members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.staff_members is 'Pawhaven''s own team: they vet shelters through the staff_* functions.';
alter table public.staff_members enable row level security;
revoke all on public.staff_members from anon, authenticated;

create or replace function public.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.staff_members where user_id = (select auth.uid()));
$$;
revoke execute on function public.is_staff() from public, anon;
grant execute on function public.is_staff() to authenticated, service_role;

create table public.vetting_requests (
  shelter_id uuid primary key references public.shelter_profiles (id) on delete cascade,
  organization_type text not null check (organization_type in ('animal_shelter', 'rescue_organization', 'foster_network')),
  -- The IRS Employer Identification Number; foster networks often have none.
  ein text check (ein ~ '^[0-9]{2}-[0-9]{7}$'),
  website text not null check (website ~ '^https?://' and length(website) <= 500),
  vet_name text not null check (length(vet_name) between 1 and 200),
  vet_clinic text not null check (length(vet_clinic) between 1 and 200),
  vet_phone text not null check (length(vet_phone) between 7 and 40),
  phone text not null check (length(phone) between 7 and 40),
  preferred_times timestamptz[] not null check (cardinality(preferred_times) between 2 and 3),
  -- The IANA zone the shelter gave its times in, so staff and emails show its local time.
  time_zone text not null check (length(time_zone) between 1 and 64),
  status text not null default 'requested'
    check (status in ('requested', 'scheduled', 'held', 'information_requested', 'approved', 'rejected')),
  meeting_at timestamptz,
  meeting_held_at timestamptz,
  -- How to join: a video link or a phone number, written by staff.
  meeting_details text check (length(meeting_details) <= 1000),
  -- The last thing staff told the shelter: what information is missing, or why it was rejected.
  staff_message text check (length(staff_message) <= 2000),
  requested_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ein is not null or organization_type = 'foster_network'),
  check (status not in ('scheduled', 'held') or meeting_at is not null)
);
comment on table public.vetting_requests is 'A shelter''s request for its vetting meeting and where it stands.';
create index vetting_requests_queue_idx on public.vetting_requests (requested_at) where status not in ('approved', 'rejected');
create trigger vetting_requests_updated_at before update on public.vetting_requests
  for each row execute function public.set_updated_at();
alter table public.vetting_requests enable row level security;
revoke all on public.vetting_requests from anon, authenticated;

create table public.staff_audit_log (
  id bigint generated always as identity primary key,
  staff_user_id uuid references auth.users (id) on delete set null,
  -- Kept as written: the log outlives the account.
  staff_email text not null,
  action text not null check (action in ('schedule_meeting', 'record_meeting', 'approve', 'request_information', 'reject', 'suspend', 'restore')),
  shelter_id uuid references public.shelter_profiles (id) on delete set null,
  shelter_name text not null,
  reason text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
comment on table public.staff_audit_log is 'Every staff action: who, what, on which shelter, when and why.';
create index staff_audit_log_shelter_idx on public.staff_audit_log (shelter_id, created_at desc);
alter table public.staff_audit_log enable row level security;
revoke all on public.staff_audit_log from anon, authenticated;

-- Helpers ----------------------------------------------------------------------------------------

/** Who hears about a shelter's vetting: its owners and admins. */
create or replace function public.shelter_contact_emails(shelter uuid) returns setof text
language sql stable security definer set search_path = '' as $$
  select u.email::text
    from public.shelter_members m join auth.users u on u.id = m.user_id
   where m.shelter_id = shelter and m.role in ('owner', 'admin')
   order by public.shelter_role_rank(m.role) desc, m.created_at;
$$;
revoke execute on function public.shelter_contact_emails(uuid) from public, anon, authenticated;

/** Raises 42501 unless the caller is staff; returns the caller's id and email. */
create or replace function public.require_staff(out staff_id uuid, out staff_email text)
language plpgsql stable security definer set search_path = '' as $$
begin
  select s.user_id, u.email into staff_id, staff_email
    from public.staff_members s join auth.users u on u.id = s.user_id
   where s.user_id = (select auth.uid());
  if staff_id is null then
    raise exception 'Only Pawhaven staff may do this' using errcode = '42501';
  end if;
end
$$;
revoke execute on function public.require_staff() from public, anon, authenticated;

/**
 * The start of every staff action on a shelter: checks the caller, locks the shelter and its
 * request, and writes the audit log. Returns the request (null fields when there is none).
 */
create or replace function public.staff_act(shelter uuid, action text, reason text, details jsonb default '{}')
returns public.vetting_requests
language plpgsql security definer set search_path = '' as $$
declare
  caller record;
  profile public.shelter_profiles;
  request public.vetting_requests;
begin
  select * into caller from public.require_staff();
  select * into profile from public.shelter_profiles where id = shelter for update;
  if profile.id is null then
    raise exception 'Shelter not found' using errcode = 'P0002';
  end if;
  select * into request from public.vetting_requests where shelter_id = shelter for update;
  insert into public.staff_audit_log (staff_user_id, staff_email, action, shelter_id, shelter_name, reason, details)
  values (caller.staff_id, caller.staff_email, action, shelter, profile.shelter_name, nullif(trim(reason), ''), coalesce(details, '{}'));
  return request;
end
$$;
revoke execute on function public.staff_act(uuid, text, text, jsonb) from public, anon, authenticated;

/** Emails every contact of a shelter (in the caller's transaction, through the outbox). */
create or replace function public.email_shelter(shelter uuid, template text, data jsonb default '{}') returns void
language plpgsql security definer set search_path = '' as $$
declare
  contact text;
  name text;
begin
  select shelter_name into name from public.shelter_profiles where id = shelter;
  for contact in select public.shelter_contact_emails(shelter) loop
    perform public.queue_email(template, contact, jsonb_build_object('shelter_name', name) || coalesce(data, '{}'));
  end loop;
end
$$;
revoke execute on function public.email_shelter(uuid, text, jsonb) from public, anon, authenticated;

/** Raises 22023 (a message for the form) when a required text is empty. */
create or replace function public.require_text(value text, message text) returns text
language plpgsql immutable set search_path = '' as $$
begin
  if coalesce(trim(value), '') = '' then
    raise exception '%', message using errcode = '22023';
  end if;
  return trim(value);
end
$$;

-- What staff read --------------------------------------------------------------------------------

/** Shelters waiting for a decision, the longest-waiting first. */
create or replace function public.staff_vetting_queue()
returns table (
  shelter_id uuid, shelter_name text, city text, state text, organization_type text, status text,
  requested_at timestamptz, meeting_at timestamptz, time_zone text
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.require_staff();
  return query
  select p.id, p.shelter_name, p.city, p.state, r.organization_type, r.status, r.requested_at, r.meeting_at, r.time_zone
    from public.vetting_requests r join public.shelter_profiles p on p.id = r.shelter_id
   where r.status in ('requested', 'scheduled', 'held', 'information_requested') and not p.meeting_completed
   order by r.requested_at, p.id;
end
$$;

/** Everything staff see about one shelter: its profile, its request, its team (and who gets its email) and its log. */
create or replace function public.staff_shelter_detail(shelter uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform public.require_staff();
  select jsonb_build_object(
    'profile', to_jsonb(p),
    'request', (select to_jsonb(r) from public.vetting_requests r where r.shelter_id = p.id),
    'contacts', coalesce((select jsonb_agg(e) from public.shelter_contact_emails(p.id) e), '[]'),
    'team', coalesce((select jsonb_agg(jsonb_build_object('email', u.email, 'role', m.role, 'joined_at', m.created_at)
                                       order by public.shelter_role_rank(m.role) desc, m.created_at)
                        from public.shelter_members m join auth.users u on u.id = m.user_id
                       where m.shelter_id = p.id), '[]'),
    'log', coalesce((select jsonb_agg(to_jsonb(l) - 'staff_user_id' order by l.created_at desc, l.id desc)
                       from public.staff_audit_log l where l.shelter_id = p.id), '[]')
  ) into result
  from public.shelter_profiles p where p.id = shelter;
  if result is null then
    raise exception 'Shelter not found' using errcode = 'P0002';
  end if;
  return result;
end
$$;

/** The newest staff actions across all shelters. */
create or replace function public.staff_audit_entries(max_entries integer default 100)
returns setof public.staff_audit_log
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.require_staff();
  return query select * from public.staff_audit_log order by created_at desc, id desc limit least(greatest(max_entries, 1), 500);
end
$$;

-- What staff do ----------------------------------------------------------------------------------

create or replace function public.staff_schedule_meeting(shelter uuid, meeting_at timestamptz, meeting_details text)
returns public.vetting_requests
language plpgsql security definer set search_path = '' as $$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'schedule_meeting', null,
    jsonb_build_object('meeting_at', meeting_at, 'meeting_details', meeting_details));
  if request.status is null or request.status in ('approved', 'rejected') then
    raise exception 'This shelter has no open meeting request' using errcode = '55000';
  end if;
  if meeting_at is null or meeting_at < now() then
    raise exception 'Choose a meeting time in the future' using errcode = '22023';
  end if;
  update public.vetting_requests r
     set status = 'scheduled',
         meeting_at = staff_schedule_meeting.meeting_at,
         meeting_details = public.require_text(staff_schedule_meeting.meeting_details, 'Say how the shelter joins the meeting'),
         meeting_held_at = null
   where r.shelter_id = shelter
  returning * into request;
  perform public.email_shelter(shelter, 'vetting_meeting_scheduled', jsonb_build_object(
    'meeting_at', request.meeting_at, 'time_zone', request.time_zone, 'meeting_details', request.meeting_details));
  return request;
end
$$;

create or replace function public.staff_record_meeting(shelter uuid, notes text)
returns public.vetting_requests
language plpgsql security definer set search_path = '' as $$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'record_meeting', notes);
  if request.status is distinct from 'scheduled' then
    raise exception 'Only a scheduled meeting can be recorded as held' using errcode = '55000';
  end if;
  update public.vetting_requests set status = 'held', meeting_held_at = now() where shelter_id = shelter returning * into request;
  return request;
end
$$;

create or replace function public.staff_approve_shelter(shelter uuid, notes text)
returns public.vetting_requests
language plpgsql security definer set search_path = '' as $$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'approve', notes);
  if request.meeting_held_at is null or request.status in ('approved', 'rejected') then
    raise exception 'Approve a shelter after its meeting is recorded as held' using errcode = '55000';
  end if;
  update public.vetting_requests set status = 'approved', staff_message = null where shelter_id = shelter returning * into request;
  update public.shelter_profiles set meeting_completed = true, approved_at = coalesce(approved_at, now()) where id = shelter;
  perform public.email_shelter(shelter, 'vetting_approved', '{}');
  return request;
end
$$;

create or replace function public.staff_request_information(shelter uuid, message text)
returns public.vetting_requests
language plpgsql security definer set search_path = '' as $$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'request_information', message);
  if request.status is null or request.status in ('approved', 'rejected') then
    raise exception 'This shelter has no open meeting request' using errcode = '55000';
  end if;
  update public.vetting_requests
     set status = 'information_requested', staff_message = public.require_text(message, 'Say what information is missing')
   where shelter_id = shelter
  returning * into request;
  perform public.email_shelter(shelter, 'vetting_information_requested', jsonb_build_object('message', request.staff_message));
  return request;
end
$$;

create or replace function public.staff_reject_shelter(shelter uuid, reason text)
returns public.vetting_requests
language plpgsql security definer set search_path = '' as $$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'reject', reason);
  if request.status is null or request.status in ('approved', 'rejected') then
    raise exception 'This shelter has no open meeting request' using errcode = '55000';
  end if;
  update public.vetting_requests
     set status = 'rejected', staff_message = public.require_text(reason, 'Give the reason for the rejection')
   where shelter_id = shelter
  returning * into request;
  perform public.email_shelter(shelter, 'vetting_rejected', jsonb_build_object('reason', request.staff_message));
  return request;
end
$$;

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'staff_vetting_queue()', 'staff_shelter_detail(uuid)', 'staff_audit_entries(integer)',
    'staff_schedule_meeting(uuid, timestamptz, text)', 'staff_record_meeting(uuid, text)',
    'staff_approve_shelter(uuid, text)', 'staff_request_information(uuid, text)', 'staff_reject_shelter(uuid, text)'
  ] loop
    execute format('revoke execute on function public.%s from public, anon', fn);
    -- Signed-in callers reach them; each checks is_staff() itself.
    execute format('grant execute on function public.%s to authenticated', fn);
  end loop;
end
$$;

-- What the shelter does -------------------------------------------------------------------------

create policy "members read their shelter's vetting request" on public.vetting_requests
  for select to authenticated using (shelter_id = (select public.my_shelter_id()));
grant select on public.vetting_requests to authenticated;

/**
 * Sends (or, while it waits, corrects) the shelter's request for its vetting meeting. The
 * shelter's contacts get a receipt and every staff member a note. Once a meeting is scheduled
 * the request is fixed until staff ask for more information.
 */
create or replace function public.request_vetting_meeting(
  organization_type text, ein text, website text, vet_name text, vet_clinic text, vet_phone text,
  phone text, preferred_times timestamptz[], time_zone text
) returns public.vetting_requests
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  profile public.shelter_profiles;
  previous public.vetting_requests;
  request public.vetting_requests;
  staff_email text;
begin
  select * into profile from public.shelter_profiles p where p.id = public.my_shelter_id('admin') for update;
  if profile.id is null and public.my_shelter_id() is not null then
    raise exception 'Only owners and admins can ask for the vetting meeting' using errcode = '42501';
  elsif profile.id is null then
    raise exception 'Shelter profile not found' using errcode = 'P0002';
  end if;
  if profile.meeting_completed then
    raise exception 'This shelter is already approved' using errcode = '55000';
  end if;
  select * into previous from public.vetting_requests r where r.shelter_id = profile.id;
  if previous.status in ('scheduled', 'held', 'approved', 'rejected') then
    raise exception 'Your meeting request can no longer be changed' using errcode = '55000';
  end if;
  if exists (select 1 from unnest(request_vetting_meeting.preferred_times) t where t is null or t < now()) then
    raise exception 'Choose preferred times in the future' using errcode = '22023';
  end if;
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = request_vetting_meeting.time_zone) then
    raise exception 'Choose a time zone' using errcode = '22023';
  end if;

  insert into public.vetting_requests as r (shelter_id, organization_type, ein, website, vet_name, vet_clinic, vet_phone, phone,
                                            preferred_times, time_zone, status, staff_message, requested_at)
  values (profile.id, request_vetting_meeting.organization_type, nullif(trim(request_vetting_meeting.ein), ''),
          trim(request_vetting_meeting.website), trim(request_vetting_meeting.vet_name), trim(request_vetting_meeting.vet_clinic),
          trim(request_vetting_meeting.vet_phone), trim(request_vetting_meeting.phone),
          (select array_agg(distinct t order by t) from unnest(request_vetting_meeting.preferred_times) t),
          request_vetting_meeting.time_zone, 'requested', null, now())
  on conflict (shelter_id) do update
    set organization_type = excluded.organization_type, ein = excluded.ein, website = excluded.website,
        vet_name = excluded.vet_name, vet_clinic = excluded.vet_clinic, vet_phone = excluded.vet_phone,
        phone = excluded.phone, preferred_times = excluded.preferred_times, time_zone = excluded.time_zone,
        status = 'requested', staff_message = null,
        -- Answering a question sends the shelter back to the queue; a correction keeps its place.
        requested_at = case when r.status = 'information_requested' then now() else r.requested_at end
  returning * into request;

  if previous.status is null or previous.status = 'information_requested' then
    perform public.email_shelter(profile.id, 'vetting_meeting_requested', jsonb_build_object(
      'preferred_times', to_jsonb(request.preferred_times), 'time_zone', request.time_zone));
    for staff_email in select u.email from public.staff_members s join auth.users u on u.id = s.user_id loop
      perform public.queue_email('vetting_request_received', staff_email, jsonb_build_object(
        'shelter_name', profile.shelter_name, 'shelter_id', profile.id,
        'city', coalesce(profile.city, ''), 'state', coalesce(profile.state, ''),
        'answer', previous.status is not null));
    end loop;
  end if;
  return request;
end
$$;
revoke execute on function public.request_vetting_meeting(text, text, text, text, text, text, text, timestamptz[], text) from public, anon;
grant execute on function public.request_vetting_meeting(text, text, text, text, text, text, text, timestamptz[], text) to authenticated;
