// Settings › Application questions: the shelter's own questions, each with its form to change it,
// move it and delete it, and a form to add one. Plain forms posting an `intent`, so every step
// works without JavaScript; a form that failed comes back open with what was typed.
import { Form } from '@remix-run/react'
import { buttonClass, Card, CardTitle } from '#app/components/dashboard/cards.tsx'
import { Field, FormErrorBox, SelectField, SubmitButton, TextareaField } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import {
  MAX_OPTIONS,
  MAX_QUESTIONS,
  PROMPT_MAX,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type ShelterQuestion,
} from '#app/models/application-questions.ts'

/** What a form sent that was refused: which form, its values and the errors per field. */
export type QuestionFormReply = {
  formId: string
  values: { prompt: string; kind: string; options: string; required: boolean }
  fieldErrors: Partial<Record<'prompt' | 'kind' | 'options', string[]>>
  formErrors: string[]
}

const KIND_OPTIONS = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }))

export function ShelterQuestionsEditor({ questions, reply }: { questions: ShelterQuestion[]; reply?: QuestionFormReply }) {
  const full = questions.length >= MAX_QUESTIONS
  return (
    <div className="flex flex-col gap-6">
      {questions.length ? (
        <ol aria-label="Your questions" className="flex flex-col gap-4">
          {questions.map((question, index) => (
            <li key={question.id}>
              <QuestionCard
                question={question}
                number={index + 1}
                first={index === 0}
                last={index === questions.length - 1}
                reply={reply?.formId === question.id ? reply : undefined}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-gray-700">You ask no questions of your own yet: adopters send only their application profile.</p>
      )}
      <Card>
        <CardTitle id="add-question-heading">Add a question</CardTitle>
        {full ? (
          <p className="mt-2 text-gray-700">You ask {MAX_QUESTIONS} questions, the most you can. Delete one to add another.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-gray-600">
              {questions.length} of {MAX_QUESTIONS} questions. Adopters answer them on your Apply page, after their application profile.
            </p>
            <QuestionForm formId="new" reply={reply?.formId === 'new' ? reply : undefined} key={questions.length} />
          </>
        )}
      </Card>
    </div>
  )
}

function QuestionCard({
  question,
  number,
  first,
  last,
  reply,
}: {
  question: ShelterQuestion
  number: number
  first: boolean
  last: boolean
  reply?: QuestionFormReply
}) {
  const submitting = useIsSubmitting()
  const headingId = `question-${question.id}-heading`
  return (
    <Card>
      <h2 id={headingId} className="text-base font-semibold text-gray-900">
        <span className="text-gray-500">{number}.</span> {question.prompt}
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {QUESTION_KIND_LABELS[question.kind]} · {question.required ? 'Required' : 'Optional'}
      </p>
      {question.options.length ? (
        <ul className="mt-2 list-disc pl-6 text-sm text-gray-800">
          {question.options.map((option) => (
            <li key={option}>{option}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" className="contents">
          <input type="hidden" name="id" value={question.id} />
          {first ? null : (
            <button type="submit" name="intent" value="up" className={buttonClass.secondary} disabled={submitting}>
              Move up<span className="sr-only">: {question.prompt}</span>
            </button>
          )}
          {last ? null : (
            <button type="submit" name="intent" value="down" className={buttonClass.secondary} disabled={submitting}>
              Move down<span className="sr-only">: {question.prompt}</span>
            </button>
          )}
          <button type="submit" name="intent" value="delete" className={buttonClass.secondary} disabled={submitting}>
            Delete<span className="sr-only">: {question.prompt}</span>
          </button>
        </Form>
      </div>
      <details className="mt-3" open={reply ? true : undefined}>
        <summary className="cursor-pointer font-semibold text-brand-800 underline">
          Edit<span className="sr-only">: {question.prompt}</span>
        </summary>
        <p className="mt-2 text-sm text-gray-600">Applications already sent keep the question as it was asked.</p>
        <QuestionForm formId={question.id} question={question} reply={reply} />
      </details>
    </Card>
  )
}

function QuestionForm({ formId, question, reply }: { formId: string; question?: ShelterQuestion; reply?: QuestionFormReply }) {
  const submitting = useIsSubmitting()
  const values = reply?.values ?? {
    prompt: question?.prompt ?? '',
    kind: question?.kind ?? 'short_text',
    options: question?.options.join('\n') ?? '',
    required: question?.required ?? false,
  }
  const id = (field: string) => `${formId}-${field}`
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="id" value={formId} />
      <FormErrorBox errors={reply?.formErrors} />
      <Field
        labelProps={{ children: 'Question' }}
        inputProps={{ id: id('prompt'), name: 'prompt', defaultValue: values.prompt, maxLength: PROMPT_MAX, required: true }}
        errors={reply?.fieldErrors.prompt}
      />
      <SelectField
        labelProps={{ children: 'How adopters answer' }}
        selectProps={{ id: id('kind'), name: 'kind', defaultValue: values.kind }}
        options={KIND_OPTIONS}
        errors={reply?.fieldErrors.kind}
      />
      <TextareaField
        labelProps={{
          children: `Choices, one a line, 2 to ${MAX_OPTIONS} (for “${QUESTION_KIND_LABELS.one_of}” and “${QUESTION_KIND_LABELS.several_of}”)`,
        }}
        textareaProps={{
          id: id('options'),
          name: 'options',
          rows: 4,
          defaultValue: values.options,
        }}
        errors={reply?.fieldErrors.options}
      />
      <div className="flex items-center gap-2">
        <input
          id={id('required')}
          type="checkbox"
          name="required"
          defaultChecked={values.required}
          className="h-4 w-4 rounded border-gray-300 text-brand-700 focus:ring-brand-500"
        />
        <label htmlFor={id('required')} className="text-sm font-medium text-gray-800">
          Required: an application cannot be sent without an answer
        </label>
      </div>
      <div>
        <SubmitButton name="intent" value={question ? 'save' : 'add'} pending={submitting}>
          {question ? 'Save question' : 'Add question'}
        </SubmitButton>
      </div>
    </Form>
  )
}
