-- An animal's published_at is the first time the public could see it, as the animals migration
-- meant ("published_at from the first time the animal is shown"). It was set when the status
-- first became available or pending, even at a shelter not yet approved: a shelter that added
-- its animals while waiting for vetting had them listed, once approved, under dates days old.
-- They were then missing from 'New this week', sorted below the newest, and never in a saved
-- search's alert, which sends what was published since its last check. Now it is set when the
-- animal is first listed (a suspended shelter's animals, listed before, keep theirs).

do $$
declare
  fn constant regprocedure := 'public.animals_before_write()';
  definition text := pg_get_functiondef(fn);
  first_shown constant text := $text$if new.published_at is null and new.status in ('available', 'pending') then$text$;
begin
  if position(first_shown in definition) = 0 then
    raise exception '% no longer sets published_at as this rewrite expects', fn;
  end if;
  execute replace(definition, first_shown, 'if new.published_at is null and new.listed then');
end
$$;

-- Animals of shelters never approved have not been shown yet: their date comes when they are.
update public.animals a
   set published_at = null
  from public.shelter_profiles s
 where s.id = a.shelter_id and not a.listed and a.published_at is not null
   and not s.meeting_completed and s.approved_at is null;
