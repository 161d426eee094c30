-- The shelter's EIN (its IRS employer identification number) in its profile: asked by the
-- meeting request, it now fills Settings like the request's website and phone, is editable
-- there, and shows on the shelter's public page (a nonprofit's EIN is public record; decision
-- 057). Stored as the form writes it, 12-3456789, as vetting_requests.ein is.
alter table public.shelter_profiles
  add column ein text constraint shelter_profiles_ein_check check (ein ~ '^[0-9]{2}-[0-9]{7}$');
grant update (ein) on table public.shelter_profiles to authenticated;
comment on column public.shelter_profiles.ein is 'The organization''s EIN as 12-3456789 (public record for a nonprofit; shown on its page), from the meeting request or Settings.';

-- Shelters that already asked for the meeting: their request's EIN.
update public.shelter_profiles p
   set ein = r.ein
  from public.vetting_requests r
 where r.shelter_id = p.id and r.ein is not null and p.ein is null;

-- The request's answers fill Settings, now with the EIN too (a request without one, a foster
-- network's, keeps an EIN the shelter typed in Settings).
create or replace function public.request_vetting_meeting(organization_type text, ein text, website text, vet_name text, vet_clinic text, vet_phone text, phone text, preferred_times timestamp with time zone[], time_zone text, organization_name text DEFAULT NULL::text)
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
  new_name text := nullif(trim(request_vetting_meeting.organization_name), '');
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
  if length(new_name) > 200 then
    raise exception 'Keep the organization''s name to 200 characters' using errcode = '22023';
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

  -- The answers the profile shares fill Settings, where the shelter can change them later.
  update public.shelter_profiles p
     set shelter_name = coalesce(new_name, p.shelter_name),
         shelter_type = request.organization_type,
         website = request.website,
         phone = request.phone,
         ein = coalesce(request.ein, p.ein)
   where p.id = profile.id
  returning * into profile;

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
revoke execute on function public.request_vetting_meeting(organization_type text, ein text, website text, vet_name text, vet_clinic text, vet_phone text, phone text, preferred_times timestamp with time zone[], time_zone text, organization_name text) from public, anon;

