// The answers to a shelter's own questions in a sent application, each under the question as it
// was asked (the snapshot's copy, so a question changed since reads as the adopter saw it).
import { answerText, type SentAnswer } from '#app/models/application-questions.ts'
import { cn } from '#app/utils/misc.ts'

export function ShelterQuestionAnswers({
  answers,
  title,
  headingLevel = 'h3',
}: {
  answers: SentAnswer[]
  title: string
  headingLevel?: 'h2' | 'h3' | 'h4'
}) {
  if (!answers.length) return null
  const Heading = headingLevel
  return (
    <section aria-labelledby="answers-shelter-questions" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <Heading id="answers-shelter-questions" className="text-base font-semibold text-gray-900">
        {title}
      </Heading>
      <dl className="mt-3 divide-y divide-gray-100">
        {answers.map((sent) => {
          const text = answerText(sent)
          return (
            <div key={sent.id} className="grid gap-1 py-2 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm font-medium text-gray-600">{sent.prompt}</dt>
              <dd className={cn('whitespace-pre-line break-words text-gray-900', sent.answer === null && 'italic text-gray-500')}>
                {text}
              </dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}
