import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPage } from '#app/components/marketing/legal-page.tsx'
import { privacySections } from '#app/content/legal.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

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
