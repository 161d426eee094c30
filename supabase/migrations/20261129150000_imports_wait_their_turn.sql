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
