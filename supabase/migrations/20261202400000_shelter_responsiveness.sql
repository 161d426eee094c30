-- How quickly each shelter answers, shown to adopters: over the last 90 days of applications and
-- questions (conversations), the median time to the shelter's first answer and the share answered
-- within the promise the shelter made for each item (its stored deadline). An item is judged once
-- it is answered or its deadline has passed; one the adopter withdrew or closed before either is
-- not. The figures are kept on the shelter's profile (public, as the rest of a listed profile is),
-- refreshed by the worker every hour, so the pages that show them read no event rows.

alter table public.shelter_profiles
  add column response_judged integer not null default 0,
  add column response_median_hours real,
  add column response_on_time_percent smallint,
  add column response_stats_at timestamptz;

comment on column public.shelter_profiles.response_judged is
  'Applications and questions of the last 90 days that were answered or are past their deadline (refresh_shelter_responsiveness).';
comment on column public.shelter_profiles.response_median_hours is
  'Median hours from an application or question to the shelter''s first answer, over the last 90 days; null with none answered.';
comment on column public.shelter_profiles.response_on_time_percent is
  'Share of the judged items answered within the shelter''s promise, in whole percent; null with none judged.';

create function public.refresh_shelter_responsiveness(at timestamptz default now())
returns integer
language sql
security definer
set search_path = ''
as $$
  with items as (
    select a.shelter_id, a.created_at, a.answer_due_at, a.first_answered_at
      from public.applications a
     where a.created_at >= refresh_shelter_responsiveness.at - interval '90 days'
       and a.created_at <= refresh_shelter_responsiveness.at
       and (a.first_answered_at is not null
            or (a.answer_due_at <= refresh_shelter_responsiveness.at and a.status <> 'withdrawn'))
    union all
    select c.shelter_id, c.created_at, c.answer_due_at, c.first_answered_at
      from public.conversations c
     where c.created_at >= refresh_shelter_responsiveness.at - interval '90 days'
       and c.created_at <= refresh_shelter_responsiveness.at
       and (c.first_answered_at is not null
            or (c.answer_due_at <= refresh_shelter_responsiveness.at
                and (c.closed_at is null or c.closed_at >= c.answer_due_at)))
  ), stats as (
    select i.shelter_id,
           count(*)::integer as judged,
           (percentile_cont(0.5) within group (
              order by extract(epoch from i.first_answered_at - i.created_at) / 3600
            ) filter (where i.first_answered_at is not null))::real as median_hours,
           round(100.0 * count(*) filter (where i.first_answered_at <= i.answer_due_at) / count(*))::smallint as on_time
      from items i
     group by i.shelter_id
  ), updated as (
    update public.shelter_profiles p
       set response_judged = coalesce(s.judged, 0),
           response_median_hours = s.median_hours,
           response_on_time_percent = s.on_time,
           response_stats_at = refresh_shelter_responsiveness.at
      from public.shelter_profiles p2
      left join stats s on s.shelter_id = p2.id
     where p.id = p2.id
       and (p.response_judged, p.response_median_hours, p.response_on_time_percent)
           is distinct from (coalesce(s.judged, 0), s.median_hours, s.on_time)
    returning 1
  )
  select count(*)::integer from updated
$$;
revoke execute on function public.refresh_shelter_responsiveness(at timestamptz) from public, anon, authenticated;
comment on function public.refresh_shelter_responsiveness(at timestamptz) is
  'Recomputes every shelter''s response figures as of `at` (the worker, hourly); returns how many profiles changed.';

-- Staff: shelters answering under half of what they are judged on (5 items or more), the worst first.
create function public.staff_slow_shelters()
returns table (shelter_id uuid, shelter_name text, slug text, city text, state text, response_judged integer,
               response_on_time_percent smallint, response_median_hours real)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_staff();
  return query
  select p.id, p.shelter_name, p.slug, p.city, p.state, p.response_judged, p.response_on_time_percent, p.response_median_hours
    from public.shelter_profiles p
   where p.response_judged >= 5
     and p.response_on_time_percent < 50
   order by p.response_on_time_percent, p.response_judged desc, p.shelter_name
   limit 200;
end
$$;
revoke execute on function public.staff_slow_shelters() from public, anon;
grant execute on function public.staff_slow_shelters() to authenticated;

insert into public.job_schedules (name, kind, every)
values ('refresh_shelter_responsiveness', 'refresh_shelter_responsiveness', interval '1 hour')
on conflict (name) do nothing;
