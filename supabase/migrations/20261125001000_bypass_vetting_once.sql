-- The testing bypass of the vetting meeting, tightened (hardening issue):
-- - calling it again on an approved shelter keeps the first approved_at;
-- - a caller without a shelter profile gets 404 from the REST API (PostgREST turns
--   PTxyz into HTTP xyz; a plain P0002 would be a 500 there).
-- Whether it runs at all is still the deployment's app_settings switch, which the embedded
-- backend now sets from VETTING_BYPASS_ENABLED on every start instead of the seed.
create or replace function public.bypass_vetting() returns public.shelter_profiles
language plpgsql security definer set search_path = '' as $$
declare
  enabled boolean;
  profile public.shelter_profiles;
begin
  select coalesce((value)::boolean, false) into enabled
    from public.app_settings where key = 'vetting_bypass_enabled';
  if not coalesce(enabled, false) then
    raise exception 'The vetting bypass is disabled on this deployment' using errcode = '42501';
  end if;
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  update public.shelter_profiles
     set meeting_completed = true, approved_at = coalesce(approved_at, now())
   where user_id = auth.uid()
  returning * into profile;
  if profile.id is null then
    raise exception 'Shelter profile not found' using errcode = 'PT404';
  end if;
  return profile;
end
$$;

revoke execute on function public.bypass_vetting() from public, anon;
grant execute on function public.bypass_vetting() to authenticated;
