-- Short leases, renewed while a job runs (decision 043). A worker that dies mid-job
-- used to hold its jobs for the whole five-minute lease; the worker now claims for 30 s and
-- renews every third of that while the job runs, so a dead worker's jobs come back within a
-- lease. A renewal answers false once the job is no longer this worker's (another worker took
-- it after the lease ran out, or it is gone), and the worker then stops the job rather than
-- finish it a second time. A lease that ran out but that nobody took is still this worker's:
-- renewing it is safe, since claim_jobs is the only way to take a job over.
create or replace function public.renew_job_lease(job_id bigint, worker_name text, lease_seconds integer default 30)
returns boolean
language sql security definer set search_path = '' as $$
  with renewed as (
    update public.jobs
       set locked_until = now() + make_interval(secs => least(greatest(lease_seconds, 1), 3600))
     where id = job_id and locked_by = worker_name and failed_at is null
    returning 1
  )
  select exists (select 1 from renewed);
$$;

revoke execute on function public.renew_job_lease(bigint, text, integer) from public, anon, authenticated;
grant execute on function public.renew_job_lease(bigint, text, integer) to service_role;
