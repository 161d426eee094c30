-- What the worker could not do, for staff: jobs that failed for good, and outbox emails that
-- were not delivered, each with a way to try again. Staff read and retry only through these
-- functions (each checks staff itself); the tables stay closed to everyone but the service role.
--
-- A failed delivery is listed once, as an email (not also as a failed send_email job). An email
-- is "not delivered" once a delivery attempt has failed, or when its delivery job is gone; a
-- fresh email whose first attempt has not run yet is on its way, not listed.

/** Jobs given up on (failed for good), newest first; deliveries of email are listed as emails. */
create or replace function public.staff_failed_jobs()
returns table (id bigint, kind text, attempts integer, last_error text, failed_at timestamptz, created_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.require_staff();
  return query
  select j.id, j.kind, j.attempts, j.last_error, j.failed_at, j.created_at
    from public.jobs j
   where j.failed_at is not null and j.kind <> 'send_email'
   order by j.failed_at desc, j.id desc
   limit 200;
end
$$;

/**
 * Outbox emails not sent whose delivery failed (or whose delivery job is gone), oldest first.
 * The address is masked (j***@example.com): enough to tell two apart, not to write to.
 */
create or replace function public.staff_undelivered_emails()
returns table (
  id uuid, template text, recipient text, attempts integer, last_error text, gave_up boolean, created_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.require_staff();
  return query
  select e.id, e.template,
         left(e.to_address, 1) || '***' || substr(e.to_address, position('@' in e.to_address)),
         coalesce(j.attempts, 0), j.last_error, coalesce(j.failed_at is not null, true), e.created_at
    from public.email_outbox e
    left join lateral (
      select d.attempts, d.last_error, d.failed_at from public.jobs d
       where d.kind = 'send_email' and d.payload ->> 'email_id' = e.id::text
       order by d.failed_at nulls first, d.id desc
       limit 1
    ) j on true
   where e.sent_at is null and (j.attempts is null or j.last_error is not null)
   order by e.created_at, e.id
   limit 200;
end
$$;

/** Puts a failed job back in the queue, due now, with its attempts renewed. */
create or replace function public.staff_retry_job(job_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.require_staff();
  update public.jobs
     set failed_at = null, attempts = 0, run_at = now(), locked_by = null, locked_until = null
   where id = job_id and failed_at is not null;
  if not found then
    raise exception 'That job is not failed (it may have been retried already)' using errcode = 'PT404';
  end if;
end
$$;

/** Queues the delivery of an unsent email again, due now. */
create or replace function public.staff_retry_email(email_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  email public.email_outbox;
  job_id bigint;
begin
  perform public.require_staff();
  select * into email from public.email_outbox where id = email_id;
  if email.id is null then
    raise exception 'That email is not in the outbox' using errcode = 'PT404';
  end if;
  if email.sent_at is not null then
    raise exception 'That email has been sent already' using errcode = 'PT409';
  end if;
  -- The failed delivery makes way for a new one (a pending one is kept, and brought forward).
  delete from public.jobs where kind = 'send_email' and payload ->> 'email_id' = email.id::text and failed_at is not null;
  job_id := public.enqueue_job('send_email', jsonb_build_object('email_id', email.id), now(), 'send_email:' || email.id);
  update public.jobs set run_at = now() where id = job_id and run_at > now() and (locked_until is null or locked_until < now());
end
$$;

revoke execute on function public.staff_failed_jobs() from public, anon;
revoke execute on function public.staff_undelivered_emails() from public, anon;
revoke execute on function public.staff_retry_job(bigint) from public, anon;
revoke execute on function public.staff_retry_email(uuid) from public, anon;
grant execute on function public.staff_failed_jobs() to authenticated, service_role;
grant execute on function public.staff_undelivered_emails() to authenticated, service_role;
grant execute on function public.staff_retry_job(bigint) to authenticated, service_role;
grant execute on function public.staff_retry_email(uuid) to authenticated, service_role;
