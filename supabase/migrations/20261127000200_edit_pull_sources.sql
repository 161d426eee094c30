-- A pulled source's settings edited in place (issue 13 §3.2): its name, how often, a feed's
-- address, a connector's key (write-only: null keeps the one stored) and a RescueGroups
-- organization id, in one call, checked as add_pull_source checks them. Before this, a feed's
-- address or an organization id could only be changed by adding a new source (decision 033).
--
-- A new address, key or organization id is a new connection: the failures counted against the
-- old one are forgotten (and its failure email may be sent again), a feed's validators go (the
-- next pull fetches the whole list), and the next pull is due at once.

create or replace function public.update_pull_source(
  source_id uuid,
  name text,
  interval_minutes integer,
  url text default null,
  key_ciphertext text default null,
  org_id text default null
) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.lock_pull_source(update_pull_source.source_id);
  minutes integer := public.require_pull_interval(interval_minutes);
  new_settings jsonb := source.settings;
  new_key text := source.key_ciphertext;
  reconnect boolean := false;
begin
  if source.kind = 'feed' then
    if coalesce(trim(url), '') !~* '^https?://[^/\s]+' or length(url) > 2000 then
      raise exception 'Give the full address of the feed, starting with https://' using errcode = '22023';
    end if;
    if trim(url) is distinct from source.settings ->> 'url' then
      new_settings := jsonb_build_object('url', trim(url));
      reconnect := true;
    end if;
  else
    if update_pull_source.key_ciphertext is not null then
      if update_pull_source.key_ciphertext !~ '^v1\.' then
        raise exception 'Give the new API key' using errcode = '22023';
      end if;
      new_key := update_pull_source.key_ciphertext;
      reconnect := true;
    end if;
    if source.kind = 'rescuegroups' then
      if coalesce(trim(org_id), '') !~ '^[0-9]{1,12}$' then
        raise exception 'Give your RescueGroups organization id (a number)' using errcode = '22023';
      end if;
      if trim(org_id) is distinct from source.settings ->> 'org_id' then
        new_settings := new_settings || jsonb_build_object('org_id', trim(org_id));
        reconnect := true;
      end if;
    end if;
  end if;

  update public.sync_sources s
     set name = public.require_text(update_pull_source.name, 'Give the source a name'),
         pull_interval_minutes = minutes,
         settings = new_settings,
         key_ciphertext = new_key,
         consecutive_failures = case when reconnect then 0 else s.consecutive_failures end,
         last_error = case when reconnect then null else s.last_error end,
         failure_emailed = case when reconnect then false else s.failure_emailed end,
         -- As set_pull_interval: no later than one new interval from now (unless backing off).
         next_run_at = case when reconnect then now()
                            when s.consecutive_failures = 0 then least(coalesce(s.next_run_at, now()), now() + make_interval(mins => minutes))
                            else s.next_run_at end
   where s.id = source.id
  returning * into source;
  return source;
exception
  when unique_violation then
    raise exception 'Your shelter already has a source named %', trim(name) using errcode = '22023';
end
$$;
revoke execute on function public.update_pull_source(uuid, text, integer, text, text, text) from public, anon;
grant execute on function public.update_pull_source(uuid, text, integer, text, text, text) to authenticated, service_role;
