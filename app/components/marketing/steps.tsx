import type { Benefit, Step } from '#app/content/journeys.ts'
import { Icon } from '#app/components/marketing/icons.tsx'

/** Numbered steps as an ordered list: the order is the point. */
export function StepList({ steps, headingLevel = 'h3' }: { steps: readonly Step[]; headingLevel?: 'h3' | 'h4' }) {
  const Heading = headingLevel
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <Icon name={step.icon} className="h-6 w-6" />
            </span>
            <span className="text-sm font-semibold text-brand-700">Step {index + 1}</span>
          </div>
          <Heading className="mt-4 text-xl font-semibold text-gray-900">{step.title}</Heading>
          <p className="mt-2 text-gray-600">{step.text}</p>
        </li>
      ))}
    </ol>
  )
}

export function BenefitList({ benefits }: { benefits: readonly Benefit[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {benefits.map((benefit) => (
        <li key={benefit.title} className="flex gap-3">
          <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-700">
            <Icon name="check" className="h-4 w-4" />
          </span>
          <div>
            <p className="font-semibold text-gray-900">{benefit.title}</p>
            <p className="text-gray-600">{benefit.text}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
