import type { FaqCategory } from '#app/content/faq.ts'
import { Icon } from '#app/components/marketing/icons.tsx'

/** FAQ accordions as native <details>: keyboard, screen readers and no-JavaScript all work. */
export function FaqList({ categories }: { categories: readonly FaqCategory[] }) {
  return (
    <div className="grid gap-10 lg:grid-cols-3">
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`faq-${category.id}`}>
          <h3 id={`faq-${category.id}`} className="text-xl font-semibold text-gray-900">
            {category.title}
          </h3>
          <div className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
            {category.items.map((item) => (
              <details key={item.question} className="group px-5 py-4">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded font-medium text-gray-900 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <Icon name="chevron-down" className="mt-0.5 h-5 w-5 text-gray-500 transition-transform group-open:rotate-180" />
                </summary>
                <p className="mt-3 text-gray-600">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
