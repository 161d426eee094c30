-- Scheduled pulls (issue 13 §3.2, decision 033): a feed URL, a Shelterluv key or a RescueGroups
-- key that Pawhaven fetches every few minutes (15 by default, 5 at least) as a background job.
--
-- The connector's key is encrypted at rest in Node (AES-256-GCM with SYNC_SECRET_KEY from the
-- environment, app/sync/connector-keys.ts): the database only ever holds ciphertext, in a column
-- no client is granted. The feed's URL and its validators (ETag, Last-Modified) and a
-- RescueGroups org id live in settings, which only owners and admins read (sync_source_setting).
--
-- One job_schedules row (schedule_pulls, every minute) enqueues a pull_source job for each due,
-- unpaused source, one pending per source. The job reports back through finish_pull: a success
-- resets the failures; a failure moves the next run out (the interval × 2^failures, at most a
-- day) and the third in a row emails the owners and admins, once until the next success.

alter table public.sync_sources
  add column pull_interval_minutes integer check (pull_interval_minutes between 5 and 1440),
  add column paused boolean not null default false,
  add column next_run_at timestamptz,
  add column last_pulled_at timestamptz,
  add column consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
  add column last_error text check (length(last_error) <= 2000),
  add column failure_emailed boolean not null default false,
  -- 'v1.<iv>.<tag>.<ciphertext>' (base64url); never plaintext, never granted to a client.
  add column key_ciphertext text check (length(key_ciphertext) <= 4000),
  add column has_key boolean generated always as (key_ciphertext is not null) stored,
  add constraint sync_sources_pull_interval check ((kind in ('feed', 'shelterluv', 'rescuegroups')) = (pull_interval_minutes is not null));
comment on column public.sync_sources.key_ciphertext is 'A connector''s API key, encrypted with SYNC_SECRET_KEY (app/sync/connector-keys.ts); only the service role reads it.';
create index sync_sources_due_idx on public.sync_sources (next_run_at) where pull_interval_minutes is not null and not paused;

grant select (pull_interval_minutes, paused, next_run_at, last_pulled_at, consecutive_failures, last_error, has_key)
  on public.sync_sources to authenticated;

/** The source, locked, when it is a pull source the caller manages; else an error. */
create or replace function public.lock_pull_source(source_id uuid) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources;
begin
  select * into source from public.sync_sources s where s.id = lock_pull_source.source_id for update;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'P0002';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  if source.pull_interval_minutes is null then
    raise exception 'This source is not pulled on a schedule' using errcode = '22023';
  end if;
  return source;
end
$$;
revoke execute on function public.lock_pull_source(uuid) from public, anon, authenticated;

create or replace function public.require_pull_interval(minutes integer) returns integer
language plpgsql immutable set search_path = '' as $$
begin
  if minutes is null or minutes < 5 or minutes > 1440 then
    raise exception 'Choose an interval between 5 minutes and 24 hours' using errcode = '22023';
  end if;
  return minutes;
end
$$;

/**
 * Adds a pull source to the caller's shelter (an owner or admin): a feed (its URL) or a
 * connector (its key, already encrypted by the app; RescueGroups also needs settings.org_id).
 * Its first pull is due at once.
 */
create or replace function public.add_pull_source(
  kind text,
  name text,
  interval_minutes integer default 15,
  url text default null,
  key_ciphertext text default null,
  settings jsonb default '{}'
) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  shelter uuid := public.my_shelter_id('admin');
  source public.sync_sources;
  kept jsonb := coalesce(add_pull_source.settings, '{}');
begin
  if shelter is null then
    raise exception 'Only the owners and admins of a shelter manage its listing sync' using errcode = '42501';
  end if;
  if kind = 'feed' then
    if coalesce(trim(url), '') !~* '^https?://[^/\s]+' or length(url) > 2000 then
      raise exception 'Give the full address of the feed, starting with https://' using errcode = '22023';
    end if;
    kept := jsonb_build_object('url', trim(url));
  elsif kind in ('shelterluv', 'rescuegroups') then
    if key_ciphertext is null or key_ciphertext !~ '^v1\.' then
      raise exception 'Give the API key your % account issued', case kind when 'shelterluv' then 'Shelterluv' else 'RescueGroups' end
        using errcode = '22023';
    end if;
    if kind = 'rescuegroups' then
      if coalesce(kept ->> 'org_id', '') !~ '^[0-9]{1,12}$' then
        raise exception 'Give your RescueGroups organization id (a number)' using errcode = '22023';
      end if;
      kept := jsonb_build_object('org_id', kept ->> 'org_id');
    else
      kept := '{}';
    end if;
  else
    raise exception 'A pulled source is a feed, Shelterluv or RescueGroups' using errcode = '22023';
  end if;
  insert into public.sync_sources (shelter_id, kind, name, settings, pull_interval_minutes, next_run_at, key_ciphertext)
  values (shelter, kind, public.require_text(name, 'Give the source a name'), kept,
          public.require_pull_interval(interval_minutes), now(), case when kind = 'feed' then null else add_pull_source.key_ciphertext end)
  returning * into source;
  return source;
exception
  when unique_violation then
    raise exception 'Your shelter already has a source named %', trim(name) using errcode = '22023';
end
$$;

/** Pauses a pull source (nothing is pulled on schedule), or resumes it (due at once). */
create or replace function public.set_pull_source_paused(source_id uuid, paused boolean) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.lock_pull_source(set_pull_source_paused.source_id);
begin
  update public.sync_sources s
     set paused = coalesce(set_pull_source_paused.paused, false),
         next_run_at = case when coalesce(set_pull_source_paused.paused, false) then s.next_run_at else now() end
   where s.id = source.id
  returning * into source;
  return source;
end
$$;

/** Changes how often a source is pulled; the next run comes no later than one new interval from now. */
create or replace function public.set_pull_interval(source_id uuid, interval_minutes integer) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.lock_pull_source(set_pull_interval.source_id);
  minutes integer := public.require_pull_interval(interval_minutes);
begin
  update public.sync_sources s
     set pull_interval_minutes = minutes,
         next_run_at = case when s.consecutive_failures = 0
                            then least(coalesce(s.next_run_at, now()), now() + make_interval(mins => minutes))
                            else s.next_run_at end
   where s.id = source.id
  returning * into source;
  return source;
end
$$;

/** Replaces a connector's key (encrypted by the app); the next pull is due at once. */
create or replace function public.replace_pull_source_key(source_id uuid, key_ciphertext text) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.lock_pull_source(replace_pull_source_key.source_id);
begin
  if source.kind not in ('shelterluv', 'rescuegroups') then
    raise exception 'Only a connector has a key' using errcode = '22023';
  end if;
  if key_ciphertext is null or key_ciphertext !~ '^v1\.' then
    raise exception 'Give the new API key' using errcode = '22023';
  end if;
  update public.sync_sources s set key_ciphertext = replace_pull_source_key.key_ciphertext, next_run_at = now()
   where s.id = source.id
  returning * into source;
  return source;
end
$$;

/** 'Run now': a pull job at once (even for a paused source: a person asked), one pending per source. */
create or replace function public.run_pull_source_now(source_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.lock_pull_source(run_pull_source_now.source_id);
begin
  perform public.enqueue_job('pull_source', jsonb_build_object('source_id', source.id, 'trigger', 'manual'), now(),
                             'pull_source:' || source.id);
end
$$;

revoke execute on function public.add_pull_source(text, text, integer, text, text, jsonb),
  public.set_pull_source_paused(uuid, boolean), public.set_pull_interval(uuid, integer),
  public.replace_pull_source_key(uuid, text), public.run_pull_source_now(uuid) from public, anon;
grant execute on function public.add_pull_source(text, text, integer, text, text, jsonb),
  public.set_pull_source_paused(uuid, boolean), public.set_pull_interval(uuid, integer),
  public.replace_pull_source_key(uuid, text), public.run_pull_source_now(uuid) to authenticated, service_role;

-- The worker's side ------------------------------------------------------------------------------

/**
 * Enqueues a pull_source job for each due, unpaused pull source (one pending per source) and
 * moves its next run one interval on, so a job that never reports back is retried then, not
 * every minute. Returns how many sources were due.
 */
create or replace function public.enqueue_due_pulls() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  due integer;
begin
  with picked as (
    select s.id from public.sync_sources s
     where s.pull_interval_minutes is not null and not s.paused and s.next_run_at <= now()
     for update skip locked
  ),
  moved as (
    update public.sync_sources s
       set next_run_at = now() + make_interval(mins => s.pull_interval_minutes)
      from picked where s.id = picked.id
    returning s.id
  )
  select count(public.enqueue_job('pull_source', jsonb_build_object('source_id', m.id, 'trigger', 'schedule'), now(),
                                  'pull_source:' || m.id))
    into due from moved m;
  return due;
end
$$;
revoke execute on function public.enqueue_due_pulls() from public, anon, authenticated;
grant execute on function public.enqueue_due_pulls() to service_role;

/**
 * What a pull came to. A success resets the failures and keeps the settings given (the feed's
 * new validators); a failure moves the next run out by the interval × 2^failures (at most 24
 * hours), and at the third in a row the owners and admins get one email until a success.
 */
create or replace function public.finish_pull(source_id uuid, succeeded boolean, error text default null, settings jsonb default '{}')
returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources;
  failures integer;
  emailed_before boolean;
begin
  select * into source from public.sync_sources s where s.id = finish_pull.source_id for update;
  if source.id is null or source.pull_interval_minutes is null then
    raise exception 'Pull source not found' using errcode = 'P0002';
  end if;
  emailed_before := source.failure_emailed;
  if succeeded then
    update public.sync_sources s
       set consecutive_failures = 0, last_error = null, failure_emailed = false, last_pulled_at = now(),
           next_run_at = now() + make_interval(mins => s.pull_interval_minutes),
           settings = s.settings || coalesce(finish_pull.settings, '{}')
     where s.id = source.id
    returning * into source;
    return source;
  end if;
  failures := source.consecutive_failures + 1;
  update public.sync_sources s
     set consecutive_failures = failures, last_error = left(coalesce(finish_pull.error, 'The pull failed'), 2000),
         last_pulled_at = now(),
         next_run_at = now() + least(interval '24 hours', make_interval(mins => s.pull_interval_minutes) * power(2, least(failures, 20))),
         failure_emailed = s.failure_emailed or failures >= 3
   where s.id = source.id
  returning * into source;
  -- Once per streak of failures: failure_emailed was false before this one.
  if failures >= 3 and emailed_before is false then
    perform public.email_shelter_team(source.shelter_id, 'admin', 'sync_pull_failing', jsonb_build_object(
      'source_id', source.id, 'source_name', source.name, 'failures', failures, 'error', source.last_error,
      'next_run_at', source.next_run_at));
  end if;
  return source;
end
$$;
revoke execute on function public.finish_pull(uuid, boolean, text, jsonb) from public, anon, authenticated;
grant execute on function public.finish_pull(uuid, boolean, text, jsonb) to service_role;

insert into public.job_schedules (name, kind, every) values ('schedule_pulls', 'schedule_pulls', interval '1 minute')
on conflict (name) do nothing;
