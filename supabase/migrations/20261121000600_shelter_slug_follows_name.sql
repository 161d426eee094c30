-- A shelter's public address (/shelters/<slug>) is made at sign-up from 'New Shelter'.
-- Until the shelter is approved nobody links to it, so it follows the name the shelter
-- gives itself; from approval on it stays put, so shared links keep working.
create or replace function public.refresh_unapproved_shelter_slug() returns trigger
language plpgsql as $$
begin
  if not old.meeting_completed and (new.shelter_name is distinct from old.shelter_name or new.meeting_completed) then
    new.slug := public.shelter_slug(new.shelter_name, new.id);
  end if;
  return new;
end
$$;

create trigger shelter_profiles_slug_follows_name before update on public.shelter_profiles
  for each row execute function public.refresh_unapproved_shelter_slug();
