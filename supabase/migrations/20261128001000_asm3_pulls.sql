-- ShelterManager ASM3 as a pulled source (issue 14 §3, decision 041): the shelter gives its ASM3
-- account number, and for a self-hosted ASM3 its service address; the worker reads the
-- account's adoptable animals from the unauthenticated `json_adoptable_animals_xp` method (no
-- key: the list is the one ASM3 already publishes to anyone who asks). It is the one format the
-- market sends that carries bonded animals (BONDEDANIMALID / BONDEDANIMAL2ID), which the
-- import links as bonded groups (bond_source_animals, 20261127005000_bonded_groups.sql).
--
-- settings: {"account": "ab1234"} and, for a self-hosted ASM3, "service_url". add_pull_source
-- and update_pull_source check both as the app does; an ASM3 source never has a key. The same
-- JSON also comes in as a file (an upload, a feed, an FTP drop): the format 'asm3-json'.

alter table public.sync_sources
  drop constraint sync_sources_kind_check,
  add constraint sync_sources_kind_check check (kind in ('upload', 'feed', 'shelterluv', 'rescuegroups', 'asm3', 'api', 'ftp')),
  drop constraint sync_sources_pull_interval,
  add constraint sync_sources_pull_interval check ((kind in ('feed', 'shelterluv', 'rescuegroups', 'asm3')) = (pull_interval_minutes is not null)),
  -- The same list as a file (an upload, a feed, an FTP drop): app/sync/types.ts SNAPSHOT_FORMATS.
  drop constraint sync_sources_format_check,
  add constraint sync_sources_format_check check (format in ('petfinder', 'adoptapet', 'rescuegroups', 'pawhaven-json', 'asm3-json'));

/** An ASM3 account's settings, checked: the account number and an optional service address. */
create or replace function public.asm3_pull_settings(account text, service_url text) returns jsonb
language plpgsql immutable set search_path = '' as $$
begin
  if coalesce(trim(account), '') !~ '^[A-Za-z0-9_-]{1,50}$' then
    raise exception 'Give your ASM3 account number (letters and digits, e.g. ab1234)' using errcode = '22023';
  end if;
  if coalesce(trim(service_url), '') = '' then
    return jsonb_build_object('account', trim(account));
  end if;
  if trim(service_url) !~* '^https?://[^/\s]+' or length(service_url) > 2000 then
    raise exception 'Give the full address of your ASM3 service, starting with https://' using errcode = '22023';
  end if;
  return jsonb_build_object('account', trim(account), 'service_url', trim(service_url));
end
$$;

/**
 * As in 20261126004000_scheduled_pulls.sql, and an ASM3 account: settings.account (and
 * settings.service_url for a self-hosted ASM3), no key.
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
  elsif kind = 'asm3' then
    kept := public.asm3_pull_settings(kept ->> 'account', kept ->> 'service_url');
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
    raise exception 'A pulled source is a feed, Shelterluv, RescueGroups or ShelterManager ASM3' using errcode = '22023';
  end if;
  insert into public.sync_sources (shelter_id, kind, name, settings, pull_interval_minutes, next_run_at, key_ciphertext)
  values (shelter, kind, public.require_text(name, 'Give the source a name'), kept,
          public.require_pull_interval(interval_minutes), now(),
          case when kind in ('shelterluv', 'rescuegroups') then add_pull_source.key_ciphertext end)
  returning * into source;
  return source;
exception
  when unique_violation then
    raise exception 'Your shelter already has a source named %', trim(name) using errcode = '22023';
end
$$;

/**
 * As in 20261127000200_edit_pull_sources.sql, and an ASM3 source's account and service address
 * (`account`, and `url` for the address: blank is the hosted service). A new account or address
 * is a new connection, as a new key is.
 */
drop function public.update_pull_source(uuid, text, integer, text, text, text);
create function public.update_pull_source(
  source_id uuid,
  name text,
  interval_minutes integer,
  url text default null,
  key_ciphertext text default null,
  org_id text default null,
  account text default null
) returns public.sync_sources
language plpgsql security definer set search_path = '' as $$
declare
  source public.sync_sources := public.lock_pull_source(update_pull_source.source_id);
  minutes integer := public.require_pull_interval(interval_minutes);
  new_settings jsonb := source.settings;
  new_key text := source.key_ciphertext;
  reconnect boolean := false;
  asm3 jsonb;
begin
  if source.kind = 'feed' then
    if coalesce(trim(url), '') !~* '^https?://[^/\s]+' or length(url) > 2000 then
      raise exception 'Give the full address of the feed, starting with https://' using errcode = '22023';
    end if;
    if trim(url) is distinct from source.settings ->> 'url' then
      new_settings := jsonb_build_object('url', trim(url));
      reconnect := true;
    end if;
  elsif source.kind = 'asm3' then
    if update_pull_source.key_ciphertext is not null then
      raise exception 'An ASM3 source has no key' using errcode = '22023';
    end if;
    asm3 := public.asm3_pull_settings(account, url);
    if asm3 ->> 'account' is distinct from source.settings ->> 'account'
       or asm3 ->> 'service_url' is distinct from source.settings ->> 'service_url' then
      new_settings := asm3;
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
revoke execute on function public.update_pull_source(uuid, text, integer, text, text, text, text) from public, anon;
grant execute on function public.update_pull_source(uuid, text, integer, text, text, text, text) to authenticated, service_role;
revoke execute on function public.asm3_pull_settings(text, text) from public, anon, authenticated;
