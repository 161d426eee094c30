-- A row the reader could not read is not a row the source left out: its animal is
-- neither updated nor archived by that run. Before, a file with one bad row archived the animal
-- whose row it was, off every public page, though its id was in the file. A run's errors carry
-- the id when the reader could recover it (import_run_errors.external_id); apply_import now
-- keeps those animals as they are, and counts them out of the safety catch's removals. A held
-- run that a person confirms is applied as a new run: it takes the held run's errors along, so
-- the same animals are kept and the applied run reports the same rows.

-- The archive's anti-join looks a run's errors up by id, as it does its staged rows.
create index import_run_errors_external_idx on public.import_run_errors (run_id, external_id);

/** As in 20261127005000_bonded_groups.sql, and the animals of rows that could not be read stay as they are. */
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
  -- half of what the source lists now (three animals or more) waits for a person. An animal
  -- whose row could not be read is not leaving.
  select count(*) filter (where a.status <> 'archived'),
         count(*) filter (where a.status <> 'archived'
                            and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id)
                            and not exists (select 1 from public.import_run_errors e where e.run_id = run.id and e.external_id = a.external_id))
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

  -- Whatever the snapshot no longer holds leaves the listings (kept, archived); an animal whose
  -- row is in the file but could not be read is still there, as it was.
  with gone as (
    update public.animals a set status = 'archived'
     where a.source_id = source.id and a.status <> 'archived'
       and not exists (select 1 from public.import_run_rows x where x.run_id = run.id and x.external_id = a.external_id)
       and not exists (select 1 from public.import_run_errors e where e.run_id = run.id and e.external_id = a.external_id)
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
revoke execute on function public.apply_import(uuid, boolean) from public, anon, authenticated;

/**
 * As in 20261126002000_listing_sync.sql, and the applied run takes the held run's errors along:
 * the animals of its unread rows stay as they are, and the run says which rows those were.
 */
create or replace function public.decide_held_import(run_id uuid, apply boolean) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  held public.import_runs;
  applied public.import_runs;
begin
  select * into held from public.import_runs r where r.id = decide_held_import.run_id for update;
  if held.id is null then
    raise exception 'Run not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(held.shelter_id);
  if held.status <> 'held' then
    raise exception 'This run is not waiting for a decision' using errcode = '22023';
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
revoke execute on function public.decide_held_import(uuid, boolean) from public, anon;
grant execute on function public.decide_held_import(uuid, boolean) to authenticated;
