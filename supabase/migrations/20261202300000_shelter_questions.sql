-- A shelter's own questions, asked on its Apply page after the shared application profile.
-- Owners and admins write them (Settings); the team reads them; a signed-in person reads a listed
-- shelter's, since they are part of its application form. An application carries what was asked
-- and answered in its snapshot (question text and options copied), so editing or deleting a
-- question later never changes an application already sent.

create domain public.application_question_kind as text
  check (value in ('short_text', 'long_text', 'yes_no', 'one_of', 'several_of'));

create table public.shelter_questions (
  id uuid primary key default gen_random_uuid(),
  shelter_id uuid not null references public.shelter_profiles (id) on delete cascade,
  position smallint not null default 0,
  kind public.application_question_kind not null,
  prompt text not null check (length(prompt) between 1 and 200 and prompt = trim(prompt)),
  options text[] not null default '{}',
  required boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Choices are for the two choice kinds only, 2 to 20 of them.
  constraint shelter_questions_options_check check (
    case when kind in ('one_of', 'several_of') then cardinality(options) between 2 and 20
         else cardinality(options) = 0 end)
);
create index shelter_questions_shelter_idx on public.shelter_questions (shelter_id, position, created_at);
comment on table public.shelter_questions is
  'A shelter''s own application questions (at most 15), in order; answers are copied into each application''s snapshot.';

alter table public.shelter_questions enable row level security;
revoke all on table public.shelter_questions from anon, authenticated;
grant select, delete on table public.shelter_questions to authenticated;
grant insert (shelter_id, kind, prompt, options, required) on table public.shelter_questions to authenticated;
grant update (position, kind, prompt, options, required) on table public.shelter_questions to authenticated;

create policy "the team and signed-in adopters of listed shelters read questions" on public.shelter_questions
  for select to authenticated
  using (shelter_id = (select public.my_shelter_id())
         or exists (select 1 from public.shelter_profiles p where p.id = shelter_questions.shelter_id and p.listed));
create policy "owners and admins add questions" on public.shelter_questions for insert to authenticated
  with check (shelter_id = (select public.my_shelter_id('admin')));
create policy "owners and admins change questions" on public.shelter_questions for update to authenticated
  using (shelter_id = (select public.my_shelter_id('admin')))
  with check (shelter_id = (select public.my_shelter_id('admin')));
create policy "owners and admins delete questions" on public.shelter_questions for delete to authenticated
  using (shelter_id = (select public.my_shelter_id('admin')));

-- The rules a check constraint cannot hold: each choice's text, and at most 15 per shelter (the
-- shelter's row is locked so two inserts at once cannot both be the 15th). A new question goes last.
create function public.shelter_questions_check()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from unnest(new.options) o where o is null or length(o) not between 1 and 100 or o <> trim(o)) then
    raise exception 'Each choice needs 1 to 100 characters' using errcode = '22023';
  end if;
  if cardinality(new.options) <> (select count(distinct o) from unnest(new.options) o) then
    raise exception 'Each choice must be different' using errcode = '22023';
  end if;
  if tg_op = 'INSERT' then
    perform 1 from public.shelter_profiles p where p.id = new.shelter_id for update;
    if (select count(*) from public.shelter_questions q where q.shelter_id = new.shelter_id) >= 15 then
      raise exception 'A shelter can ask at most 15 questions' using errcode = '22023';
    end if;
    new.position := coalesce((select max(q.position) + 1 from public.shelter_questions q where q.shelter_id = new.shelter_id), 0);
  end if;
  return new;
end
$$;
revoke execute on function public.shelter_questions_check() from public, anon, authenticated;

create trigger shelter_questions_check before insert or update on public.shelter_questions
  for each row execute function public.shelter_questions_check();
create trigger shelter_questions_updated_at before update on public.shelter_questions
  for each row execute function public.set_updated_at();

-- Moves a question one place up or down, swapping it with its neighbour. As the caller, so the
-- update policy decides who may.
create function public.move_shelter_question(question_id uuid, up boolean)
returns void
language sql
set search_path = ''
as $$
  with me as (
    select q.id, q.shelter_id, q.position from public.shelter_questions q where q.id = move_shelter_question.question_id
  ), neighbour as (
    select q.id, q.position
      from public.shelter_questions q, me
     where q.shelter_id = me.shelter_id and q.id <> me.id
       and case when move_shelter_question.up then q.position < me.position else q.position > me.position end
     order by case when move_shelter_question.up then -q.position else q.position end, q.created_at
     limit 1
  )
  update public.shelter_questions q
     set position = case when q.id = me.id then neighbour.position else me.position end
    from me, neighbour
   where q.id in (me.id, neighbour.id);
$$;
revoke execute on function public.move_shelter_question(question_id uuid, up boolean) from public, anon;

-- Sends an application with the answers to the shelter's own questions: `answers` maps a
-- question's id to its answer (text; 'yes' or 'no'; one choice; an array of choices). Each answer
-- is checked against the question as it is now; a required one left blank refuses the
-- application. The questions, as asked, and their answers go into the snapshot.
create function public.submit_application_with_answers(animal_id uuid, note text default null, answers jsonb default '{}')
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  given jsonb := coalesce(answers, '{}');
  shelter uuid;
  question record;
  answer jsonb;
  value jsonb;
  asked jsonb := '[]';
  application public.applications;
begin
  if jsonb_typeof(given) <> 'object' then
    raise exception 'Answers must be an object of question ids' using errcode = '22023';
  end if;
  select a.shelter_id into shelter from public.animals a where a.id = submit_application_with_answers.animal_id and a.listed;
  for question in
    select q.* from public.shelter_questions q where q.shelter_id = shelter order by q.position, q.created_at
  loop
    answer := given -> question.id::text;
    value := null;
    if answer is not null and jsonb_typeof(answer) not in ('string', 'array', 'null') then
      raise exception 'Answer “%” with text', question.prompt using errcode = '22023';
    end if;
    if question.kind in ('short_text', 'long_text') then
      if jsonb_typeof(answer) = 'string' and trim(answer #>> '{}') <> '' then
        if length(trim(answer #>> '{}')) > (case when question.kind = 'short_text' then 200 else 2000 end) then
          raise exception 'Keep your answer to “%” to % characters', question.prompt,
            (case when question.kind = 'short_text' then '200' else '2,000' end) using errcode = '22023';
        end if;
        value := to_jsonb(trim(answer #>> '{}'));
      end if;
    elsif question.kind in ('yes_no', 'one_of') then
      if jsonb_typeof(answer) = 'string' and answer #>> '{}' <> '' then
        if not (answer #>> '{}') = any (case when question.kind = 'yes_no' then array['yes', 'no'] else question.options end) then
          raise exception 'Choose one of the answers offered for “%”', question.prompt using errcode = '22023';
        end if;
        value := answer;
      end if;
    else
      if jsonb_typeof(answer) = 'string' and answer #>> '{}' <> '' then
        answer := jsonb_build_array(answer);
      end if;
      if jsonb_typeof(answer) = 'array' and jsonb_array_length(answer) > 0 then
        if exists (select 1 from jsonb_array_elements(answer) c
                    where jsonb_typeof(c) <> 'string' or not (c #>> '{}') = any (question.options)) then
          raise exception 'Choose among the answers offered for “%”', question.prompt using errcode = '22023';
        end if;
        -- In the question's order, each once.
        select jsonb_agg(o order by n) into value
          from unnest(question.options) with ordinality as c (o, n)
         where answer ? o;
      end if;
    end if;
    if value is null and question.required then
      raise exception 'Answer “%”: the shelter needs it', question.prompt using errcode = '22023';
    end if;
    asked := asked || jsonb_build_array(jsonb_build_object(
      'id', question.id, 'kind', question.kind, 'prompt', question.prompt, 'options', to_jsonb(question.options),
      'required', question.required, 'answer', value));
  end loop;

  application := public.submit_application(submit_application_with_answers.animal_id, note);
  if jsonb_array_length(asked) > 0 then
    update public.applications a set snapshot = a.snapshot || jsonb_build_object('shelter_questions', asked)
     where a.id = application.id
    returning * into application;
  end if;
  return application;
end
$$;
revoke execute on function public.submit_application_with_answers(animal_id uuid, note text, answers jsonb) from public, anon;
