-- Background jobs and the email outbox (decision 025).
--
-- Jobs are rows: a worker (worker/main.ts, any number of them) claims due jobs with
-- FOR UPDATE SKIP LOCKED, so each job runs in one worker at a time; a failed job comes back
-- after a growing delay until it runs out of attempts, and keeps its last error. A claim is a
-- lease: a worker that dies mid-job loses it when the lease ends, and another worker retries.
-- Repeating jobs are job_schedules rows, turned into jobs by the claim when they are due.
--
-- Email is committed with the change that causes it: a security definer function calls
-- queue_email() in its own transaction, which writes the outbox row and the job that
-- delivers it. The worker renders the message from its template and data (worker/emails/).
--
-- Only the service role (the worker, scripts) reads or runs any of this.

create table public.jobs (
  id bigint generated always as identity primary key,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,62}$'),
  payload jsonb not null default '{}',
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 10 check (max_attempts between 1 and 100),
  -- At most one pending job per key, e.g. one delivery per email or one run per schedule.
  dedupe_key text unique,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  -- Set when the job ran out of attempts (or failed for good); it is then kept for a person.
  failed_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.jobs is 'Durable background jobs; claimed by worker processes through claim_jobs().';
create index jobs_due_idx on public.jobs (run_at, id) where failed_at is null;

create table public.job_schedules (
  name text primary key check (name ~ '^[a-z][a-z0-9_]{0,62}$'),
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,62}$'),
  payload jsonb not null default '{}',
  every interval not null check (every >= interval '1 minute'),
  next_run_at timestamptz not null default now()
);
comment on table public.job_schedules is 'Repeating jobs: a job of kind is enqueued every interval (one pending at a time).';

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  template text not null check (template ~ '^[a-z][a-z0-9_]{0,62}$'),
  to_address text not null check (length(to_address) between 3 and 254 and position('@' in to_address) > 1),
  -- What the template shows; values under "secret" (e.g. an invitation token) are dropped once sent.
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
comment on table public.email_outbox is 'Email the site sends, written with the change that causes it and delivered by a send_email job.';
create index email_outbox_unsent_idx on public.email_outbox (created_at) where sent_at is null;

alter table public.jobs enable row level security;
alter table public.job_schedules enable row level security;
alter table public.email_outbox enable row level security;
revoke all on public.jobs, public.job_schedules, public.email_outbox from anon, authenticated;

-- Enqueueing -------------------------------------------------------------------------------------

/** Adds a job; with a dedupe_key that is already pending, returns that job's id instead. */
create or replace function public.enqueue_job(
  kind text,
  payload jsonb default '{}',
  run_at timestamptz default now(),
  dedupe_key text default null
) returns bigint
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  job_id bigint;
begin
  insert into public.jobs (kind, payload, run_at, dedupe_key)
  values (enqueue_job.kind, coalesce(enqueue_job.payload, '{}'), coalesce(enqueue_job.run_at, now()), enqueue_job.dedupe_key)
  on conflict (dedupe_key) do nothing
  returning id into job_id;
  if job_id is null then
    select j.id into job_id from public.jobs j where j.dedupe_key = enqueue_job.dedupe_key;
  end if;
  return job_id;
end
$$;

/** Writes an email to the outbox and the job that delivers it, in the caller's transaction. */
create or replace function public.queue_email(template text, to_address text, data jsonb default '{}')
returns uuid
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  email_id uuid;
begin
  insert into public.email_outbox (template, to_address, data)
  values (queue_email.template, lower(trim(queue_email.to_address)), coalesce(queue_email.data, '{}'))
  returning id into email_id;
  perform public.enqueue_job('send_email', jsonb_build_object('email_id', email_id), now(), 'send_email:' || email_id);
  return email_id;
end
$$;

-- Claiming and finishing -------------------------------------------------------------------------

/**
 * Enqueues the schedules that are due, then claims up to max_jobs due jobs for worker_name
 * (optionally only of the given kinds) for lease_seconds. Concurrent workers skip each
 * other's rows, so no job is handed out twice while its lease holds.
 */
create or replace function public.claim_jobs(
  worker_name text,
  max_jobs integer default 1,
  lease_seconds integer default 300,
  kinds text[] default null
) returns setof public.jobs
language plpgsql security definer set search_path = '' as $$
declare
  schedule public.job_schedules;
begin
  if coalesce(length(worker_name), 0) = 0 then
    raise exception 'worker_name is required' using errcode = '22023';
  end if;
  for schedule in
    select * from public.job_schedules where next_run_at <= now() for update skip locked
  loop
    perform public.enqueue_job(schedule.kind, schedule.payload, now(), 'schedule:' || schedule.name);
    -- The next run keeps the cadence, but after a long outage it is one interval from now,
    -- not a backlog of runs.
    update public.job_schedules
       set next_run_at = case when schedule.next_run_at + schedule.every > now()
                              then schedule.next_run_at + schedule.every
                              else now() + schedule.every end
     where name = schedule.name;
  end loop;

  return query
  update public.jobs j
     set locked_by = worker_name,
         locked_until = now() + make_interval(secs => greatest(lease_seconds, 1)),
         attempts = j.attempts + 1
   where j.id in (
     select d.id from public.jobs d
      where d.failed_at is null
        and d.run_at <= now()
        and (d.locked_until is null or d.locked_until < now())
        and (kinds is null or d.kind = any (kinds))
      order by d.run_at, d.id
      limit greatest(least(max_jobs, 100), 1)
      for update skip locked)
  returning j.*;
end
$$;

/** A job that ran to the end is deleted (its effects are its record). */
create or replace function public.complete_job(job_id bigint, worker_name text) returns boolean
language sql security definer set search_path = '' as $$
  with done as (
    delete from public.jobs where id = job_id and locked_by = worker_name returning 1
  )
  select exists (select 1 from done);
$$;

/**
 * Records a failure. The job runs again after 10 s, 20 s, 40 s … (at most an hour, with some
 * jitter so many failed jobs do not return together) until max_attempts; with give_up, or
 * when the attempts are spent, it is kept with failed_at set.
 */
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
         run_at = case when give_up or j.attempts >= j.max_attempts then j.run_at
                       else now() + make_interval(secs => least(3600, 5 * power(2, j.attempts)) * (0.9 + random() * 0.2)) end
   where j.id = job_id and j.locked_by = worker_name
  returning j.* into job;
  return job;
end
$$;

/** Marks an outbox email sent and forgets its secrets (the link it carried stays usable). */
create or replace function public.mark_email_sent(email_id uuid) returns void
language sql security definer set search_path = '' as $$
  update public.email_outbox set sent_at = coalesce(sent_at, now()), data = data - 'secret' where id = email_id;
$$;

revoke execute on function public.enqueue_job(text, jsonb, timestamptz, text) from public, anon, authenticated;
revoke execute on function public.queue_email(text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.claim_jobs(text, integer, integer, text[]) from public, anon, authenticated;
revoke execute on function public.complete_job(bigint, text) from public, anon, authenticated;
revoke execute on function public.fail_job(bigint, text, text, boolean) from public, anon, authenticated;
revoke execute on function public.mark_email_sent(uuid) from public, anon, authenticated;
grant execute on function public.enqueue_job(text, jsonb, timestamptz, text) to service_role;
grant execute on function public.queue_email(text, text, jsonb) to service_role;
grant execute on function public.claim_jobs(text, integer, integer, text[]) to service_role;
grant execute on function public.complete_job(bigint, text) to service_role;
grant execute on function public.fail_job(bigint, text, text, boolean) to service_role;
grant execute on function public.mark_email_sent(uuid) to service_role;
