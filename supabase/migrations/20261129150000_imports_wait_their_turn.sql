-- Stored files of one source are imported one at a time (decision 053).
--
-- - take_queued_import leaves a run queued, saying why, while another run of its source is being
--   read or applied; the worker hands the job back for a few seconds without counting an attempt
--   (defer_job). Before, the second file was read and staged alongside the first, refused when it
--   came to apply, and read again from the start at every retry, its run page saying "Reading".
-- - The source's row is locked first, so two runs taken at the same moment cannot both start.

/**
 * The worker takes a queued run up: it starts receiving. A run still receiving was being read by
 * an attempt that died: its rows so far go, and it is read again from the start. While another
 * run of the same source is receiving or running, the run stays (or goes back to) queued, with a
 * message, and its job is to come back later. A run that is running is applied on from where it
 * stopped; one that is over is returned as it is.
 */
create or replace function public.take_queued_import(run_id uuid) returns public.import_runs
language plpgsql security definer set search_path = '' as $$
declare
  run public.import_runs;
  busy boolean;
begin
  select * into run from public.import_runs r where r.id = take_queued_import.run_id;
  if run.id is null then
    raise exception 'Run not found' using errcode = 'PT404';
  end if;
  -- The source first, then the run: the order every import function locks them in.
  perform 1 from public.sync_sources s where s.id = run.source_id for update;
  select * into run from public.import_runs r where r.id = take_queued_import.run_id for update;
  if run.status = 'receiving' then
    delete from public.import_run_rows x where x.run_id = run.id;
    delete from public.import_run_errors e where e.run_id = run.id;
  end if;
  if run.status in ('queued', 'receiving') then
    busy := exists (select 1 from public.import_runs o
                     where o.source_id = run.source_id and o.id <> run.id and o.status in ('receiving', 'running'));
    if busy then
      update public.import_runs r
         set status = 'queued', rows_read = 0, failed = 0,
             message = 'Another file of this source is being imported: this one starts when it is done.'
       where r.id = run.id
      returning * into run;
    else
      update public.import_runs r set status = 'receiving', rows_read = 0, failed = 0, message = null
       where r.id = run.id
      returning * into run;
    end if;
  end if;
  return run;
end
$$;
revoke execute on function public.take_queued_import(uuid) from public, anon, authenticated;
grant execute on function public.take_queued_import(uuid) to service_role;

/**
 * Hands a job back to run again after `seconds`, without counting the attempt: the task found
 * it must wait (e.g. its source's other import), which is no failure.
 */
create or replace function public.defer_job(job_id bigint, worker_name text, seconds integer)
returns boolean
language sql security definer set search_path = '' as $$
  with deferred as (
    update public.jobs
       set locked_by = null, locked_until = null, attempts = greatest(attempts - 1, 0),
           run_at = now() + make_interval(secs => least(greatest(seconds, 1), 3600))
     where id = job_id and locked_by = worker_name and failed_at is null
    returning 1
  )
  select exists (select 1 from deferred);
$$;
revoke execute on function public.defer_job(bigint, text, integer) from public, anon, authenticated;
grant execute on function public.defer_job(bigint, text, integer) to service_role;

-- A confirmed held run is applied by the worker ---------------------------------------------------

/**
 * As in 20261128140000_refusals_answer_4xx.sql, except that confirming no longer applies the file
 * in the caller's transaction (the web request): the applied run starts running, its rows taken
 * over from the held run, and the worker's import_file job applies it in pieces, as for an upload.
 * Another run of the source being applied is refused (PT409), as before.
 */
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
  values (held.source_id, held.shelter_id, 'receiving', 'manual', held.file_name, auth.uid(), held.explicitly_empty, held.failed)
  returning * into applied;
  update public.import_run_rows x set run_id = applied.id where x.run_id = held.id;
  insert into public.import_run_errors (run_id, line, external_id, reason)
  select applied.id, e.line, e.external_id, e.reason from public.import_run_errors e where e.run_id = held.id order by e.id;
  applied := public.check_import_removals(applied.id, true);
  perform public.enqueue_job('import_file', jsonb_build_object('run_id', applied.id), now(), 'import_file:' || applied.id);
  return applied;
end
$$;
revoke execute on function public.decide_held_import(uuid, boolean) from public, anon;
grant execute on function public.decide_held_import(uuid, boolean) to authenticated;

/**
 * As in 20261128160000_imports_in_the_worker.sql, and a confirmed run that is being applied by
 * the worker (running, no stored file) goes by its job as a stored file's run does.
 */
create or replace function public.close_stale_imports(older_than interval default interval '1 hour') returns integer
language plpgsql security definer set search_path = '' as $$
declare
  lost integer;
begin
  if older_than is null or older_than < interval '10 minutes' then
    raise exception 'A run is stale after ten minutes at the least' using errcode = '22023';
  end if;
  with closed as (
    update public.import_runs r
       set status = 'failed', finished_at = now(),
           message = case when r.status = 'running'
                          then format('This import was interrupted after %s of %s animals were written, and none were removed. '
                                      'Please send the file again.', coalesce(r.rows_applied, 0), coalesce(r.rows_total, 0))
                          else public.interrupted_run_message(r.trigger) end
     where r.id in (select q.id from public.import_runs q
                     where q.status in ('queued', 'receiving', 'running') and (q.file_path is not null or q.status = 'running')
                       and not public.import_job_pending(q.id)
                       for update skip locked)
    returning r.id
  ),
  gone as (delete from public.import_run_rows x where x.run_id in (select closed.id from closed))
  select count(*) into lost from closed;
  return lost + public.close_receiving_runs(array(
    select r.id from public.import_runs r
     where r.status = 'receiving' and r.file_path is null and r.started_at < now() - close_stale_imports.older_than
       -- A run whose rows are being staged this moment is alive, however old.
       for update skip locked));
end
$$;
revoke execute on function public.close_stale_imports(interval) from public, anon, authenticated;
grant execute on function public.close_stale_imports(interval) to service_role;
