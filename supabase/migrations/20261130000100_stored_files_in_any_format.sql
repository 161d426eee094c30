-- A stored file can be read in a format other than its source's: a snapshot posted to the push
-- API says its format in the request (?format=), so the API's files wait for the worker like
-- uploads do instead of being read inside the web request. The run keeps that format; null
-- means the source's own. queue_import gains a last parameter, format, so the old one goes.
alter table public.import_runs
  add column format text constraint import_runs_format_check
    check (format in ('petfinder', 'adoptapet', 'rescuegroups', 'pawhaven-json', 'asm3-json'));
comment on column public.import_runs.format is 'The format a stored file is read in when it is not its source''s (a snapshot posted to the API); null: the source''s.';
grant select (format) on table public.import_runs to authenticated;

drop function public.queue_import(uuid, text, text, text, text);

create function public.queue_import(
  source_id uuid, file_path text, config_path text default null, trigger text default 'upload',
  file_name text default null, format text default null
) returns public.import_runs
language plpgsql security definer set search_path = '' as $function$
declare
  source public.sync_sources;
  run public.import_runs;
  folder text;
begin
  select * into source from public.sync_sources s where s.id = queue_import.source_id;
  if source.id is null then
    raise exception 'Source not found' using errcode = 'PT404';
  end if;
  perform public.require_sync_manager(source.shelter_id);
  -- A stored file comes from the browser, the FTP drop or the API; scheduled and confirmed
  -- runs are the database's own (close_interrupted_pulls closes theirs by trigger).
  if queue_import.trigger is null or queue_import.trigger not in ('upload', 'ftp', 'api') then
    raise exception 'A stored file comes by upload, FTP or the API' using errcode = '22023';
  end if;
  folder := '^' || source.id::text || '/[A-Za-z0-9._-]{1,100}$';
  if file_path is null or file_path !~ folder or (config_path is not null and config_path !~ folder) then
    raise exception 'A stored file is named <source id>/<name>' using errcode = '22023';
  end if;
  insert into public.import_runs (source_id, shelter_id, status, trigger, file_name, actor_id, file_path, config_path, format)
  values (source.id, source.shelter_id, 'queued', queue_import.trigger, left(queue_import.file_name, 300), auth.uid(),
          queue_import.file_path, queue_import.config_path, queue_import.format)
  returning * into run;
  perform public.enqueue_job('import_file', jsonb_build_object('run_id', run.id), now(), 'import_file:' || run.id);
  return run;
end
$function$;
revoke execute on function public.queue_import(uuid, text, text, text, text, text) from public, anon;
grant execute on function public.queue_import(uuid, text, text, text, text, text) to authenticated, service_role;
