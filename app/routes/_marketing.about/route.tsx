import type { MetaFunction } from '@remix-run/node'
import { Link, useNavigate, useSearchParams } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Icon } from '#app/components/marketing/icons.tsx'
import { BenefitList, StepList } from '#app/components/marketing/steps.tsx'
import { buttonStyles, Container, PageHero, SectionHeading } from '#app/components/marketing/ui.tsx'
import { adopterBenefits, adopterSteps, shelterBenefits, shelterSteps, type Benefit, type Step } from '#app/content/journeys.ts'
import { cn } from '#app/utils/misc.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

type Tab = 'adopter' | 'shelter'

const tabs: ReadonlyArray<{
  id: Tab
  label: string
  heading: string
  steps: readonly Step[]
  benefits: readonly Benefit[]
  cta: { to: string; label: string }
}> = [
  {
    id: 'adopter',
    label: "I'm an Adopter",
    heading: 'Find your perfect companion in three steps',
    steps: adopterSteps,
    benefits: adopterBenefits,
    cta: { to: '/search', label: 'Start Your Search' },
  },
  {
    id: 'shelter',
    label: "I'm a Shelter",
    heading: 'Reach more adopters in three steps',
    steps: shelterSteps,
    benefits: shelterBenefits,
    cta: { to: '/join', label: 'Get Started as a Shelter' },
  },
]

const tabHref = (tab: Tab) => (tab === 'shelter' ? '/about?tab=shelter' : '/about')

export default function AboutPage() {
  const [searchParams] = useSearchParams()
  const active: Tab = searchParams.get('tab') === 'shelter' ? 'shelter' : 'adopter'
  const navigate = useNavigate()
  const hydrated = useHydrated()

  // The tabs are links, so they work without JavaScript; with it, arrow keys move between them.
  function onTabKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return
    event.preventDefault()
    const index = tabs.findIndex((tab) => tab.id === active)
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tabs.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length
    const nextTab = tabs[next]
    if (!nextTab) return
    navigate(tabHref(nextTab.id), { replace: true, preventScrollReset: true })
    document.getElementById(`tab-${nextTab.id}`)?.focus()
  }

  return (
    <>
      <PageHero
        eyebrow="About Pawhaven"
        title="Connecting every adoptable pet with a loving home"
        lead="Pawhaven is a free platform that brings together adoptable animals from shelters and rescues across the US, so adopters can find them and shelters can find families."
        image={{ src: '/images/home-pets.svg', alt: 'A dog and a cat in front of a cozy home' }}
      />

      <section aria-labelledby="how-pawhaven-works" className="py-16">
        <Container>
          <SectionHeading id="how-pawhaven-works" title="How Pawhaven works for you" />
          {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the WAI-ARIA tabs pattern: each tab is focusable (roving tabindex) and the tablist only handles their arrow keys by delegation */}
          <div
            role="tablist"
            aria-label="Choose your role"
            onKeyDown={onTabKeyDown}
            className="mx-auto mt-8 flex w-fit rounded-full bg-gray-100 p-1"
          >
            {tabs.map((tab) => {
              const selected = tab.id === active
              return (
                <Link
                  key={tab.id}
                  id={`tab-${tab.id}`}
                  to={tabHref(tab.id)}
                  replace
                  preventScrollReset
                  role="tab"
                  aria-selected={selected}
                  aria-controls={`panel-${tab.id}`}
                  tabIndex={hydrated && !selected ? -1 : undefined}
                  className={cn(
                    'rounded-full px-4 py-2.5 text-sm font-semibold transition-colors sm:px-6',
                    selected ? 'bg-white text-brand-800 shadow' : 'text-gray-700 hover:text-gray-900',
                  )}
                >
                  {tab.label}
                </Link>
              )
            })}
          </div>

          {tabs.map((tab) => (
            <div
              key={tab.id}
              id={`panel-${tab.id}`}
              role="tabpanel"
              aria-labelledby={`tab-${tab.id}`}
              hidden={tab.id !== active}
              className="mt-10"
            >
              <h3 className="text-center text-2xl font-bold text-gray-900">{tab.heading}</h3>
              <div className="mt-8">
                <StepList steps={tab.steps} headingLevel="h4" />
              </div>
              <div className="mt-10 rounded-2xl bg-gray-50 p-6 sm:p-8">
                <h4 className="text-lg font-semibold text-gray-900">Benefits</h4>
                <div className="mt-4">
                  <BenefitList benefits={tab.benefits} />
                </div>
              </div>
              <p className="mt-8 text-center">
                <Link to={tab.cta.to} className={buttonStyles.primary}>
                  {tab.cta.label} <Icon name="arrow-right" className="h-4 w-4" />
                </Link>
              </p>
            </div>
          ))}
        </Container>
      </section>

      <section aria-labelledby="mission" className="bg-brand-50 py-16">
        <Container className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading id="mission" eyebrow="Why we exist" align="left" title="Our Mission" />
            <p className="mt-4 text-lg text-gray-700">
              Millions of animals enter U.S. shelters every year, and too many are never seen by the people who would love them. Our mission
              is to make every adoptable animal easy to find, whatever its species, age or location, and to make adoption the first choice
              for every family.
            </p>
            <p className="mt-4 text-lg text-gray-700">
              Pawhaven charges nothing to shelters or adopters and does not process adoption fees. Shelters keep their own process; we
              simply help the right people find them.
            </p>
            <p className="mt-6 text-xl font-bold text-brand-800">Adopt, Don't Shop. Save Lives.</p>
          </div>
          <img
            src="/images/hero.svg"
            alt="A dog, a cat and a rabbit together under a heart"
            width={520}
            height={430}
            className="mx-auto w-full max-w-md"
          />
        </Container>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'About Us & Our Mission | Pawhaven',
    description:
      'Pawhaven connects adopters with shelters and rescues across the US, free for everyone. Learn how it works and why we exist.',
    path: '/about',
    siteUrl: siteUrlOf(matches),
  })
