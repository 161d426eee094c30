-- The stale rule, run by the worker: a listing entered by hand that nobody has confirmed for
-- `listing_stale_after_days` (a settings row, 45 by default) leaves search and alerts (stale_at,
-- which animals_before_write turns into listed = false); its page stays and says so, and any
-- confirmation brings it back. Synced listings are confirmed by every run that sees them.

insert into public.app_settings (key, value) values ('listing_stale_after_days', to_jsonb(45))
on conflict (key) do nothing;

-- One pass as of `at` (now() unless a test moves time): up to batch_size listings marked stale,
-- claimed with SKIP LOCKED so two workers share the work and neither marks a listing twice.
create function public.keep_listings_fresh(at timestamp with time zone default now(), batch_size integer default 200)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  stale_after interval := make_interval(days => coalesce(
    (select (s.value)::integer from public.app_settings s where s.key = 'listing_stale_after_days'), 45));
  handled integer;
begin
  with due as (
    select a.id
      from public.animals a
     where a.source_id is null
       and a.status in ('available', 'pending')
       and a.stale_at is null
       and a.confirmed_at < keep_listings_fresh.at - stale_after
     order by a.confirmed_at
     limit keep_listings_fresh.batch_size
       for update skip locked
  )
  update public.animals a set stale_at = keep_listings_fresh.at from due where a.id = due.id;
  get diagnostics handled = row_count;
  return handled;
end
$function$;
revoke execute on function public.keep_listings_fresh(at timestamp with time zone, batch_size integer) from public, anon, authenticated;

insert into public.job_schedules (name, kind, every) values ('keep_listings_fresh', 'keep_listings_fresh', interval '1 hour')
on conflict (name) do nothing;

-- Found by the stale rule: hand-entered listings in search, oldest confirmation first.
create index animals_unconfirmed_idx on public.animals using btree (confirmed_at)
  where source_id is null and stale_at is null and status in ('available', 'pending');
