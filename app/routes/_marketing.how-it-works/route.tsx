import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { Icon, type IconName } from '#app/components/marketing/icons.tsx'
import { BenefitList, StepList } from '#app/components/marketing/steps.tsx'
import { buttonStyles, Container, PageHero, SectionHeading } from '#app/components/marketing/ui.tsx'
import { adopterBenefits, adopterSteps, shelterBenefits, shelterSteps } from '#app/content/journeys.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

const promises: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  { icon: 'heart', title: 'Free for everyone', text: 'We charge nothing to shelters or adopters, and we never process adoption fees.' },
  { icon: 'shield', title: 'Vetted shelters', text: 'Our team personally meets every shelter before it can publish a single listing.' },
  {
    icon: 'sync',
    title: 'Always up to date',
    text: 'Listings sync from the software shelters already use, so what you see is who is waiting.',
  },
]

export default function HowItWorksPage() {
  return (
    <>
      <PageHero
        eyebrow="How It Works"
        title="Adoption made simple, for everyone"
        lead="Pawhaven connects people looking for a pet with the shelters and rescues caring for them. Here is how it works on each side."
        image={{ src: '/images/home-pets.svg', alt: 'A dog and a cat in front of a cozy home' }}
      />

      <section aria-labelledby="for-adopters" className="py-16">
        <Container>
          <SectionHeading id="for-adopters" eyebrow="For adopters" title="Find your new best friend" />
          <div className="mt-10">
            <StepList steps={adopterSteps} />
          </div>
          <div className="mt-10 rounded-2xl bg-gray-50 p-6 sm:p-8">
            <h3 className="text-lg font-semibold text-gray-900">Why adopters love Pawhaven</h3>
            <div className="mt-4">
              <BenefitList benefits={adopterBenefits} />
            </div>
          </div>
          <p className="mt-8 text-center">
            <Link to="/search" className={buttonStyles.primary}>
              Start Your Search
            </Link>
          </p>
        </Container>
      </section>

      <section aria-labelledby="for-shelters" className="bg-brand-50 py-16">
        <Container>
          <SectionHeading id="for-shelters" eyebrow="For shelters and rescues" title="Reach more adopters, free" />
          <div className="mt-10">
            <StepList steps={shelterSteps} />
          </div>
          <div className="mt-10 rounded-2xl bg-white p-6 sm:p-8">
            <h3 className="text-lg font-semibold text-gray-900">What shelters get</h3>
            <div className="mt-4">
              <BenefitList benefits={shelterBenefits} />
            </div>
          </div>
          <p className="mt-8 text-center">
            <Link to="/join" className={buttonStyles.primary}>
              Get Started as a Shelter
            </Link>
          </p>
        </Container>
      </section>

      <section aria-labelledby="our-promise" className="py-16">
        <Container>
          <SectionHeading id="our-promise" title="Our promise" />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {promises.map((promise) => (
              <li key={promise.title} className="rounded-2xl border border-gray-200 p-6 text-center">
                <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                  <Icon name={promise.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-gray-900">{promise.title}</h3>
                <p className="mt-2 text-gray-600">{promise.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 text-center text-gray-700">
            Still have questions?{' '}
            <Link to="/support#faq" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
              Read the FAQ
            </Link>{' '}
            or{' '}
            <Link to="/contact" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
              contact us
            </Link>
            .
          </p>
        </Container>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'How It Works | Pawhaven',
    description: 'How Pawhaven works for adopters and shelters: search, connect and adopt, or list your animals free with automatic sync.',
    path: '/how-it-works',
    siteUrl: siteUrlOf(matches),
  })
