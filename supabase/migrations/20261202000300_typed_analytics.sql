-- The Analytics tab's figures as rows of composite types, so the generated database types carry
-- them: shelter_analytics() returns a public.analytics_report (the period's days, the totals of
-- this span and the one before as public.activity_totals, the chart's public.daily_activity and
-- one page of public.animal_activity). As for the cards, an attribute whose comment begins
-- "Not null" is typed as never null by `npm run db:types`.

create type public.activity_totals as (
  views bigint,
  favorites bigint,
  shares bigint,
  questions bigint,
  applications bigint
);
comment on type public.activity_totals is 'Views and what they led to, summed over a span of days.';
comment on column public.activity_totals.views is 'Not null.';
comment on column public.activity_totals.favorites is 'Not null.';
comment on column public.activity_totals.shares is 'Not null.';
comment on column public.activity_totals.questions is 'Not null.';
comment on column public.activity_totals.applications is 'Not null.';

create type public.daily_activity as (
  day date,
  views integer,
  actions integer
);
comment on type public.daily_activity is 'One day of the chart: views, and favorites, shares, questions and applications together.';
comment on column public.daily_activity.day is 'Not null.';
comment on column public.daily_activity.views is 'Not null.';
comment on column public.daily_activity.actions is 'Not null.';

create type public.animal_activity as (
  id uuid,
  name text,
  status public.animal_status,
  days_listed integer,
  views integer,
  favorites integer,
  shares integer,
  questions integer,
  applications integer
);
comment on type public.animal_activity is 'A listed animal''s row of the Analytics tab: its all-time tallies and how long it has been listed.';
comment on column public.animal_activity.id is 'Not null.';
comment on column public.animal_activity.name is 'Not null.';
comment on column public.animal_activity.status is 'Not null.';
comment on column public.animal_activity.views is 'Not null.';
comment on column public.animal_activity.favorites is 'Not null.';
comment on column public.animal_activity.shares is 'Not null.';
comment on column public.animal_activity.questions is 'Not null.';
comment on column public.animal_activity.applications is 'Not null.';

create type public.analytics_report as (
  today date,
  period_start date,
  previous_start date,
  current public.activity_totals,
  previous public.activity_totals,
  daily public.daily_activity[],
  listed_count bigint,
  animals public.animal_activity[]
);
comment on type public.analytics_report is 'The Analytics tab: the period, its totals and the span before''s, the chart''s days and one page of the animals listed now.';
comment on column public.analytics_report.today is 'Not null.';
comment on column public.analytics_report.period_start is 'Not null.';
comment on column public.analytics_report.previous_start is 'Not null.';
comment on column public.analytics_report.current is 'Not null.';
comment on column public.analytics_report.previous is 'Not null.';
comment on column public.analytics_report.daily is 'Not null.';
comment on column public.analytics_report.listed_count is 'Not null.';
comment on column public.analytics_report.animals is 'Not null.';

drop function public.shelter_analytics(period_days integer, sort_by text, descending boolean, page_size integer, page_offset integer);
create function public.shelter_analytics(period_days integer DEFAULT 30, sort_by text DEFAULT 'views'::text, descending boolean DEFAULT true, page_size integer DEFAULT 25, page_offset integer DEFAULT 0)
 RETURNS public.analytics_report
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with params as (
    select public.analytics_day() as today,
           least(greatest(coalesce(period_days, 30), 1), 366) as span,
           (select public.my_shelter_id()) as shelter
  ),
  bounds as (
    select today, span, shelter,
           today - span + 1 as period_start,
           today - 2 * span + 1 as previous_start
      from params
  ),
  shelter_days as (
    select s.*
      from public.shelter_daily_stats s, bounds b
     where s.shelter_id = b.shelter and s.day between b.previous_start and b.today
  ),
  totals as (
    select coalesce(sum(d.views) filter (where d.day >= b.period_start), 0) as views,
           coalesce(sum(d.favorites) filter (where d.day >= b.period_start), 0) as favorites,
           coalesce(sum(d.shares) filter (where d.day >= b.period_start), 0) as shares,
           coalesce(sum(d.questions) filter (where d.day >= b.period_start), 0) as questions,
           coalesce(sum(d.applications) filter (where d.day >= b.period_start), 0) as applications,
           coalesce(sum(d.views) filter (where d.day < b.period_start), 0) as previous_views,
           coalesce(sum(d.favorites) filter (where d.day < b.period_start), 0) as previous_favorites,
           coalesce(sum(d.shares) filter (where d.day < b.period_start), 0) as previous_shares,
           coalesce(sum(d.questions) filter (where d.day < b.period_start), 0) as previous_questions,
           coalesce(sum(d.applications) filter (where d.day < b.period_start), 0) as previous_applications
      from bounds b left join shelter_days d on true
  ),
  listed as (
    select a.id, a.name, a.status,
           b.today - (a.published_at at time zone 'America/New_York')::date as days_listed,
           coalesce(t.views, 0) as views, coalesce(t.favorites, 0) as favorites, coalesce(t.shares, 0) as shares,
           coalesce(t.questions, 0) as questions, coalesce(t.applications, 0) as applications
      from public.animals a
     cross join bounds b
      left join public.animal_activity_totals t on t.animal_id = a.id and t.shelter_id = b.shelter
     where a.shelter_id = b.shelter and a.status in ('available', 'pending')
  ),
  sorted as (
    select l.*,
           row_number() over (order by
             case when descending then
               case sort_by when 'favorites' then l.favorites when 'questions' then l.questions
                            when 'days_listed' then coalesce(l.days_listed, 0) else l.views end
             end desc nulls last,
             case when not descending then
               case sort_by when 'favorites' then l.favorites when 'questions' then l.questions
                            when 'days_listed' then coalesce(l.days_listed, 0) else l.views end
             end asc nulls last,
             l.name, l.id) as position
      from listed l
  )
  select row(
    b.today, b.period_start, b.previous_start,
    row(t.views, t.favorites, t.shares, t.questions, t.applications)::public.activity_totals,
    row(t.previous_views, t.previous_favorites, t.previous_shares, t.previous_questions, t.previous_applications)::public.activity_totals,
    array(select row(g.day, coalesce(d.views, 0), coalesce(d.favorites + d.shares + d.questions + d.applications, 0))::public.daily_activity
            from (select s.at::date as day from generate_series(b.period_start, b.today, interval '1 day') as s(at)) as g
            left join shelter_days d on d.day = g.day
           order by g.day),
    (select count(*) from listed),
    array(select row(s.id, s.name, s.status, s.days_listed, s.views, s.favorites, s.shares, s.questions, s.applications)::public.animal_activity
            from sorted s
           where s.position > greatest(page_offset, 0)
             and s.position <= greatest(page_offset, 0) + least(greatest(page_size, 1), 100)
           order by s.position)
  )::public.analytics_report
  from bounds b, totals t
$function$;
revoke execute on function public.shelter_analytics(period_days integer, sort_by text, descending boolean, page_size integer, page_offset integer) from public, anon;
