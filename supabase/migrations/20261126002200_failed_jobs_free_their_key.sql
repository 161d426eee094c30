-- A job that failed for good kept its dedupe_key, and enqueue_job answers a taken key with the
-- old job: a schedule's next run, or the next photo fetch for that animal, was never queued
-- again. A job that fails for good now gives its key up (it is kept, for a person, without it).
create or replace function public.fail_job(job_id bigint, worker_name text, error text, give_up boolean default false)
returns public.jobs
language plpgsql security definer set search_path = '' as $$
declare
  job public.jobs;
begin
  update public.jobs j
     set last_error = left(error, 2000),
         locked_by = null,
         locked_until = null,
         failed_at = case when give_up or j.attempts >= j.max_attempts then now() end,
         dedupe_key = case when give_up or j.attempts >= j.max_attempts then null else j.dedupe_key end,
         run_at = case when give_up or j.attempts >= j.max_attempts then j.run_at
                       else now() + make_interval(secs => least(3600, 5 * power(2, j.attempts)) * (0.9 + random() * 0.2)) end
   where j.id = job_id and j.locked_by = worker_name
  returning j.* into job;
  return job;
end
$$;
revoke execute on function public.fail_job(bigint, text, text, boolean) from public, anon, authenticated;
grant execute on function public.fail_job(bigint, text, text, boolean) to service_role;
