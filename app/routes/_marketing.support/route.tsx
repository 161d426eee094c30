import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FaqList } from '#app/components/marketing/faq-list.tsx'
import { SupportChannels } from '#app/components/marketing/support-channels.tsx'
import { SupportMessageForm, SupportMessageSent } from '#app/components/marketing/support-message-form.tsx'
import { sendSupportMessage, sentReference } from '#app/models/support-message.server.ts'
import { SystemStatusCard } from '#app/components/marketing/system-status-card.tsx'
import { Container, PageHero, SectionHeading } from '#app/components/marketing/ui.tsx'
import { faqCategories } from '#app/content/faq.ts'
import { serviceStatuses } from '#app/content/system-status.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { SUPPORT_EMAIL, SUPPORT_PHONE } = getEnv()
  return json({
    supportEmail: SUPPORT_EMAIL,
    supportPhone: SUPPORT_PHONE,
    sent: sentReference(request),
    renderedAt: new Date().toISOString(),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  return sendSupportMessage(request, { supportEmail: getEnv().SUPPORT_EMAIL })
}

export default function SupportPage() {
  const { supportEmail, supportPhone, sent, renderedAt } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { pathname } = useLocation()

  return (
    <>
      <PageHero
        eyebrow="Help & Support"
        title="How can we help?"
        lead="Questions about adopting, listing your animals or your account? Our team is here for adopters and shelters alike."
        image={{ src: '/images/support.svg', alt: 'A friendly support agent with a headset, beside a happy dog' }}
      />

      <section aria-labelledby="contact-options" className="py-16">
        <Container>
          <SectionHeading id="contact-options" title="Get in Touch" lead="Choose whichever way suits you best." />
          <div className="mt-10">
            <SupportChannels supportEmail={supportEmail} supportPhone={supportPhone} />
          </div>
        </Container>
      </section>

      <section aria-labelledby="send-message" className="bg-gray-50 py-16">
        <Container className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="send-message" className="text-2xl font-bold text-gray-900">
              Send us a message
            </h2>
            <p className="mb-6 mt-1 text-gray-600">We read every message and reply within 24 hours.</p>
            {sent ? <SupportMessageSent reference={sent} againHref={pathname} /> : <SupportMessageForm lastResult={actionData?.result} />}
          </div>
          <div className="space-y-6">
            <SystemStatusCard statuses={serviceStatuses} renderedAt={renderedAt} />
            <div className="rounded-2xl bg-brand-700 p-6 text-white">
              <h2 className="text-lg font-semibold">Are you a shelter?</h2>
              <p className="mt-2 text-brand-50">
                Once approved, new listings are published in 2-4 hours. See the Getting Started questions below.
              </p>
            </div>
          </div>
        </Container>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 py-16">
        <Container>
          <SectionHeading id="faq-heading" title="Frequently Asked Questions" lead="Quick answers to the questions we hear most." />
          <div className="mt-10">
            <FaqList categories={faqCategories} />
          </div>
        </Container>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Help & Support | Pawhaven',
    description:
      'Get help with Pawhaven: live chat, email and phone support, a message form, answers to common questions and system status.',
    path: '/support',
    siteUrl: siteUrlOf(matches),
  })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
