-- An application's status and the dashboard tab it belongs in, as domains (decision 066), so the
-- generated types carry their unions. The tab is generated from the status: it is made again.
create domain public.application_status as text
  check (value in ('submitted', 'in_review', 'approved', 'adopted', 'rejected', 'withdrawn', 'closed'));
create domain public.application_stage as text check (value in ('pending', 'approved', 'rejected'));

alter table public.applications drop column stage;
alter table public.applications drop constraint applications_status_check;
alter table public.applications alter column status type public.application_status;
alter table public.applications add column stage public.application_stage generated always as (
  case when status in ('submitted', 'in_review') then 'pending'
       when status in ('approved', 'adopted') then 'approved'
       else 'rejected' end) stored not null;
create index applications_shelter_stage_idx on public.applications (shelter_id, stage, created_at desc, id desc);
