// Settings › Application questions: the shelter's owners and admins add, change, order and delete
// their own questions, asked on their Apply page after the shared application profile.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/dashboard/cards.tsx'
import { ShelterQuestionsEditor, type QuestionFormReply } from '#app/components/dashboard/shelter-questions-editor.tsx'
import { questionFormSchema } from '#app/models/application-questions.ts'
import {
  QuestionRefusal,
  addShelterQuestion,
  deleteShelterQuestion,
  getShelterQuestions,
  moveShelterQuestion,
  updateShelterQuestion,
} from '#app/models/application-questions.server.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { minRole: 'admin' })
  return json({ basePath, questions: await getShelterQuestions(supabase, profile.id) }, { headers })
}

const DONE = { add: 'Question added', save: 'Question saved', delete: 'Question deleted', up: 'Question moved', down: 'Question moved' }

export async function action({ request, params }: ActionFunctionArgs) {
  const { profile, supabase, headers, basePath } = await requireShelter(request, params, { minRole: 'admin' })
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  const here = `${basePath}/settings/questions`
  if (!Object.hasOwn(DONE, intent)) return json({ reply: null, error: 'Unknown action' }, { status: 400, headers })
  const done = () => redirectWithToast(here, { type: 'success', description: DONE[intent as keyof typeof DONE] }, { headers }, request)

  if (intent === 'delete') {
    if (!(await deleteShelterQuestion(supabase, id))) throw new Response('Question not found', { status: 404, headers })
    return done()
  }
  if (intent === 'up' || intent === 'down') {
    await moveShelterQuestion(supabase, id, intent === 'up')
    return done()
  }

  const raw = Object.fromEntries(['prompt', 'kind', 'options', 'required'].map((name) => [name, form.get(name) ?? undefined]))
  const values = {
    prompt: String(raw.prompt ?? '').slice(0, 1000),
    kind: String(raw.kind ?? ''),
    options: String(raw.options ?? '').slice(0, 10_000),
    required: raw.required === 'on',
  }
  const refuse = (fieldErrors: QuestionFormReply['fieldErrors'], formErrors: string[] = []) =>
    json(
      { reply: { formId: intent === 'add' ? 'new' : id, values, fieldErrors, formErrors } satisfies QuestionFormReply, error: null },
      {
        status: 400,
        headers,
      },
    )
  const parsed = questionFormSchema.safeParse(raw)
  if (!parsed.success) return refuse(parsed.error.flatten().fieldErrors as QuestionFormReply['fieldErrors'])
  try {
    if (intent === 'add') await addShelterQuestion(supabase, profile.id, parsed.data)
    else if (!(await updateShelterQuestion(supabase, id, parsed.data))) throw new Response('Question not found', { status: 404, headers })
  } catch (error) {
    if (error instanceof QuestionRefusal) return refuse({}, [error.message])
    throw error
  }
  return done()
}

export default function ApplicationQuestionsSettings() {
  const { basePath, questions } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="max-w-3xl">
      <Link to={`${basePath}/settings`} className="text-sm font-semibold text-brand-800 underline">
        Back to Settings
      </Link>
      <div className="mt-3">
        <PageHeader
          title="Application questions"
          description="Your own questions, asked on your Apply page after the application profile every adopter fills in once. Up to 15, in the order you set."
        />
      </div>
      {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
      <ShelterQuestionsEditor questions={questions} reply={actionData?.reply ?? undefined} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Application questions | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
