-- Bonded groups (issue 14 §3): animals of one shelter that must be adopted together (two friends,
-- a mother and her kitten). A group is a row of its own; its animals point at it.
--
-- The rules, all enforced here:
--   * a group's animals are all at its shelter: animals' key (bonded_group_id, shelter_id)
--     references the group's (id, shelter_id), so no write can make a group span shelters;
--   * a group has two to six animals: link_bonded grows one (or merges two), unlink_bonded and
--     deleting an animal shrink it, and a group left with one animal dissolves;
--   * the public reads the group of any animal it may read; the shelter's staff, admins and
--     owners change groups, only through link_bonded / unlink_bonded (no table grants);
--   * animals.bond_lead marks, per group, the one listed animal search should show (the earliest
--     published), and every animal outside a group: search can show a group once by reading
--     only `bond_lead` rows. Triggers keep it right when a status, `listed` or a group changes.
--   * an application or a question for one animal of a group covers the group: one open
--     application per person and group, one open conversation per person and group, and an
--     adoption through an application marks the whole group adopted.

create table public.bonded_groups (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- What animals' composite foreign key points at.
  constraint bonded_groups_id_shelter_unique unique (id, shelter_id)
);
comment on table public.bonded_groups is
  'Animals of one shelter adopted together; changed only through link_bonded / unlink_bonded.';
create index bonded_groups_shelter_idx on public.bonded_groups (shelter_id);

alter table public.animals
  add column bonded_group_id uuid,
  add column bond_lead boolean not null default true,
  -- Set null (the group column only) when a group goes: the shelter's cascade, or a dissolve.
  add constraint animals_bonded_group_fkey foreign key (bonded_group_id, shelter_id)
    references public.bonded_groups (id, shelter_id) on delete set null (bonded_group_id);
comment on column public.animals.bonded_group_id is 'The bonded group the animal is adopted with (same shelter); null for most.';
comment on column public.animals.bond_lead is
  'True for an animal outside a group and for one listed animal of each group (the earliest published): the row search shows. Maintained by triggers.';
create index animals_bonded_group_idx on public.animals (bonded_group_id) where bonded_group_id is not null;

alter table public.bonded_groups enable row level security;
-- A group is visible exactly when one of its animals is, to whoever asks (the animals policies
-- apply inside the subquery): the public sees the groups of listed animals, members their own.
create policy "groups follow their animals" on public.bonded_groups
  for select to anon, authenticated
  using (exists (select 1 from public.animals a where a.bonded_group_id = bonded_groups.id));
revoke all on public.bonded_groups from anon, authenticated;
grant select on public.bonded_groups to anon, authenticated;
-- animals.bonded_group_id and bond_lead are in no column grant: only the functions below write them.

-- Keeping the lead ---------------------------------------------------------------------------------

/**
 * Settles a group after a change: dissolved when fewer than two animals are left in it, else
 * its lead is set again (the earliest published listed animal; none when none is listed).
 */
create or replace function public.settle_bonded_group(group_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  lead uuid;
begin
  -- Gone already (a dissolve a step up, or its shelter's cascade): nothing to settle.
  if not exists (select 1 from public.bonded_groups g where g.id = group_id) then
    return;
  end if;
  if (select count(*) from public.animals a where a.bonded_group_id = group_id) < 2 then
    update public.animals a set bonded_group_id = null where a.bonded_group_id = group_id;
    delete from public.bonded_groups g where g.id = group_id;
    return;
  end if;
  select a.id into lead from public.animals a
   where a.bonded_group_id = group_id and a.listed
   order by a.published_at nulls last, a.id
   limit 1;
  update public.animals a set bond_lead = a.id is not distinct from lead
   where a.bonded_group_id = group_id and a.bond_lead is distinct from (a.id is not distinct from lead);
end
$$;
revoke execute on function public.settle_bonded_group(uuid) from public, anon, authenticated;

-- An animal outside a group leads itself.
create or replace function public.animals_bond_lead_alone() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.bonded_group_id is null then
    new.bond_lead := true;
  end if;
  return new;
end
$$;
create trigger animals_bond_lead_alone before insert or update of bonded_group_id on public.animals
  for each row execute function public.animals_bond_lead_alone();

create or replace function public.animals_settle_bonded_groups() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    -- A shelter being deleted takes its groups with it.
    if exists (select 1 from public.shelter_profiles s where s.id = old.shelter_id) then
      perform public.settle_bonded_group(old.bonded_group_id);
    end if;
    return null;
  end if;
  if tg_op = 'UPDATE' and old.bonded_group_id is distinct from new.bonded_group_id and old.bonded_group_id is not null then
    perform public.settle_bonded_group(old.bonded_group_id);
  end if;
  if new.bonded_group_id is not null then
    perform public.settle_bonded_group(new.bonded_group_id);
  end if;
  return null;
end
$$;
-- Only what moves the lead: joining or leaving a group, being listed or not, being first published.
create trigger animals_settle_bonded_groups_insert after insert on public.animals
  for each row when (new.bonded_group_id is not null) execute function public.animals_settle_bonded_groups();
create trigger animals_settle_bonded_groups_update after update of bonded_group_id, status, listed, published_at on public.animals
  for each row
  when ((old.bonded_group_id is not null or new.bonded_group_id is not null)
        and (old.bonded_group_id is distinct from new.bonded_group_id
             or old.listed is distinct from new.listed
             or old.published_at is distinct from new.published_at))
  execute function public.animals_settle_bonded_groups();
create trigger animals_settle_bonded_groups_delete after delete on public.animals
  for each row when (old.bonded_group_id is not null) execute function public.animals_settle_bonded_groups();

-- Linking and unlinking ----------------------------------------------------------------------------

/**
 * Puts two animals in one group: a new group, one joining the other's, or two groups merged.
 * No checks of the caller (link_bonded and the sync make them): returns null, changing nothing,
 * for an animal with itself, animals of two shelters, an adopted animal or a group past six.
 */
create or replace function public.bond_pair(animal uuid, companion uuid) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  pet public.animals;
  mate public.animals;
  group_id uuid;
begin
  select * into pet from public.animals a where a.id = bond_pair.animal for update;
  select * into mate from public.animals a where a.id = bond_pair.companion for update;
  if pet.id is null or mate.id is null or pet.id = mate.id or pet.shelter_id <> mate.shelter_id
     or 'adopted' in (pet.status, mate.status) then
    return null;
  end if;
  if pet.bonded_group_id = mate.bonded_group_id then
    return pet.bonded_group_id;
  end if;
  if (select count(*) from public.animals a
       where a.id in (pet.id, mate.id) or a.bonded_group_id in (pet.bonded_group_id, mate.bonded_group_id)) > 6 then
    return null;
  end if;
  group_id := coalesce(pet.bonded_group_id, mate.bonded_group_id);
  if group_id is null then
    insert into public.bonded_groups (shelter_id) values (pet.shelter_id) returning id into group_id;
  end if;
  update public.animals a set bonded_group_id = group_id
   where (a.id in (pet.id, mate.id) or a.bonded_group_id in (pet.bonded_group_id, mate.bonded_group_id))
     and a.bonded_group_id is distinct from group_id;
  return group_id;
end
$$;
revoke execute on function public.bond_pair(uuid, uuid) from public, anon, authenticated;

/**
 * Bonds two animals of the caller's shelter (staff and above). Refuses (22023, a message for
 * the page) an animal with itself, another shelter's animal, an adopted animal, a pair already
 * bonded and a group past six; P0002 for an animal the caller's team does not have. Returns the group.
 */
create or replace function public.link_bonded(animal uuid, companion uuid) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  pet public.animals;
  mate public.animals;
  group_id uuid;
begin
  select * into pet from public.animals a where a.id = link_bonded.animal;
  select * into mate from public.animals a where a.id = link_bonded.companion;
  if pet.id is null or not public.is_shelter_member(pet.shelter_id) then
    raise exception 'Animal not found' using errcode = 'P0002';
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
$$;

/** Takes an animal out of its group (staff and above); a group left with one animal dissolves. */
create or replace function public.unlink_bonded(animal uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  pet public.animals;
begin
  select * into pet from public.animals a where a.id = unlink_bonded.animal for update;
  if pet.id is null or not public.is_shelter_member(pet.shelter_id) then
    raise exception 'Animal not found' using errcode = 'P0002';
  end if;
  if not public.is_shelter_member(pet.shelter_id, 'staff') then
    raise exception 'Only the shelter''s staff, admins and owners bond animals' using errcode = '42501';
  end if;
  update public.animals a set bonded_group_id = null where a.id = pet.id and a.bonded_group_id is not null;
end
$$;
revoke execute on function public.link_bonded(uuid, uuid), public.unlink_bonded(uuid) from public, anon;
grant execute on function public.link_bonded(uuid, uuid), public.unlink_bonded(uuid) to authenticated;

-- Reading -------------------------------------------------------------------------------------------

/**
 * The companions of each of `animal_ids` (the other animals of their groups) with their first
 * photo, in one round trip: the animal page, a page of result cards, the dashboard. Security
 * invoker: the caller's policies decide which companions it sees (the public, listed ones).
 */
create or replace function public.bonded_companions(animal_ids uuid[])
returns table (animal_id uuid, animal_leads boolean, id uuid, name text, status text, photo_path text, photo_url text, photo_alt text)
language sql stable security invoker set search_path = '' as $$
  select a.id, a.bond_lead, c.id, c.name, c.status, p.storage_path, p.external_url, p.alt
    from public.animals a
    join public.animals c on c.bonded_group_id = a.bonded_group_id and c.id <> a.id
    left join lateral (select ph.storage_path, ph.external_url, ph.alt from public.animal_photos ph
                        where ph.animal_id = c.id order by ph.position limit 1) p on true
   where a.id = any (animal_ids) and a.bonded_group_id is not null
   order by a.id, c.published_at nulls last, c.name, c.id
$$;
revoke execute on function public.bonded_companions(uuid[]) from public;
grant execute on function public.bonded_companions(uuid[]) to anon, authenticated;

-- One application, one question for the group -------------------------------------------------------

/**
 * As in 20261126000300_applications.sql, and: an open application for any animal of a bonded
 * group covers the group, so a second one (for a companion) is refused.
 */
create or replace function public.submit_application(animal_id uuid, note text default null) returns public.applications
language plpgsql security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  pet record;
  missing text[];
  application public.applications;
  covered_by text;
begin
  if caller is null then
    raise exception 'Sign in to apply' using errcode = '42501';
  end if;
  select a.id, a.name, a.shelter_id, a.bonded_group_id into pet
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
  select m.name into covered_by
    from public.applications a join public.animals m on m.id = a.animal_id
   where a.applicant_id = caller and a.status in ('submitted', 'in_review', 'approved')
     and m.bonded_group_id = pet.bonded_group_id
   limit 1;
  if covered_by is not null then
    raise exception 'Your application for % already covers %: they go home together', covered_by, pet.name using errcode = '22023';
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

/**
 * As before, and a bonded group goes home together: every animal of the group still listed is
 * adopted too, and the other open applications for any of them close kindly (the animals
 * trigger of 20261126000300_applications.sql).
 */
create or replace function public.mark_application_adopted(application_id uuid) returns public.applications
language plpgsql security definer set search_path = '' as $$
declare
  application public.applications;
begin
  perform public.require_application_team(application_id);
  application := public.move_application(application_id, 'adopted', '{approved}', 'shelter');
  update public.animals set status = 'adopted' where id = application.animal_id and status <> 'adopted';
  update public.animals a set status = 'adopted'
   where a.bonded_group_id = (select p.bonded_group_id from public.animals p where p.id = application.animal_id)
     and a.status in ('available', 'pending');
  return application;
end
$$;

/**
 * As in 20261126000200_conversations.sql, and: a question about an animal of a bonded group
 * joins the caller's open conversation about any animal of the group (it covers the group).
 */
create or replace function public.start_conversation(animal uuid, message text) returns uuid
language plpgsql security definer set search_path = '' as $$
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
    raise exception 'This pet is no longer listed' using errcode = 'P0002';
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
      using errcode = '54000';
  end if;
  if started_last_day >= 20 then
    raise exception 'You have started 20 conversations today, the most we allow. Please try again tomorrow, or write in a conversation you already have.'
      using errcode = '54000';
  end if;

  insert into public.conversations (shelter_id, animal_id, animal_name, adopter_id)
  values (pet.shelter_id, pet.id, pet.name, caller)
  returning * into conversation;
  perform public.post_message(conversation, 'adopter', body, true);
  return conversation.id;
end
$$;

-- Sync: bonds a source names -----------------------------------------------------------------------

/**
 * Bonds the source's animals as `items` (rows as app/sync/pipeline.server.ts animalRow makes
 * them) name them: each item's `bonded_with`, external ids of the same source. Bonds are only
 * added here: one the source stops naming stays until the shelter removes it (decision 040).
 */
create or replace function public.bond_source_animals(source_id uuid, items jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.bond_pair(a.id, b.id)
     from jsonb_array_elements(coalesce(items, '[]')) as i(item)
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(i.item->'bonded_with') = 'array' then i.item->'bonded_with' else '[]' end) as w(external_id)
     join public.animals a on a.source_id = bond_source_animals.source_id and a.external_id = i.item->>'external_id'
     join public.animals b on b.source_id = bond_source_animals.source_id and b.external_id = w.external_id
    where a.id <> b.id;
end
$$;
revoke execute on function public.bond_source_animals(uuid, jsonb) from public, anon, authenticated;

/** As in 20261126003000_api_keys.sql, and the animal's `bonded_with` bonds it with those of the source's animals already there. */
create or replace function public.api_put_animal(source_id uuid, animal jsonb, out animal_id uuid, out outcome text)
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.require_api_source(api_put_animal.source_id);
  written record;
begin
  if coalesce(animal->>'external_id', '') = '' then
    raise exception 'An animal needs its external_id' using errcode = '22023';
  end if;
  perform set_config('pawhaven.syncing', 'on', true);
  select * into written from public.write_source_animals(source, jsonb_build_array(animal));
  perform public.bond_source_animals(source.id, jsonb_build_array(animal));
  perform set_config('pawhaven.syncing', 'off', true);
  outcome := case when written.added > 0 then 'added' when written.updated > 0 then 'updated' else 'unchanged' end;
  select a.id into animal_id from public.animals a
   where a.shelter_id = source.shelter_id and a.external_source = 'sync:' || source.id and a.external_id = animal->>'external_id';
end
$$;

/** As in 20261126002000_listing_sync.sql, and the bonds the snapshot names (bond_source_animals). */
create or replace function public.apply_import(run_id uuid, confirm_removals boolean) returns public.import_runs
language plpgsql security definer set search_path = extensions, pg_temp as $$
declare
  run public.import_runs;
  source public.sync_sources;
  incoming integer;
  listed integer;
  leaving integer;
  changed record;
begin
  select * into run from public.import_runs r where r.id = apply_import.run_id;
  -- One run of a source at a time.
  select * into source from public.sync_sources s where s.id = run.source_id for update;
  select count(distinct x.external_id) into incoming from public.import_run_rows x where x.run_id = run.id;

  -- The safety catch: a snapshot that is not explicitly empty and would take away more than
  -- half of what the source lists now (three animals or more) waits for a person.
  select count(*) filter (where a.status <> 'archived'),
         count(*) filter (where a.status <> 'archived'
                            and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id))
    into listed, leaving
    from public.animals a
   where a.source_id = source.id;
  if not run.explicitly_empty and not confirm_removals and leaving >= 3 and leaving * 2 > listed then
    update public.import_runs r
       set status = 'held', removed = leaving, finished_at = now(),
           message = format('This file would remove %s of the %s animals this source lists. Confirm it if that is right.', leaving, listed)
     where r.id = run.id
    returning * into run;
    perform public.email_shelter_team(source.shelter_id, 'admin', 'sync_run_held', jsonb_build_object(
      'source_name', source.name, 'run_id', run.id, 'removing', leaving, 'listed', listed));
    return run;
  end if;

  perform set_config('pawhaven.syncing', 'on', true);

  -- Upsert (the first row of an external id given twice), skipping rows whose imported values did not change, then photos.
  select * into changed
    from public.write_source_animals(source, (
      select coalesce(jsonb_agg(i.item), '[]')
        from (select distinct on (x.external_id) x.item from public.import_run_rows x
               where x.run_id = run.id order by x.external_id, x.position) as i));

  -- The bonds the snapshot names between the source's animals.
  perform public.bond_source_animals(source.id, (
    select coalesce(jsonb_agg(x.item), '[]') from public.import_run_rows x where x.run_id = run.id and x.item ? 'bonded_with'));

  -- Whatever the snapshot no longer holds leaves the listings (kept, archived).
  with gone as (
    update public.animals a set status = 'archived'
     where a.source_id = source.id and a.status <> 'archived'
       and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id)
    returning 1
  )
  select count(*) into leaving from gone;

  perform set_config('pawhaven.syncing', 'off', true);
  update public.import_runs r
     set status = 'succeeded', finished_at = now(), added = changed.added, updated = changed.updated,
         unchanged = incoming - changed.added - changed.updated, removed = leaving
   where r.id = run.id
  returning * into run;
  delete from public.import_run_rows x where x.run_id = run.id;
  if run.added + run.updated + run.removed > 0 then
    perform public.log_shelter_activity(source.shelter_id, 'listings_synced', source.name,
      jsonb_build_object('run_id', run.id, 'added', run.added, 'updated', run.updated, 'removed', run.removed));
  end if;
  return run;
end
$$;
