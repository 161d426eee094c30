import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPage } from '~/components/marketing/legal-page'
import { privacySections } from '~/content/legal'
import { getEnv } from '~/utils/env.server'
import { seoMeta, siteUrlOf } from '~/utils/seo'

export async function loader() {
  return json({ supportEmail: getEnv().SUPPORT_EMAIL })
}

export default function PrivacyPage() {
  const { supportEmail } = useLoaderData<typeof loader>()
  return (
    <LegalPage
      title="Privacy Policy"
      intro="Your privacy matters to us. This policy describes how Pawhaven collects, uses and protects your information."
      sections={privacySections}
      contactEmail={supportEmail}
    />
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Privacy Policy | Pawhaven',
    description: 'How Pawhaven collects, uses and protects your personal information.',
    path: '/privacy',
    siteUrl: siteUrlOf(matches),
  })
