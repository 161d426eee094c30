-- Two things the container's supervision needs from the database (decision 045).
--
-- Heartbeats: each worker process writes one row every ~10 s while it runs, so /healthz can
-- tell a running worker from one that died or hangs. The host column is the machine (the
-- container) the worker runs on: an app container that supervises its own worker asks about
-- its own host, not about any worker anywhere. Nobody reads or writes the table but through
-- the functions, and only the service role may call them.
--
-- release_job: a worker stopped with SIGTERM (docker stop) hands back the jobs it stopped
-- mid-way, so another worker takes them at once instead of after the lease runs out; the run
-- it gave up does not count as an attempt.
create table public.worker_heartbeats (
  worker text primary key check (length(worker) between 1 and 200),
  host_name text not null check (length(host_name) between 1 and 255),
  started_at timestamptz not null default now(),
  beat_at timestamptz not null default now()
);
comment on table public.worker_heartbeats is 'One row per running worker process, written every ~10 s (record_worker_heartbeat); read by /healthz.';
create index worker_heartbeats_host_idx on public.worker_heartbeats (host_name, beat_at desc);
alter table public.worker_heartbeats enable row level security;
revoke all on public.worker_heartbeats from anon, authenticated;

-- Records a beat (or, with stopping, removes the worker's row); rows silent for a day are
-- workers that died without saying so, and go.
create or replace function public.record_worker_heartbeat(worker_name text, host text, stopping boolean default false)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(length(worker_name), 0) = 0 or coalesce(length(host), 0) = 0 then
    raise exception 'worker_name and host are required' using errcode = '22023';
  end if;
  if stopping then
    delete from public.worker_heartbeats where worker = worker_name;
    return;
  end if;
  insert into public.worker_heartbeats (worker, host_name) values (worker_name, host)
  on conflict (worker) do update set beat_at = now(), host_name = excluded.host_name;
  delete from public.worker_heartbeats where beat_at < now() - interval '1 day';
end;
$$;

-- Seconds since the last beat of any worker on `host` (any host when null); null when there is
-- no row (a worker that stops removes its own; rows a day old go when any worker beats).
-- Counted by the database's clock, so app and worker clocks need not agree.
create or replace function public.last_worker_heartbeat_age(host text default null)
returns double precision
language sql stable security definer set search_path = '' as $$
  select extract(epoch from now() - max(h.beat_at))::double precision
    from public.worker_heartbeats h
   where last_worker_heartbeat_age.host is null or h.host_name = last_worker_heartbeat_age.host;
$$;

create or replace function public.release_job(job_id bigint, worker_name text)
returns boolean
language sql security definer set search_path = '' as $$
  with released as (
    update public.jobs
       set locked_by = null, locked_until = null, attempts = greatest(attempts - 1, 0)
     where id = job_id and locked_by = worker_name and failed_at is null
    returning 1
  )
  select exists (select 1 from released);
$$;

revoke execute on function public.record_worker_heartbeat(text, text, boolean) from public, anon, authenticated;
revoke execute on function public.last_worker_heartbeat_age(text) from public, anon, authenticated;
revoke execute on function public.release_job(bigint, text) from public, anon, authenticated;
grant execute on function public.record_worker_heartbeat(text, text, boolean) to service_role;
grant execute on function public.last_worker_heartbeat_age(text) to service_role;
grant execute on function public.release_job(bigint, text) to service_role;
