-- The Team tab: invitations by email, role changes, removals, leaving, and the shelter's
-- activity log (issue 11).
--
-- An invitation carries a random token; the email holds the token, the table only its SHA-256,
-- so the table leaks nothing usable. It works once, for 7 days; resending makes a new token
-- (the old link stops working) and a new 7 days. Only owners invite or make owners; owners and
-- admins manage everyone else. The last owner can be neither demoted nor removed, nor leave
-- (shelter_members_keep_an_owner). Every change is in shelter_activity, which owners and
-- admins read.

-- The activity log ---------------------------------------------------------------------------------

create table public.shelter_activity (
  id bigint generated always as identity primary key,
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  -- Kept as written: the log outlives the account (and says 'Pawhaven' for the site itself).
  actor_email text not null,
  action text not null check (action in (
    'animal_added', 'animal_edited', 'animal_status_changed', 'animal_deleted',
    'settings_changed',
    'member_invited', 'invitation_resent', 'invitation_revoked', 'member_joined',
    'member_role_changed', 'member_removed', 'member_left')),
  -- What it was about, in words that stay true after it is gone ('Biscuit', 'ana@example.org').
  subject text not null default '',
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
comment on table public.shelter_activity is 'Who did what in a shelter (animals, settings, team), for its owners and admins.';
create index shelter_activity_shelter_idx on public.shelter_activity (shelter_id, created_at desc, id desc);
alter table public.shelter_activity enable row level security;
create policy "owners and admins read their shelter's activity" on public.shelter_activity
  for select to authenticated using (shelter_id = (select public.my_shelter_id('admin')));
revoke all on public.shelter_activity from anon, authenticated;
grant select on public.shelter_activity to authenticated;

/** Writes one activity line as the caller (or as the site, when no one is signed in). */
create or replace function public.log_shelter_activity(shelter uuid, action text, subject text, details jsonb default '{}')
returns void
language plpgsql security definer set search_path = '' as $$
declare
  actor uuid := auth.uid();
  actor_email text;
begin
  if shelter is null or not exists (select 1 from public.shelter_profiles where id = shelter) then
    return;
  end if;
  select u.email into actor_email from auth.users u where u.id = actor;
  insert into public.shelter_activity (shelter_id, actor_id, actor_email, action, subject, details)
  values (shelter, actor, coalesce(actor_email, 'Pawhaven'), action, coalesce(subject, ''), coalesce(details, '{}'));
end
$$;
revoke execute on function public.log_shelter_activity(uuid, text, text, jsonb) from public, anon, authenticated;

-- Animals: added, edited, status changed, deleted. Writes by the service role (imports, the
-- seed) have no actor and are not the team's doing: they are not logged.
create or replace function public.animals_log_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  changed text[];
begin
  if auth.uid() is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform public.log_shelter_activity(new.shelter_id, 'animal_added', new.name, jsonb_build_object('animal_id', new.id));
  elsif tg_op = 'DELETE' then
    perform public.log_shelter_activity(old.shelter_id, 'animal_deleted', old.name, jsonb_build_object('animal_id', old.id));
  else
    if new.status is distinct from old.status then
      perform public.log_shelter_activity(new.shelter_id, 'animal_status_changed', new.name,
        jsonb_build_object('animal_id', new.id, 'from', old.status, 'to', new.status));
    end if;
    select array_agg(key order by key) into changed
      from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
     where n.value is distinct from o.value
       and key in ('name', 'type', 'primary_breed', 'secondary_breed', 'mixed_breed', 'age_group', 'birth_date', 'sex', 'size',
                   'primary_color', 'secondary_color', 'tertiary_color', 'coat', 'good_with_children', 'good_with_dogs',
                   'good_with_cats', 'house_trained', 'spayed_neutered', 'vaccinations_current', 'special_needs',
                   'special_needs_notes', 'adoption_fee', 'description', 'external_source', 'external_id');
    if changed is not null then
      perform public.log_shelter_activity(new.shelter_id, 'animal_edited', new.name,
        jsonb_build_object('animal_id', new.id, 'fields', to_jsonb(changed)));
    end if;
  end if;
  return null;
end
$$;
create trigger animals_log_activity after insert or update or delete on public.animals
  for each row execute function public.animals_log_activity();

create or replace function public.shelter_profiles_log_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  changed text[];
begin
  if auth.uid() is null then
    return null;
  end if;
  select array_agg(key order by key) into changed
    from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
   where n.value is distinct from o.value
     and key in ('shelter_name', 'shelter_type', 'description', 'contact_email', 'phone', 'address', 'city', 'state', 'zip_code', 'website', 'capacity');
  if changed is not null then
    perform public.log_shelter_activity(new.id, 'settings_changed', new.shelter_name, jsonb_build_object('fields', to_jsonb(changed)));
  end if;
  return null;
end
$$;
create trigger shelter_profiles_log_activity after update on public.shelter_profiles
  for each row execute function public.shelter_profiles_log_activity();

-- Invitations --------------------------------------------------------------------------------------

create table public.shelter_invitations (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  email text not null check (length(email) between 3 and 254 and position('@' in email) > 1 and email = lower(email)),
  role text not null check (role in ('owner', 'admin', 'staff', 'volunteer')),
  token_hash text not null unique,
  invited_by uuid references auth.users (id) on delete set null,
  invited_by_email text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  -- Set by the expire_invitations job once expires_at has passed.
  expired_at timestamptz
);
comment on table public.shelter_invitations is 'Invitations to join a shelter''s team: single use, 7 days, the token only as its SHA-256.';
-- One open invitation per address and shelter.
create unique index shelter_invitations_open_idx on public.shelter_invitations (shelter_id, email)
  where accepted_at is null and revoked_at is null and expired_at is null;
alter table public.shelter_invitations enable row level security;
create policy "owners and admins see their shelter's invitations" on public.shelter_invitations
  for select to authenticated using (shelter_id = (select public.my_shelter_id('admin')));
revoke all on public.shelter_invitations from anon, authenticated;
grant select (id, shelter_id, email, role, invited_by_email, created_at, sent_at, expires_at, accepted_at, revoked_at, expired_at)
  on public.shelter_invitations to authenticated;

/** A new random token (244 random bits, hex) and its hash. */
create or replace function public.new_invitation_token(out token text, out token_hash text)
language plpgsql volatile set search_path = '' as $$
begin
  token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  token_hash := encode(sha256(convert_to(token, 'UTF8')), 'hex');
end
$$;
revoke execute on function public.new_invitation_token() from public, anon, authenticated;

/** Raises unless the caller manages the team (owner or admin); returns the shelter. */
create or replace function public.require_team_manager() returns public.shelter_profiles
language plpgsql stable security definer set search_path = '' as $$
declare
  profile public.shelter_profiles;
begin
  select * into profile from public.shelter_profiles where id = public.my_shelter_id('admin');
  if profile.id is null then
    raise exception 'Only owners and admins manage the team' using errcode = '42501';
  end if;
  return profile;
end
$$;
revoke execute on function public.require_team_manager() from public, anon, authenticated;

create or replace function public.send_invitation_email(invitation public.shelter_invitations, token text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.queue_email('team_invitation', invitation.email, jsonb_build_object(
    'shelter_name', (select shelter_name from public.shelter_profiles where id = invitation.shelter_id),
    'invited_by', invitation.invited_by_email,
    'role', invitation.role,
    'expires_at', invitation.expires_at,
    'secret', jsonb_build_object('token', token)));
end
$$;
revoke execute on function public.send_invitation_email(public.shelter_invitations, text) from public, anon, authenticated;

/** Invites an address to the caller's shelter with a role, and emails the link. */
create or replace function public.invite_member(email text, role text) returns public.shelter_invitations
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  profile public.shelter_profiles := public.require_team_manager();
  address text := lower(trim(invite_member.email));
  secret record := public.new_invitation_token();
  invitation public.shelter_invitations;
  inviter_email text := (select u.email from auth.users u where u.id = auth.uid());
begin
  if invite_member.role not in ('owner', 'admin', 'staff', 'volunteer') then
    raise exception 'Choose a role' using errcode = '22023';
  end if;
  if invite_member.role = 'owner' and not public.is_shelter_member(profile.id, 'owner') then
    raise exception 'Only owners can invite owners' using errcode = '42501';
  end if;
  if address !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception 'Enter a valid email address' using errcode = '22023';
  end if;
  if exists (select 1 from public.shelter_members m join auth.users u on u.id = m.user_id
              where m.shelter_id = profile.id and lower(u.email) = address) then
    raise exception '% is already on your team', address using errcode = '23505';
  end if;
  if exists (select 1 from public.shelter_invitations i where i.shelter_id = profile.id and i.email = address
              and i.accepted_at is null and i.revoked_at is null and i.expired_at is null and i.expires_at > now()) then
    raise exception '% already has an invitation: resend it from the list', address using errcode = '23505';
  end if;
  -- An invitation past its date that the job has not closed yet gives way to the new one.
  update public.shelter_invitations i set expired_at = now()
   where i.shelter_id = profile.id and i.email = address and i.accepted_at is null and i.revoked_at is null and i.expired_at is null;

  insert into public.shelter_invitations (shelter_id, email, role, token_hash, invited_by, invited_by_email)
  values (profile.id, address, invite_member.role, secret.token_hash, auth.uid(), coalesce(inviter_email, ''))
  returning * into invitation;
  perform public.send_invitation_email(invitation, secret.token);
  perform public.log_shelter_activity(profile.id, 'member_invited', address, jsonb_build_object('role', invitation.role));
  return invitation;
end
$$;

/** Sends a pending invitation again with a new link (the old one stops working) and 7 new days. */
create or replace function public.resend_invitation(invitation_id uuid) returns public.shelter_invitations
language plpgsql security definer set search_path = '' as $$
declare
  profile public.shelter_profiles := public.require_team_manager();
  secret record := public.new_invitation_token();
  invitation public.shelter_invitations;
begin
  update public.shelter_invitations i
     set token_hash = secret.token_hash, sent_at = now(), expires_at = now() + interval '7 days', expired_at = null
   where i.id = invitation_id and i.shelter_id = profile.id and i.accepted_at is null and i.revoked_at is null
     and (i.role <> 'owner' or public.is_shelter_member(profile.id, 'owner'))
  returning * into invitation;
  if invitation.id is null then
    raise exception 'This invitation can no longer be sent' using errcode = '55000';
  end if;
  perform public.send_invitation_email(invitation, secret.token);
  perform public.log_shelter_activity(profile.id, 'invitation_resent', invitation.email, '{}');
  return invitation;
end
$$;

create or replace function public.revoke_invitation(invitation_id uuid) returns public.shelter_invitations
language plpgsql security definer set search_path = '' as $$
declare
  profile public.shelter_profiles := public.require_team_manager();
  invitation public.shelter_invitations;
begin
  update public.shelter_invitations i set revoked_at = now()
   where i.id = invitation_id and i.shelter_id = profile.id and i.accepted_at is null and i.revoked_at is null
     and (i.role <> 'owner' or public.is_shelter_member(profile.id, 'owner'))
  returning * into invitation;
  if invitation.id is null then
    raise exception 'This invitation can no longer be revoked' using errcode = '55000';
  end if;
  perform public.log_shelter_activity(profile.id, 'invitation_revoked', invitation.email, '{}');
  return invitation;
end
$$;

/**
 * What an invitation link shows before anyone signs in: the shelter, the role, the address, and
 * whether it can still be used. Knowing the token is the permission to see it.
 */
create or replace function public.invitation_preview(token text)
returns table (shelter_name text, email text, role text, state text, expires_at timestamptz, has_account boolean)
language sql stable security definer set search_path = '' as $$
  select p.shelter_name, i.email, i.role,
         case when i.accepted_at is not null then 'accepted'
              when i.revoked_at is not null then 'revoked'
              when i.expired_at is not null or i.expires_at <= now() then 'expired'
              else 'open' end,
         i.expires_at,
         exists (select 1 from auth.users u where lower(u.email) = i.email)
    from public.shelter_invitations i join public.shelter_profiles p on p.id = i.shelter_id
   where i.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex');
$$;

/** Joins the shelter with the invitation's role: once, in time, for the invited address only. */
create or replace function public.accept_invitation(token text) returns public.shelter_members
language plpgsql security definer set search_path = '' as $$
declare
  invitation public.shelter_invitations;
  caller_email text := (select lower(u.email) from auth.users u where u.id = auth.uid());
  member public.shelter_members;
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  select * into invitation from public.shelter_invitations i
   where i.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex')
   for update;
  if invitation.id is null or invitation.revoked_at is not null then
    raise exception 'This invitation is no longer valid' using errcode = 'P0002';
  end if;
  if invitation.accepted_at is not null then
    raise exception 'This invitation has already been used' using errcode = '55000';
  end if;
  if invitation.expired_at is not null or invitation.expires_at <= now() then
    raise exception 'This invitation has expired: ask for a new one' using errcode = '55000';
  end if;
  if caller_email is distinct from invitation.email then
    raise exception 'This invitation is for %: sign in with that address to accept it', invitation.email using errcode = '42501';
  end if;
  if exists (select 1 from public.shelter_members m where m.user_id = auth.uid()) then
    raise exception 'Your account already belongs to a shelter; each person can belong to one' using errcode = '55000';
  end if;
  insert into public.shelter_members (shelter_id, user_id, role) values (invitation.shelter_id, auth.uid(), invitation.role)
  returning * into member;
  update public.shelter_invitations set accepted_at = now(), accepted_by = auth.uid() where id = invitation.id;
  perform public.log_shelter_activity(invitation.shelter_id, 'member_joined', caller_email, jsonb_build_object('role', invitation.role));
  return member;
end
$$;

-- Members ------------------------------------------------------------------------------------------

/** The caller's team with each member's address (members see their team; emails come from auth). */
create or replace function public.my_team()
returns table (user_id uuid, email text, role text, joined_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select m.user_id, u.email::text, m.role, m.created_at
    from public.shelter_members m join auth.users u on u.id = m.user_id
   where m.shelter_id = public.my_shelter_id()
   order by public.shelter_role_rank(m.role) desc, m.created_at, u.email;
$$;

create or replace function public.change_member_role(member_id uuid, role text) returns public.shelter_members
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  profile public.shelter_profiles := public.require_team_manager();
  caller_is_owner boolean := public.is_shelter_member(profile.id, 'owner');
  current public.shelter_members;
  member public.shelter_members;
begin
  if change_member_role.role not in ('owner', 'admin', 'staff', 'volunteer') then
    raise exception 'Choose a role' using errcode = '22023';
  end if;
  select * into current from public.shelter_members m where m.shelter_id = profile.id and m.user_id = member_id for update;
  if current.user_id is null then
    raise exception 'Not a member of your shelter' using errcode = 'P0002';
  end if;
  if (current.role = 'owner' or change_member_role.role = 'owner') and not caller_is_owner then
    raise exception 'Only owners can make or unmake owners' using errcode = '42501';
  end if;
  update public.shelter_members m set role = change_member_role.role
   where m.shelter_id = profile.id and m.user_id = member_id
  returning * into member;
  if current.role is distinct from member.role then
    perform public.log_shelter_activity(profile.id, 'member_role_changed',
      (select u.email from auth.users u where u.id = member_id),
      jsonb_build_object('from', current.role, 'to', member.role));
  end if;
  return member;
end
$$;

create or replace function public.remove_member(member_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  profile public.shelter_profiles := public.require_team_manager();
  current public.shelter_members;
begin
  select * into current from public.shelter_members m where m.shelter_id = profile.id and m.user_id = member_id for update;
  if current.user_id is null then
    raise exception 'Not a member of your shelter' using errcode = 'P0002';
  end if;
  if current.user_id = auth.uid() then
    raise exception 'To leave the shelter yourself, use Leave' using errcode = '22023';
  end if;
  if current.role = 'owner' and not public.is_shelter_member(profile.id, 'owner') then
    raise exception 'Only owners can remove owners' using errcode = '42501';
  end if;
  delete from public.shelter_members m where m.shelter_id = profile.id and m.user_id = member_id;
  perform public.log_shelter_activity(profile.id, 'member_removed',
    (select u.email from auth.users u where u.id = member_id), jsonb_build_object('role', current.role));
end
$$;

create or replace function public.leave_shelter() returns void
language plpgsql security definer set search_path = '' as $$
declare
  current public.shelter_members;
begin
  select * into current from public.shelter_members m where m.user_id = auth.uid() for update;
  if current.user_id is null then
    raise exception 'You are not on a shelter''s team' using errcode = 'P0002';
  end if;
  -- Logged first: once out, the log line would have no shelter of the caller's to name.
  perform public.log_shelter_activity(current.shelter_id, 'member_left',
    (select u.email from auth.users u where u.id = auth.uid()), jsonb_build_object('role', current.role));
  delete from public.shelter_members m where m.user_id = auth.uid();
end
$$;

-- The expire_invitations job -------------------------------------------------------------------

/** Closes invitations past their date, and forgets closed ones after 90 days. Returns how many it closed. */
create or replace function public.expire_invitations() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  closed integer;
begin
  update public.shelter_invitations set expired_at = now()
   where expires_at <= now() and accepted_at is null and revoked_at is null and expired_at is null;
  get diagnostics closed = row_count;
  delete from public.shelter_invitations
   where coalesce(accepted_at, revoked_at, expired_at) < now() - interval '90 days';
  return closed;
end
$$;
revoke execute on function public.expire_invitations() from public, anon, authenticated;
grant execute on function public.expire_invitations() to service_role;

insert into public.job_schedules (name, kind, every) values ('expire_invitations', 'expire_invitations', interval '1 hour')
on conflict (name) do nothing;

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'invite_member(text, text)', 'resend_invitation(uuid)', 'revoke_invitation(uuid)', 'accept_invitation(text)',
    'my_team()', 'change_member_role(uuid, text)', 'remove_member(uuid)', 'leave_shelter()'
  ] loop
    execute format('revoke execute on function public.%s from public, anon', fn);
    execute format('grant execute on function public.%s to authenticated', fn);
  end loop;
end
$$;
revoke execute on function public.invitation_preview(text) from public;
grant execute on function public.invitation_preview(text) to anon, authenticated;
