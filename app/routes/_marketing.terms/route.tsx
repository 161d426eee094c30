import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPage } from '#app/components/marketing/legal-page.tsx'
import { termsSections } from '#app/content/legal.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

export async function loader() {
  return json({ supportEmail: getEnv().SUPPORT_EMAIL })
}

export default function TermsPage() {
  const { supportEmail } = useLoaderData<typeof loader>()
  return (
    <LegalPage
      title="Terms of Service"
      intro="These terms explain the rules for using Pawhaven, for adopters and for shelters. Please read them carefully."
      sections={termsSections}
      contactEmail={supportEmail}
    />
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Terms of Service | Pawhaven',
    description: 'The terms that govern the use of Pawhaven by adopters and shelters.',
    path: '/terms',
    siteUrl: siteUrlOf(matches),
  })
