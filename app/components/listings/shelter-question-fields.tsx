// The Apply page's part for a shelter's own questions: one field per question, in the shelter's
// order, showing again what was typed or picked when the page comes back with an error.
import { ErrorList, inputClass } from '#app/components/ui/forms.tsx'
import { ANSWER_MAX, answerField, type ShelterQuestion, type TypedAnswers } from '#app/models/application-questions.ts'

export function ShelterQuestionFields({
  shelterName,
  questions,
  typed,
  errors,
}: {
  shelterName: string
  questions: ShelterQuestion[]
  typed?: TypedAnswers
  errors?: Record<string, string>
}) {
  if (!questions.length) return null
  return (
    <section aria-labelledby="shelter-questions-heading" className="flex flex-col gap-5 rounded-2xl border border-gray-200 p-5">
      <div>
        <h2 id="shelter-questions-heading" className="text-lg font-bold text-gray-900">
          {shelterName}’s questions
        </h2>
        <p className="mt-1 text-gray-700">The shelter asks these on top of your application profile. Required ones are marked.</p>
      </div>
      {questions.map((question) => (
        <QuestionField key={question.id} question={question} typed={typed?.[question.id]} error={errors?.[question.id]} />
      ))}
    </section>
  )
}

function QuestionField({ question, typed, error }: { question: ShelterQuestion; typed?: string | string[]; error?: string }) {
  const name = answerField(question)
  const errorId = error ? `${name}-error` : undefined
  const label = (
    <>
      {question.prompt}
      {question.required ? <span className="font-normal text-gray-600"> (required)</span> : null}
    </>
  )
  const shared = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': errorId,
    'aria-required': question.required || undefined,
  }

  if (question.kind === 'short_text' || question.kind === 'long_text') {
    const value = typeof typed === 'string' ? typed : ''
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={name} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {question.kind === 'short_text' ? (
          <input
            id={name}
            name={name}
            type="text"
            maxLength={ANSWER_MAX.short_text}
            defaultValue={value}
            className={inputClass}
            {...shared}
          />
        ) : (
          <textarea
            id={name}
            name={name}
            rows={4}
            maxLength={ANSWER_MAX.long_text}
            defaultValue={value}
            className={inputClass}
            {...shared}
          />
        )}
        <ErrorList id={errorId} errors={error ? [error] : null} />
      </div>
    )
  }

  const several = question.kind === 'several_of'
  const choices =
    question.kind === 'yes_no'
      ? [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]
      : question.options.map((option) => ({ value: option, label: option }))
  const picked = Array.isArray(typed) ? typed : typed ? [typed] : []
  return (
    <fieldset aria-describedby={errorId} className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-gray-800">
        {label}
        {several ? <span className="font-normal text-gray-600"> (choose any)</span> : null}
      </legend>
      <div className={question.kind === 'yes_no' ? 'flex gap-6' : 'flex flex-col gap-2'}>
        {choices.map((choice, index) => (
          <label key={choice.value} className="flex items-center gap-2 text-gray-800">
            <input
              type={several ? 'checkbox' : 'radio'}
              name={name}
              value={choice.value}
              id={`${name}-${index}`}
              defaultChecked={picked.includes(choice.value)}
              className="h-4 w-4 border-gray-300 text-brand-700 focus:ring-brand-500"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={error ? [error] : null} />
    </fieldset>
  )
}
