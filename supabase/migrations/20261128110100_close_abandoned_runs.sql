-- A run left open by a process that died: a worker killed in the middle of a pull
-- left its run `receiving` forever, with its staged rows, and the Sync tab showed it as still
-- arriving. Nothing of it was applied (a run applies in one transaction), so it is closed as
-- failed, saying so, and its staged rows go:
-- - a pull's, as soon as the source's pull job is taken up again (close_interrupted_pulls, which
--   the pull task calls first): a source has one pull job, which one worker holds at a time, so a
--   pull run still receiving then belongs to an attempt that is gone;
-- - any run (an upload, an FTP drop, a push-API file, a pull whose job is gone), once it has been
--   receiving for longer than any import takes: close_stale_imports, which the worker runs every
--   ten minutes (the job_schedules row below).

/** What a shelter reads on a pull that a dead worker left open. */
create or replace function public.interrupted_run_message(trigger text) returns text
language sql immutable set search_path = '' as $$
  select case when trigger in ('schedule', 'manual')
              then 'The pull was interrupted before it finished, and nothing was changed; it will run again at its next time.'
              else 'This import was interrupted before it finished, and nothing was changed. Please send the file again.' end;
$$;
revoke execute on function public.interrupted_run_message(text) from public, anon, authenticated;

/** Closes the given runs that are still receiving, as failed, and removes their staged rows; returns how many it closed. */
create or replace function public.close_receiving_runs(run_ids uuid[]) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  closed uuid[];
begin
  with runs as (
    update public.import_runs r
       set status = 'failed', finished_at = now(), message = public.interrupted_run_message(r.trigger)
     where r.id = any (close_receiving_runs.run_ids) and r.status = 'receiving'
    returning r.id
  )
  select coalesce(array_agg(runs.id), '{}') into closed from runs;
  delete from public.import_run_rows x where x.run_id = any (closed);
  return cardinality(closed);
end
$$;
revoke execute on function public.close_receiving_runs(uuid[]) from public, anon, authenticated;

/**
 * Closes a pull source's runs that are still receiving: the pull task calls it as it takes the
 * source's job up, before it starts a run of its own. Returns how many it closed.
 */
create or replace function public.close_interrupted_pulls(source_id uuid) returns integer
language plpgsql security definer set search_path = '' as $$
begin
  return public.close_receiving_runs(array(
    select r.id from public.import_runs r
     where r.source_id = close_interrupted_pulls.source_id and r.status = 'receiving' and r.trigger in ('schedule', 'manual')));
end
$$;
revoke execute on function public.close_interrupted_pulls(uuid) from public, anon, authenticated;
grant execute on function public.close_interrupted_pulls(uuid) to service_role;

/**
 * Closes every run that has been receiving for longer than `older_than` (an hour: a 50 MB file
 * is staged in a minute or two), whoever left it. Returns how many it closed.
 */
create or replace function public.close_stale_imports(older_than interval default interval '1 hour') returns integer
language plpgsql security definer set search_path = '' as $$
begin
  if older_than is null or older_than < interval '10 minutes' then
    raise exception 'A run is stale after ten minutes at the least' using errcode = '22023';
  end if;
  return public.close_receiving_runs(array(
    select r.id from public.import_runs r
     where r.status = 'receiving' and r.started_at < now() - close_stale_imports.older_than
       -- A run whose rows are being staged this moment is alive, however old.
       for update skip locked));
end
$$;
revoke execute on function public.close_stale_imports(interval) from public, anon, authenticated;
grant execute on function public.close_stale_imports(interval) to service_role;

-- Receiving runs are found by status; the few open ones, not the whole history.
create index import_runs_receiving_idx on public.import_runs (source_id, started_at) where status = 'receiving';

insert into public.job_schedules (name, kind, every) values ('close_stale_imports', 'close_stale_imports', interval '10 minutes')
on conflict (name) do nothing;
