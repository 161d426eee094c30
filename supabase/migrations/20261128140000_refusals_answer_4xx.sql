-- Business refusals answer 4xx, not 500. PostgREST maps SQLSTATEs to statuses (P0002
-- no_data_found, 55000 object_not_in_prerequisite_state and 54000 program_limit_exceeded all
-- come back as 500, which clients retry and the app reads as an outage); a PTnnn SQLSTATE is
-- answered with status nnn, by PostgREST and localbase alike. Every live function that refused
-- with those codes is restated whole below, as it was, with only the codes changed:
--   not found (P0002)                      -> PT404
--   not in a state that allows it (55000)  -> PT409 (and a held run that is no longer held)
--   a rate limit (54000)                   -> PT429
--   a limit on how many one keeps (54000)  -> PT409
-- create or replace keeps each function's owner, grants and comment.

CREATE OR REPLACE FUNCTION public.accept_invitation(token text)
 RETURNS public.shelter_members
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    raise exception 'This invitation is no longer valid' using errcode = 'PT404';
  end if;
  if invitation.accepted_at is not null then
    raise exception 'This invitation has already been used' using errcode = 'PT409';
  end if;
  if invitation.expired_at is not null or invitation.expires_at <= now() then
    raise exception 'This invitation has expired: ask for a new one' using errcode = 'PT409';
  end if;
  if caller_email is distinct from invitation.email then
    raise exception 'This invitation is for %: sign in with that address to accept it', invitation.email using errcode = '42501';
  end if;
  if exists (select 1 from public.shelter_members m where m.user_id = auth.uid()) then
    raise exception 'Your account already belongs to a shelter; each person can belong to one' using errcode = 'PT409';
  end if;
  insert into public.shelter_members (shelter_id, user_id, role) values (invitation.shelter_id, auth.uid(), invitation.role)
  returning * into member;
  update public.shelter_invitations set accepted_at = now(), accepted_by = auth.uid() where id = invitation.id;
  perform public.log_shelter_activity(invitation.shelter_id, 'member_joined', caller_email, jsonb_build_object('role', invitation.role));
  return member;
end
$function$;

CREATE OR REPLACE FUNCTION public.block_sender(conversation_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  conversation public.conversations := public.shelter_side_of(conversation_id);
begin
  if conversation.adopter_id is null then
    raise exception 'This person deleted their account' using errcode = 'PT409';
  end if;
  insert into public.blocked_senders (shelter_id, user_id, blocked_by)
  values (conversation.shelter_id, conversation.adopter_id, auth.uid())
  on conflict do nothing;
  update public.conversations c set status = 'closed', closed_at = now()
   where c.shelter_id = conversation.shelter_id and c.adopter_id = conversation.adopter_id and c.status = 'open';
end
$function$;

CREATE OR REPLACE FUNCTION public.change_member_role(member_id uuid, role text)
 RETURNS public.shelter_members
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    raise exception 'Not a member of your shelter' using errcode = 'PT404';
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
$function$;

-- decide_held_import as the sync branch's 20261128110000_unread_rows_keep_their_animals.sql
-- restates it (the applied run takes the held run's failed rows along), so that this later
-- migration does not undo that change when the branches meet.
create or replace function public.decide_held_import(run_id uuid, apply boolean) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  held public.import_runs;
  applied public.import_runs;
begin
  select * into held from public.import_runs r where r.id = decide_held_import.run_id for update;
  if held.id is null then
    raise exception 'Run not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(held.shelter_id);
  if held.status <> 'held' then
    raise exception 'This run is not waiting for a decision' using errcode = 'PT409';
  end if;
  update public.import_runs r set status = case when apply then 'confirmed' else 'discarded' end
   where r.id = held.id
  returning * into held;
  if not apply then
    delete from public.import_run_rows x where x.run_id = held.id;
    return held;
  end if;
  insert into public.import_runs (source_id, shelter_id, status, trigger, file_name, actor_id, explicitly_empty, failed)
  values (held.source_id, held.shelter_id, 'running', 'manual', held.file_name, auth.uid(), held.explicitly_empty, held.failed)
  returning * into applied;
  update public.import_run_rows x set run_id = applied.id where x.run_id = held.id;
  insert into public.import_run_errors (run_id, line, external_id, reason)
  select applied.id, e.line, e.external_id, e.reason from public.import_run_errors e where e.run_id = held.id order by e.id;
  return public.apply_import(applied.id, true);
end
$$;

CREATE OR REPLACE FUNCTION public.detach_animal(animal_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.animals a
     set source_id = null, external_source = null, external_id = null, source_hash = null, source_photos = null
   where a.id = detach_animal.animal_id and a.source_id is not null and public.is_shelter_member(a.shelter_id, 'staff');
  if not found then
    raise exception 'Animal not found' using errcode = 'PT404';
  end if;
  update public.animal_photos p set source_url = null where p.animal_id = detach_animal.animal_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.finish_pull(source_id uuid, succeeded boolean, error text DEFAULT NULL::text, settings jsonb DEFAULT '{}'::jsonb)
 RETURNS public.sync_sources
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  source public.sync_sources;
  failures integer;
  emailed_before boolean;
begin
  select * into source from public.sync_sources s where s.id = finish_pull.source_id for update;
  if source.id is null or source.pull_interval_minutes is null then
    raise exception 'Pull source not found' using errcode = 'PT404';
  end if;
  emailed_before := source.failure_emailed;
  if succeeded then
    update public.sync_sources s
       set consecutive_failures = 0, last_error = null, failure_emailed = false, last_pulled_at = now(),
           next_run_at = now() + make_interval(mins => s.pull_interval_minutes),
           settings = s.settings || coalesce(finish_pull.settings, '{}')
     where s.id = source.id
    returning * into source;
    return source;
  end if;
  failures := source.consecutive_failures + 1;
  update public.sync_sources s
     set consecutive_failures = failures, last_error = left(coalesce(finish_pull.error, 'The pull failed'), 2000),
         last_pulled_at = now(),
         next_run_at = now() + least(interval '24 hours', make_interval(mins => s.pull_interval_minutes) * power(2, least(failures, 20))),
         failure_emailed = s.failure_emailed or failures >= 3
   where s.id = source.id
  returning * into source;
  -- Once per streak of failures: failure_emailed was false before this one.
  if failures >= 3 and emailed_before is false then
    perform public.email_shelter_team(source.shelter_id, 'admin', 'sync_pull_failing', jsonb_build_object(
      'source_id', source.id, 'source_name', source.name, 'failures', failures, 'error', source.last_error,
      'next_run_at', source.next_run_at));
  end if;
  return source;
end
$function$;

CREATE OR REPLACE FUNCTION public.leave_shelter()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current public.shelter_members;
begin
  select * into current from public.shelter_members m where m.user_id = auth.uid() for update;
  if current.user_id is null then
    raise exception 'You are not on a shelter''s team' using errcode = 'PT404';
  end if;
  -- Logged first: once out, the log line would have no shelter of the caller's to name.
  perform public.log_shelter_activity(current.shelter_id, 'member_left',
    (select u.email from auth.users u where u.id = auth.uid()), jsonb_build_object('role', current.role));
  delete from public.shelter_members m where m.user_id = auth.uid();
end
$function$;

CREATE OR REPLACE FUNCTION public.link_bonded(animal uuid, companion uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  pet public.animals;
  mate public.animals;
  group_id uuid;
begin
  select * into pet from public.animals a where a.id = link_bonded.animal;
  select * into mate from public.animals a where a.id = link_bonded.companion;
  if pet.id is null or not public.is_shelter_member(pet.shelter_id) then
    raise exception 'Animal not found' using errcode = 'PT404';
  end if;
  if not public.is_shelter_member(pet.shelter_id, 'staff') then
    raise exception 'Only the shelter''s staff, admins and owners bond animals' using errcode = '42501';
  end if;
  if mate.id is null or mate.shelter_id <> pet.shelter_id then
    raise exception 'Choose a companion from your shelter''s animals' using errcode = '22023';
  end if;
  if mate.id = pet.id then
    raise exception 'Choose another animal: % cannot be bonded with itself', pet.name using errcode = '22023';
  end if;
  if pet.status = 'adopted' or mate.status = 'adopted' then
    raise exception '% has been adopted, so it cannot be bonded', case when pet.status = 'adopted' then pet.name else mate.name end
      using errcode = '22023';
  end if;
  if pet.bonded_group_id = mate.bonded_group_id then
    raise exception '% and % are already bonded', pet.name, mate.name using errcode = '22023';
  end if;
  group_id := public.bond_pair(pet.id, mate.id);
  if group_id is null then
    raise exception 'A bonded group can have at most 6 animals' using errcode = '22023';
  end if;
  return group_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.lock_import_run(run_id uuid, expected text)
 RETURNS public.import_runs
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  run public.import_runs;
begin
  select * into run from public.import_runs r where r.id = lock_import_run.run_id for update;
  if run.id is null then
    raise exception 'Run not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(run.shelter_id);
  if run.status <> expected then
    raise exception 'This run is % now', run.status using errcode = '22023';
  end if;
  return run;
end
$function$;

CREATE OR REPLACE FUNCTION public.lock_pull_source(source_id uuid)
 RETURNS public.sync_sources
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  source public.sync_sources;
begin
  select * into source from public.sync_sources s where s.id = lock_pull_source.source_id for update;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  if source.pull_interval_minutes is null then
    raise exception 'This source is not pulled on a schedule' using errcode = '22023';
  end if;
  return source;
end
$function$;

CREATE OR REPLACE FUNCTION public.move_application(application_id uuid, to_status text, allowed_from text[], actor text, message text DEFAULT NULL::text)
 RETURNS public.applications
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  application public.applications;
begin
  select * into application from public.applications a where a.id = application_id for update;
  if application.id is null then
    raise exception 'Application not found' using errcode = 'PT404';
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
$function$;

CREATE OR REPLACE FUNCTION public.remember_sync_source_setting(source_id uuid, setting text, value jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  source public.sync_sources;
begin
  select * into source from public.sync_sources s where s.id = remember_sync_source_setting.source_id for update;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  update public.sync_sources s set settings = s.settings || jsonb_build_object(setting, value) where s.id = source.id;
end
$function$;

CREATE OR REPLACE FUNCTION public.remove_member(member_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  profile public.shelter_profiles := public.require_team_manager();
  current public.shelter_members;
begin
  select * into current from public.shelter_members m where m.shelter_id = profile.id and m.user_id = member_id for update;
  if current.user_id is null then
    raise exception 'Not a member of your shelter' using errcode = 'PT404';
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
$function$;

CREATE OR REPLACE FUNCTION public.reopen_conversation(conversation_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  conversation public.conversations := public.shelter_side_of(conversation_id);
begin
  if conversation.adopter_id is null then
    raise exception 'This person deleted their account: the conversation cannot be reopened' using errcode = 'PT409';
  end if;
  if conversation.status = 'closed' and exists (
    select 1 from public.conversations c
     where c.adopter_id = conversation.adopter_id and c.animal_id = conversation.animal_id and c.status = 'open'
  ) then
    raise exception 'This person has a newer open conversation about %: write there', conversation.animal_name using errcode = '23505';
  end if;
  update public.conversations c set status = 'open', closed_at = null where c.id = conversation.id;
end
$function$;

CREATE OR REPLACE FUNCTION public.request_vetting_meeting(organization_type text, ein text, website text, vet_name text, vet_clinic text, vet_phone text, phone text, preferred_times timestamp with time zone[], time_zone text)
 RETURNS public.vetting_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    raise exception 'Shelter profile not found' using errcode = 'PT404';
  end if;
  if profile.meeting_completed then
    raise exception 'This shelter is already approved' using errcode = 'PT409';
  end if;
  select * into previous from public.vetting_requests r where r.shelter_id = profile.id;
  if previous.status in ('scheduled', 'held', 'approved', 'rejected') then
    raise exception 'Your meeting request can no longer be changed' using errcode = 'PT409';
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
$function$;

CREATE OR REPLACE FUNCTION public.require_api_source(source_id uuid)
 RETURNS public.sync_sources
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  source public.sync_sources;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'For the API''s server only' using errcode = '42501';
  end if;
  select * into source from public.sync_sources s where s.id = require_api_source.source_id and s.kind = 'api';
  if source.id is null then
    raise exception 'Source not found' using errcode = 'PT404';
  end if;
  return source;
end
$function$;

CREATE OR REPLACE FUNCTION public.require_application_team(application_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from public.applications a
                  where a.id = application_id and public.is_shelter_member(a.shelter_id, 'staff')) then
    raise exception 'Application not found' using errcode = 'PT404';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION public.require_conversation_side(conversation_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  side text := public.conversation_side(conversation_id);
begin
  if side is null then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  return side;
end
$function$;

CREATE OR REPLACE FUNCTION public.resend_invitation(invitation_id uuid)
 RETURNS public.shelter_invitations
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    raise exception 'This invitation can no longer be sent' using errcode = 'PT409';
  end if;
  perform public.send_invitation_email(invitation, secret.token);
  perform public.log_shelter_activity(profile.id, 'invitation_resent', invitation.email, '{}');
  return invitation;
end
$function$;

CREATE OR REPLACE FUNCTION public.reset_ftp_password(source_id uuid, password_hash text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  account public.ftp_accounts;
begin
  select * into account from public.ftp_accounts a where a.source_id = reset_ftp_password.source_id for update;
  if account.source_id is null then
    raise exception 'FTP account not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(account.shelter_id);
  perform public.require_bcrypt_hash(reset_ftp_password.password_hash);
  update public.ftp_accounts a set password_hash = reset_ftp_password.password_hash, password_set_at = now()
   where a.source_id = account.source_id;
  return account.username;
end
$function$;

CREATE OR REPLACE FUNCTION public.revoke_api_key(key_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.api_keys k set revoked_at = coalesce(k.revoked_at, now())
   where k.id = revoke_api_key.key_id and k.shelter_id = public.my_shelter_id('admin');
  if not found then
    raise exception 'Key not found' using errcode = 'PT404';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION public.revoke_invitation(invitation_id uuid)
 RETURNS public.shelter_invitations
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  profile public.shelter_profiles := public.require_team_manager();
  invitation public.shelter_invitations;
begin
  update public.shelter_invitations i set revoked_at = now()
   where i.id = invitation_id and i.shelter_id = profile.id and i.accepted_at is null and i.revoked_at is null
     and (i.role <> 'owner' or public.is_shelter_member(profile.id, 'owner'))
  returning * into invitation;
  if invitation.id is null then
    raise exception 'This invitation can no longer be revoked' using errcode = 'PT409';
  end if;
  perform public.log_shelter_activity(profile.id, 'invitation_revoked', invitation.email, '{}');
  return invitation;
end
$function$;

CREATE OR REPLACE FUNCTION public.save_animal(target_animal uuid, changes jsonb, removed_photo_ids uuid[] DEFAULT '{}'::uuid[], new_photos jsonb DEFAULT '[]'::jsonb, main_photo_id uuid DEFAULT NULL::uuid)
 RETURNS text[]
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  removed_paths text[];
  kept_ids uuid[];
  added_ids uuid[];
  photo_order uuid[];
  c jsonb := coalesce(save_animal.changes, '{}');
begin
  update public.animals a
     set (name, type, primary_breed, secondary_breed, mixed_breed, age_group, birth_date, sex, size,
          primary_color, secondary_color, tertiary_color, coat, good_with_children, good_with_dogs,
          good_with_cats, house_trained, spayed_neutered, vaccinations_current, special_needs,
          special_needs_notes, adoption_fee, description, status)
       = (select case when c ? 'name' then r.name else a.name end,
                 case when c ? 'type' then r.type else a.type end,
                 case when c ? 'primary_breed' then r.primary_breed else a.primary_breed end,
                 case when c ? 'secondary_breed' then r.secondary_breed else a.secondary_breed end,
                 case when c ? 'mixed_breed' then r.mixed_breed else a.mixed_breed end,
                 case when c ? 'age_group' then r.age_group else a.age_group end,
                 case when c ? 'birth_date' then r.birth_date else a.birth_date end,
                 case when c ? 'sex' then r.sex else a.sex end,
                 case when c ? 'size' then r.size else a.size end,
                 case when c ? 'primary_color' then r.primary_color else a.primary_color end,
                 case when c ? 'secondary_color' then r.secondary_color else a.secondary_color end,
                 case when c ? 'tertiary_color' then r.tertiary_color else a.tertiary_color end,
                 case when c ? 'coat' then r.coat else a.coat end,
                 case when c ? 'good_with_children' then r.good_with_children else a.good_with_children end,
                 case when c ? 'good_with_dogs' then r.good_with_dogs else a.good_with_dogs end,
                 case when c ? 'good_with_cats' then r.good_with_cats else a.good_with_cats end,
                 case when c ? 'house_trained' then r.house_trained else a.house_trained end,
                 case when c ? 'spayed_neutered' then r.spayed_neutered else a.spayed_neutered end,
                 case when c ? 'vaccinations_current' then r.vaccinations_current else a.vaccinations_current end,
                 case when c ? 'special_needs' then r.special_needs else a.special_needs end,
                 case when c ? 'special_needs_notes' then r.special_needs_notes else a.special_needs_notes end,
                 case when c ? 'adoption_fee' then r.adoption_fee else a.adoption_fee end,
                 case when c ? 'description' then r.description else a.description end,
                 case when c ? 'status' then r.status else a.status end
            from jsonb_populate_record(null::public.animals, c) r)
   where a.id = save_animal.target_animal;
  if not found then
    -- PostgREST answers PT404 with 404 (P0002 would be a 500).
    raise exception 'Animal % not found', save_animal.target_animal using errcode = 'PT404';
  end if;

  with removed as (
    delete from public.animal_photos p
     where p.animal_id = save_animal.target_animal
       and p.id = any (coalesce(save_animal.removed_photo_ids, '{}'))
    returning p.storage_path
  )
  select coalesce(array_agg(storage_path) filter (where storage_path is not null), '{}')
    into removed_paths
    from removed;

  select coalesce(array_agg(p.id order by p.position), '{}') into kept_ids
    from public.animal_photos p where p.animal_id = save_animal.target_animal;
  -- New photos go after the kept ones; a place a removed photo left may repeat for a moment
  -- (the unique place is checked at commit), and the reorder below settles every place.
  with added as (
    insert into public.animal_photos (animal_id, position, storage_path, width, height, alt)
    select save_animal.target_animal, cardinality(kept_ids) + (photo.ordinality - 1)::integer,
           photo.value ->> 'storage_path', (photo.value ->> 'width')::integer,
           (photo.value ->> 'height')::integer, photo.value ->> 'alt'
      from jsonb_array_elements(coalesce(save_animal.new_photos, '[]')) with ordinality as photo(value, ordinality)
    returning id, position
  )
  select coalesce(array_agg(id order by position), '{}') into added_ids from added;

  -- Places 0, 1, 2… in their order, the main photo first.
  photo_order := kept_ids || added_ids;
  if save_animal.main_photo_id = any (photo_order) then
    photo_order := save_animal.main_photo_id || array_remove(photo_order, save_animal.main_photo_id);
  end if;
  if cardinality(photo_order) > 0 then
    perform public.reorder_animal_photos(save_animal.target_animal, photo_order);
  end if;

  return removed_paths;
end
$function$;

CREATE OR REPLACE FUNCTION public.saved_searches_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    -- One at a time per person, so two tabs cannot both pass the limit.
    perform pg_advisory_xact_lock(hashtextextended('saved_searches:' || new.user_id::text, 0));
    if (select count(*) from public.saved_searches s where s.user_id = new.user_id) >= public.saved_search_limit() then
      raise exception 'You can keep up to % saved searches', public.saved_search_limit()
        using errcode = 'PT409', hint = 'saved_search_limit';
    end if;
    new.checked_until := now();
    new.next_check_at := now() + public.saved_search_period(new.frequency);
    new.last_emailed_at := null;
    new.created_at := now();
  else
    if new.paused is distinct from old.paused and not new.paused then
      new.checked_until := now();
      new.next_check_at := now() + public.saved_search_period(new.frequency);
    elsif new.frequency is distinct from old.frequency then
      new.next_check_at := new.checked_until + public.saved_search_period(new.frequency);
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION public.send_message(conversation_id uuid, message text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  side text := public.require_conversation_side(conversation_id);
  body text := public.checked_message(message);
  conversation public.conversations;
begin
  select * into conversation from public.conversations c where c.id = send_message.conversation_id for update;
  if conversation.status = 'closed' then
    raise exception 'This conversation is closed' using errcode = 'PT409';
  end if;
  if side = 'adopter' then
    perform public.require_not_blocked(conversation.shelter_id, auth.uid());
    if (select count(*) from public.messages m where m.author_id = auth.uid() and m.created_at > now() - interval '1 hour') >= 30 then
      raise exception 'You have sent 30 messages in the last hour, the most we allow. Please wait a little before you send another.'
        using errcode = 'PT429';
    end if;
  end if;
  return public.post_message(conversation, side, body, false);
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_act(shelter uuid, action text, reason text, details jsonb DEFAULT '{}'::jsonb)
 RETURNS public.vetting_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller record;
  profile public.shelter_profiles;
  request public.vetting_requests;
begin
  select * into caller from public.require_staff();
  select * into profile from public.shelter_profiles where id = shelter for update;
  if profile.id is null then
    raise exception 'Shelter not found' using errcode = 'PT404';
  end if;
  select * into request from public.vetting_requests where shelter_id = shelter for update;
  insert into public.staff_audit_log (staff_user_id, staff_email, action, shelter_id, shelter_name, reason, details)
  values (caller.staff_id, caller.staff_email, action, shelter, profile.shelter_name, nullif(trim(reason), ''), coalesce(details, '{}'));
  return request;
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_approve_shelter(shelter uuid, notes text)
 RETURNS public.vetting_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'approve', notes);
  if request.meeting_held_at is null or request.status in ('approved', 'rejected') then
    raise exception 'Approve a shelter after its meeting is recorded as held' using errcode = 'PT409';
  end if;
  update public.vetting_requests set status = 'approved', staff_message = null where shelter_id = shelter returning * into request;
  update public.shelter_profiles set meeting_completed = true, approved_at = coalesce(approved_at, now()) where id = shelter;
  perform public.email_shelter(shelter, 'vetting_approved', '{}');
  return request;
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_record_meeting(shelter uuid, notes text)
 RETURNS public.vetting_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'record_meeting', notes);
  if request.status is distinct from 'scheduled' then
    raise exception 'Only a scheduled meeting can be recorded as held' using errcode = 'PT409';
  end if;
  update public.vetting_requests set status = 'held', meeting_held_at = now() where shelter_id = shelter returning * into request;
  return request;
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_reject_shelter(shelter uuid, reason text)
 RETURNS public.vetting_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'reject', reason);
  if request.status is null or request.status in ('approved', 'rejected') then
    raise exception 'This shelter has no open meeting request' using errcode = 'PT409';
  end if;
  update public.vetting_requests
     set status = 'rejected', staff_message = public.require_text(reason, 'Give the reason for the rejection')
   where shelter_id = shelter
  returning * into request;
  perform public.email_shelter(shelter, 'vetting_rejected', jsonb_build_object('reason', request.staff_message));
  return request;
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_request_information(shelter uuid, message text)
 RETURNS public.vetting_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'request_information', message);
  if request.status is null or request.status in ('approved', 'rejected') then
    raise exception 'This shelter has no open meeting request' using errcode = 'PT409';
  end if;
  update public.vetting_requests
     set status = 'information_requested', staff_message = public.require_text(message, 'Say what information is missing')
   where shelter_id = shelter
  returning * into request;
  perform public.email_shelter(shelter, 'vetting_information_requested', jsonb_build_object('message', request.staff_message));
  return request;
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_restore_shelter(shelter uuid, notes text)
 RETURNS public.shelter_profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  profile public.shelter_profiles;
begin
  perform public.staff_act(shelter, 'restore', notes);
  update public.shelter_profiles p set suspended_at = null, suspension_reason = null
   where p.id = shelter and p.suspended_at is not null
  returning * into profile;
  if profile.id is null then
    raise exception 'This shelter is not suspended' using errcode = 'PT409';
  end if;
  perform public.email_shelter(shelter, 'shelter_restored', '{}');
  return profile;
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_schedule_meeting(shelter uuid, meeting_at timestamp with time zone, meeting_details text)
 RETURNS public.vetting_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request public.vetting_requests;
begin
  request := public.staff_act(shelter, 'schedule_meeting', null,
    jsonb_build_object('meeting_at', meeting_at, 'meeting_details', meeting_details));
  if request.status is null or request.status in ('approved', 'rejected') then
    raise exception 'This shelter has no open meeting request' using errcode = 'PT409';
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
$function$;

CREATE OR REPLACE FUNCTION public.staff_shelter_detail(shelter uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    raise exception 'Shelter not found' using errcode = 'PT404';
  end if;
  return result;
end
$function$;

CREATE OR REPLACE FUNCTION public.staff_suspend_shelter(shelter uuid, reason text)
 RETURNS public.shelter_profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  profile public.shelter_profiles;
begin
  perform public.staff_act(shelter, 'suspend', reason);
  update public.shelter_profiles p
     set suspended_at = now(), suspension_reason = public.require_text(reason, 'Give the reason for the suspension')
   where p.id = shelter and p.meeting_completed and p.suspended_at is null
  returning * into profile;
  if profile.id is null then
    raise exception 'Only an approved shelter that is not suspended can be suspended' using errcode = 'PT409';
  end if;
  perform public.email_shelter(shelter, 'shelter_suspended', jsonb_build_object('reason', profile.suspension_reason));
  return profile;
end
$function$;

CREATE OR REPLACE FUNCTION public.start_conversation(animal uuid, message text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := auth.uid();
  body text := public.checked_message(message);
  pet record;
  conversation public.conversations;
  started_last_hour integer;
  started_last_day integer;
begin
  if caller is null then
    raise exception 'Sign in to write to a shelter' using errcode = '42501';
  end if;
  select a.id, a.name, a.shelter_id, a.bonded_group_id into pet from public.animals a where a.id = animal and a.listed;
  if not found then
    raise exception 'This pet is no longer listed' using errcode = 'PT404';
  end if;
  if public.is_shelter_member(pet.shelter_id) then
    raise exception 'You are on this shelter''s team: its messages are in your dashboard' using errcode = '22023';
  end if;
  perform public.require_not_blocked(pet.shelter_id, caller);
  -- One start at a time per person, so two quick requests cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('start_conversation:' || caller::text, 0));

  select * into conversation from public.conversations c
   where c.adopter_id = caller and c.status = 'open'
     and (c.animal_id = pet.id
          or c.animal_id in (select m.id from public.animals m where m.bonded_group_id = pet.bonded_group_id))
   order by c.animal_id = pet.id desc
   limit 1
   for update;
  if conversation.id is not null then
    perform public.post_message(conversation, 'adopter', body, false);
    return conversation.id;
  end if;

  select count(*) filter (where c.created_at > now() - interval '1 hour'), count(*)
    into started_last_hour, started_last_day
    from public.conversations c
   where c.adopter_id = caller and c.created_at > now() - interval '1 day';
  if started_last_hour >= 5 then
    raise exception 'You have started 5 conversations in the last hour, the most we allow. Please wait a little, or write in a conversation you already have.'
      using errcode = 'PT429';
  end if;
  if started_last_day >= 20 then
    raise exception 'You have started 20 conversations today, the most we allow. Please try again tomorrow, or write in a conversation you already have.'
      using errcode = 'PT429';
  end if;

  insert into public.conversations (shelter_id, animal_id, animal_name, adopter_id)
  values (pet.shelter_id, pet.id, pet.name, caller)
  returning * into conversation;
  perform public.post_message(conversation, 'adopter', body, true);
  return conversation.id;
end
$function$;

CREATE OR REPLACE FUNCTION public.start_import(source_id uuid, trigger text DEFAULT 'upload'::text, file_name text DEFAULT NULL::text)
 RETURNS public.import_runs
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  source public.sync_sources;
  run public.import_runs;
begin
  select * into source from public.sync_sources s where s.id = start_import.source_id;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  insert into public.import_runs (source_id, shelter_id, trigger, file_name, actor_id)
  values (source.id, source.shelter_id, start_import.trigger, left(start_import.file_name, 300), auth.uid())
  returning * into run;
  return run;
end
$function$;

CREATE OR REPLACE FUNCTION public.sync_source_setting(source_id uuid, setting text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  source public.sync_sources;
begin
  select * into source from public.sync_sources s where s.id = sync_source_setting.source_id;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  return source.settings -> setting;
end
$function$;

CREATE OR REPLACE FUNCTION public.unlink_bonded(animal uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  pet public.animals;
  companions jsonb;
begin
  select * into pet from public.animals a where a.id = unlink_bonded.animal for update;
  if pet.id is null or not public.is_shelter_member(pet.shelter_id) then
    raise exception 'Animal not found' using errcode = 'PT404';
  end if;
  if not public.is_shelter_member(pet.shelter_id, 'staff') then
    raise exception 'Only the shelter''s staff, admins and owners bond animals' using errcode = '42501';
  end if;
  if pet.bonded_group_id is null then
    return;
  end if;
  select coalesce(jsonb_agg(a.name order by a.published_at nulls last, a.name, a.id), '[]') into companions
    from public.animals a where a.bonded_group_id = pet.bonded_group_id and a.id <> pet.id;
  update public.animals a set bonded_group_id = null where a.id = pet.id;
  perform public.log_shelter_activity(pet.shelter_id, 'animal_unbonded', pet.name,
    jsonb_build_object('animal_id', pet.id, 'companions', companions));
end
$function$;

CREATE OR REPLACE FUNCTION public.withdraw_application(application_id uuid)
 RETURNS public.applications
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  application public.applications;
begin
  if not exists (select 1 from public.applications a where a.id = application_id and a.applicant_id = auth.uid()) then
    raise exception 'Application not found' using errcode = 'PT404';
  end if;
  application := public.move_application(application_id, 'withdrawn', '{submitted,in_review,approved}', 'adopter');
  perform public.email_shelter_team(application.shelter_id, 'staff', 'application_withdrawn',
    jsonb_build_object('application_id', application.id, 'animal_name', application.animal_name,
                       'secret', jsonb_build_object('applicant_name', application.applicant_name)));
  return application;
end
$function$;
