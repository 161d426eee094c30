import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'
import { isSupportSubject } from '#app/models/public-forms.ts'
import { SupportChannels } from '#app/components/marketing/support-channels.tsx'
import { SupportMessageForm, SupportMessageSent } from '#app/components/marketing/support-message-form.tsx'
import { sendSupportMessage, sentReference } from '#app/models/support-message.server.ts'
import { Container, PageHero, SectionHeading } from '#app/components/marketing/ui.tsx'
import { getEnv } from '#app/utils/env.server.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { SUPPORT_EMAIL, SUPPORT_PHONE } = getEnv()
  // Other pages link here with a subject chosen, e.g. 'Share Your Story' on /success-stories.
  const subject = new URL(request.url).searchParams.get('subject')
  return json({
    supportEmail: SUPPORT_EMAIL,
    supportPhone: SUPPORT_PHONE,
    sent: sentReference(request),
    subject: isSupportSubject(subject) ? subject : null,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  return sendSupportMessage(request, { supportEmail: getEnv().SUPPORT_EMAIL })
}

export default function ContactPage() {
  const { supportEmail, supportPhone, sent, subject } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { pathname } = useLocation()

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lead="Whether you are looking for a pet, run a shelter, or have a story to share, we would love to hear from you."
      />

      <section aria-labelledby="ways-to-reach-us" className="pb-4 pt-12">
        <Container>
          <h2 id="ways-to-reach-us" className="sr-only">
            Ways to reach us
          </h2>
          <SupportChannels supportEmail={supportEmail} supportPhone={supportPhone} />
        </Container>
      </section>

      <section aria-labelledby="contact-form-heading" className="py-12">
        <Container className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <div id="contact-form" className="scroll-mt-24 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
            <SectionHeading id="contact-form-heading" align="left" title="Send us a message" />
            <p className="mb-6 mt-2 text-gray-600">Fill in the form and our team will reply within 24 hours.</p>
            {sent ? (
              <SupportMessageSent reference={sent} againHref={pathname} />
            ) : (
              <SupportMessageForm lastResult={actionData?.result} defaultSubject={subject} />
            )}
          </div>
          <aside aria-labelledby="before-you-write" className="space-y-6">
            <div className="rounded-2xl bg-brand-50 p-6">
              <h2 id="before-you-write" className="text-lg font-semibold text-gray-900">
                Before you write
              </h2>
              <p className="mt-2 text-gray-700">Many questions are already answered in our help center.</p>
              <Link to="/support#faq" className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline">
                Read the FAQ <Icon name="arrow-right" className="h-4 w-4" />
              </Link>
            </div>
            <div className="rounded-2xl border border-gray-200 p-6">
              <h2 className="text-lg font-semibold text-gray-900">Looking for a pet?</h2>
              <p className="mt-2 text-gray-700">
                Questions about a specific animal are best answered by its shelter. Find their details in the shelter directory.
              </p>
              <Link to="/shelter-directory" className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline">
                Shelter Directory <Icon name="arrow-right" className="h-4 w-4" />
              </Link>
            </div>
          </aside>
        </Container>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Contact Us | Pawhaven',
    description: 'Contact the Pawhaven team by email, phone or our message form. We reply within 24 hours.',
    path: '/contact',
    siteUrl: siteUrlOf(matches),
  })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
