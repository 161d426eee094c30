import { Link } from '@remix-run/react'
import { type LegalSection, legalLastUpdated } from '#app/content/legal.ts'
import { Container } from '#app/components/marketing/ui.tsx'

/** The shared layout of /privacy and /terms: title, date, contents and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
  contactEmail,
}: {
  title: string
  intro: string
  sections: readonly LegalSection[]
  contactEmail: string
}) {
  return (
    <Container className="py-12 sm:py-16">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Legal</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-gray-900">{title}</h1>
        <p className="mt-2 text-gray-600">
          Last updated: <time dateTime="2024-03-01">{legalLastUpdated}</time>
        </p>
        <p className="mt-6 text-lg text-gray-700">{intro}</p>

        <nav aria-label="Contents" className="mt-8 rounded-2xl bg-gray-50 p-6">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-gray-900">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-1 pl-5 text-brand-800 sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-24">
            <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-gray-900">
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-gray-700">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-700">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}

        <section aria-labelledby="contact-heading" className="mt-10 rounded-2xl border border-gray-200 p-6">
          <h2 id="contact-heading" className="text-xl font-bold text-gray-900">
            Contact Us
          </h2>
          <p className="mt-2 text-gray-700">
            Questions about this page? Email{' '}
            <a href={`mailto:${contactEmail}`} className="font-semibold text-brand-800 underline">
              {contactEmail}
            </a>{' '}
            or use our{' '}
            <Link to="/contact" className="font-semibold text-brand-800 underline">
              contact form
            </Link>
            .
          </p>
        </section>
      </div>
    </Container>
  )
}
