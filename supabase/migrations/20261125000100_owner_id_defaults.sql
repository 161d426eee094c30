-- An animal's and a photo's owner_id is never the caller's to give: the before-write triggers
-- copy it from the shelter (or the animal), and the column grants keep owners off it. A
-- default says so in the schema, so the generated types (app/types/database.ts) leave it out
-- of an insert, as the app does. The trigger still decides the value.
alter table public.animals alter column owner_id set default auth.uid();
alter table public.animal_photos alter column owner_id set default auth.uid();
