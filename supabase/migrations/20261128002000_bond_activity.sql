-- Bonds in the Activity tab (issue 14 §3): each link and each unlink of bonded animals is one
-- line of the shelter's activity, whoever makes it.
--
--   * 'animals_bonded': two animals put in one group (a new pair, one joining the other's group,
--     or two groups merged), with the group's names after it. Written by bond_pair, which both
--     link_bonded (the dashboard) and bond_source_animals (a snapshot's or a PUT's bonded_with)
--     call, and only when it changed something: a bond a snapshot names again is no new line.
--     A sync's line names its source and is attributed as the run's own line is (the person who
--     uploaded, or 'Pawhaven' for the worker, an FTP drop and the API).
--   * 'animal_unbonded': an animal taken out of its group by unlink_bonded, with the companions
--     it leaves (a group left with one animal dissolves; the line says whose group it was).
--
-- The group columns (bonded_group_id, bond_lead) are in none of animals_log_activity's compared
-- columns, so a link or an unlink is no 'animal_edited' line too. Deleting an animal of a group
-- is its 'animal_deleted' line alone; the group shrinking with it is part of that.

alter table public.shelter_activity drop constraint shelter_activity_action_check;
alter table public.shelter_activity add constraint shelter_activity_action_check check (action in (
  'animal_added', 'animal_edited', 'animal_status_changed', 'animal_deleted',
  'animals_bonded', 'animal_unbonded',
  'settings_changed',
  'member_invited', 'invitation_resent', 'invitation_revoked', 'member_joined',
  'member_role_changed', 'member_removed', 'member_left',
  'listings_synced'));

/** The names of a group's animals as the pages list them (earliest published first), for a log line. */
create or replace function public.bonded_group_names(group_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(a.name order by a.published_at nulls last, a.name, a.id), '[]')
    from public.animals a where a.bonded_group_id = bonded_group_names.group_id
$$;
revoke execute on function public.bonded_group_names(uuid) from public, anon, authenticated;

/**
 * As in 20261127005000_bonded_groups.sql, and a change is one 'animals_bonded' line of the
 * shelter's activity; `source_name` is the sync source that named the bond (none: a person).
 */
drop function public.bond_pair(uuid, uuid);
create function public.bond_pair(animal uuid, companion uuid, source_name text default null) returns uuid
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
  perform public.log_shelter_activity(pet.shelter_id, 'animals_bonded', pet.name || ' and ' || mate.name,
    jsonb_strip_nulls(jsonb_build_object(
      'animal_id', pet.id, 'companion_id', mate.id, 'animal', pet.name, 'companion', mate.name,
      'group', public.bonded_group_names(group_id), 'source', bond_pair.source_name)));
  return group_id;
end
$$;
revoke execute on function public.bond_pair(uuid, uuid, text) from public, anon, authenticated;

/** As in 20261127005000_bonded_groups.sql, and the source's name goes with each bond it makes (the activity line). */
create or replace function public.bond_source_animals(source_id uuid, items jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  source_name text := (select s.name from public.sync_sources s where s.id = bond_source_animals.source_id);
begin
  perform public.bond_pair(a.id, b.id, source_name)
     from jsonb_array_elements(coalesce(items, '[]')) as i(item)
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(i.item->'bonded_with') = 'array' then i.item->'bonded_with' else '[]' end) as w(external_id)
     join public.animals a on a.source_id = bond_source_animals.source_id and a.external_id = i.item->>'external_id'
     join public.animals b on b.source_id = bond_source_animals.source_id and b.external_id = w.external_id
    where a.id <> b.id;
end
$$;
revoke execute on function public.bond_source_animals(uuid, jsonb) from public, anon, authenticated;

/**
 * As in 20261127005000_bonded_groups.sql, and the change is one 'animal_unbonded' line naming
 * the companions the animal leaves. An animal in no group changes nothing and logs nothing.
 */
create or replace function public.unlink_bonded(animal uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  pet public.animals;
  companions jsonb;
begin
  select * into pet from public.animals a where a.id = unlink_bonded.animal for update;
  if pet.id is null or not public.is_shelter_member(pet.shelter_id) then
    raise exception 'Animal not found' using errcode = 'P0002';
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
$$;
