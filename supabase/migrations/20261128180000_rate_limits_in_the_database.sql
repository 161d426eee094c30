-- Limits that protect the site count in the database, so that every app server shares them:
-- the push API's requests per key, the support and newsletter forms per visitor, saved-search
-- changes per account. Counted in process memory before, N app servers allowed N times each
-- limit. A counter per limit, key and window of time; a sliding window is estimated from the
-- current window and the one before it, weighted by how much of it still falls within the last
-- window's length (the estimate Cloudflare's limiter uses). Keys are stored as sha256 hashes,
-- not in clear (an address's hash can still be found by trying every address: the counters are
-- the service role's alone, and go within two days).

create table public.rate_limit_counts (
  bucket text not null check (length(bucket) between 1 and 100),
  key_hash text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, key_hash, window_start)
);
comment on table public.rate_limit_counts is 'Hits per limit, hashed key and fixed window; only take_rate_limit touches it.';
alter table public.rate_limit_counts enable row level security;
revoke all on public.rate_limit_counts from public, anon, authenticated;

/**
 * Records one attempt at `bucket` by `key` when it is within `max_hits` in any `window_seconds`,
 * and says so; when it is not, records nothing and says how many seconds until one more fits.
 * Concurrent attempts for one key wait on its row, so servers cannot both take the last hit.
 */
create function public.take_rate_limit(bucket text, key text, max_hits integer, window_seconds integer, at_time timestamptz default null)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  -- The time is the caller's only in tests; otherwise now, as the database's clock has it.
  now_epoch double precision := extract(epoch from coalesce(at_time, clock_timestamp()));
  started double precision;
  elapsed double precision;
  hashed text := encode(sha256(convert_to(coalesce(key, ''), 'UTF8')), 'hex');
  current_hits integer;
  previous_hits integer;
  wait double precision;
begin
  if max_hits is null or max_hits < 1 or window_seconds is null or window_seconds not between 1 and 86400 then
    raise exception 'A limit needs at least one hit and a window of 1 s to a day' using errcode = '22023';
  end if;
  started := floor(now_epoch / window_seconds) * window_seconds;
  elapsed := (now_epoch - started) / window_seconds;
  insert into public.rate_limit_counts as c (bucket, key_hash, window_start)
  values (take_rate_limit.bucket, hashed, to_timestamp(started))
  on conflict on constraint rate_limit_counts_pkey do nothing;
  select c.hits into current_hits from public.rate_limit_counts c
   where c.bucket = take_rate_limit.bucket and c.key_hash = hashed and c.window_start = to_timestamp(started)
     for update;
  select coalesce(max(c.hits), 0) into previous_hits from public.rate_limit_counts c
   where c.bucket = take_rate_limit.bucket and c.key_hash = hashed and c.window_start = to_timestamp(started - window_seconds);

  -- (A hair of slack: 3 × (1 - 1/3) must not come out as 2.0000000000000004.)
  if previous_hits * (1 - elapsed) + current_hits + 1 <= max_hits + 1e-9 then
    update public.rate_limit_counts c set hits = c.hits + 1
     where c.bucket = take_rate_limit.bucket and c.key_hash = hashed and c.window_start = to_timestamp(started);
    -- This key's windows older than the one before this one are never read again.
    delete from public.rate_limit_counts c
     where c.bucket = take_rate_limit.bucket and c.key_hash = hashed and c.window_start < to_timestamp(started - window_seconds);
    return query select true, 0;
    return;
  end if;

  if current_hits + 1 <= max_hits then
    -- Room comes in this window, as the one before it weighs less.
    wait := ((1 - (max_hits - 1 - current_hits)::double precision / previous_hits) - elapsed) * window_seconds;
  else
    -- This window alone is full: room comes in the next, as this one weighs less there.
    wait := (1 - elapsed) * window_seconds + greatest(0, 1 - (max_hits - 1)::double precision / current_hits) * window_seconds;
  end if;
  return query select false, greatest(1, ceil(wait - 1e-9)::integer);
end
$$;
revoke execute on function public.take_rate_limit(text, text, integer, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, text, integer, integer, timestamptz) to service_role;

/** Counters of keys that stopped coming back: every day, by the worker's schedule. */
create function public.forget_rate_limits() returns integer
language sql security definer set search_path = '' as $$
  with gone as (delete from public.rate_limit_counts c where c.window_start < now() - interval '2 days' returning 1)
  select count(*)::integer from gone
$$;
revoke execute on function public.forget_rate_limits() from public, anon, authenticated;
grant execute on function public.forget_rate_limits() to service_role;

insert into public.job_schedules (name, kind, every) values ('forget_rate_limits', 'forget_rate_limits', interval '1 day')
on conflict (name) do nothing;
