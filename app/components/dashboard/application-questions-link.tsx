import { Link } from '@remix-run/react'
import { Card, CardTitle } from '#app/components/dashboard/cards.tsx'

/** Settings' way to the shelter's own application questions. */
export function ApplicationQuestionsLink({ basePath }: { basePath: string }) {
  return (
    <Card className="mt-8">
      <CardTitle id="application-questions-heading">Application questions</CardTitle>
      <p className="mt-2 text-gray-700">
        Ask adopters your own questions on top of their application profile: short or long text, yes or no, one or several of your choices.
      </p>
      <Link to={`${basePath}/settings/questions`} className="mt-3 inline-block font-semibold text-brand-800 underline">
        Your application questions
      </Link>
    </Card>
  )
}
