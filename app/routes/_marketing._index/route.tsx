import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AnimalCard } from '#app/components/listings/animal-card.tsx'
import { inputClass } from '#app/components/ui/forms.tsx'
import { CardRow, ComingSoonCard } from '#app/components/marketing/animal-cards.tsx'
import { Icon } from '#app/components/marketing/icons.tsx'
import { StepList } from '#app/components/marketing/steps.tsx'
import { buttonStyles, Container, SectionHeading } from '#app/components/marketing/ui.tsx'
import { heroSelectOptions } from '#app/content/animals.ts'
import { adopterSteps } from '#app/content/journeys.ts'
import { shelterStatistics2023, type ShelterStatistic } from '#app/content/statistics.ts'
import { cn, combineHeaders } from '#app/utils/misc.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'
import { organization, website } from '#app/utils/structured-data.ts'
import {
  getPublicSupabase,
  homeResponseHeaders,
  homeRows,
  json,
  listingHeaders,
  PRIVATE_CACHE_CONTROL,
  savedAmong,
  supportContact,
} from '#app/routes/_marketing._index/home.server.ts'

// The two rows: live animals (newest first, then those waiting longest); the spec's
// placeholder cards (8, then 6) only while there are no listings at all.
const listingRows = [
  {
    id: 'newest-arrivals',
    key: 'newest',
    title: 'Newest Arrivals',
    lead: 'Pets who just arrived at shelters near you.',
    cards: 8,
    href: '/search',
    what: 'pets',
  },
  {
    id: 'waiting-longest',
    key: 'waitingLongest',
    title: 'Waiting the Longest',
    lead: 'Overlooked friends who have waited longest for a family.',
    cards: 6,
    href: '/search?sort=oldest',
    what: 'pets waiting longest',
  },
] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const supabase = getPublicSupabase()
  try {
    const rows = await homeRows(supabase, request)
    const favorites = await savedAmong(
      request,
      [...rows.newest, ...rows.waitingLongest].map((animal) => animal.id),
    )
    return json(
      { ...rows, saved: favorites.saved, support: supportContact() },
      { headers: combineHeaders(homeResponseHeaders(request), favorites.headers) },
    )
  } catch {
    // The front page stays up when listings cannot be read; such a page is never cached.
    return json(
      { newest: [], newestNear: null, waitingLongest: [], saved: null, support: supportContact() },
      { headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } },
    )
  }
}

/** As every listing page (`Vary: Cookie`: here the newest row depends on the last-place cookie too). */
export const headers = listingHeaders

export default function HomePage() {
  const rows = useLoaderData<typeof loader>()
  return (
    <>
      <Hero />
      <Statistics />
      <section aria-labelledby="how-it-works" className="py-16 sm:py-20">
        <Container>
          <SectionHeading id="how-it-works" eyebrow="How It Works" title="Three steps to your new best friend" />
          <div className="mt-12">
            <StepList steps={adopterSteps} />
          </div>
          <p className="mt-10 text-center">
            <Link to="/how-it-works" className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline">
              Learn more about how Pawhaven works <Icon name="arrow-right" className="h-4 w-4" />
            </Link>
          </p>
        </Container>
      </section>
      {/* Near the last place searched, the newest row's lead and link say where. */}
      {listingRows
        .map((plain) => ({ ...plain, ...(plain.key === 'newest' ? rows.newestNear : null) }))
        .map((row, index) => (
          <section key={row.id} aria-labelledby={row.id} className={cn('py-12', index === 0 ? 'bg-gray-50' : 'bg-white')}>
            <Container>
              <SectionHeading id={row.id} align="left" title={row.title} lead={row.lead} />
              <div className="mt-8">
                <CardRow label={`${row.title} listings`}>
                  {rows[row.key].length
                    ? rows[row.key].map((animal) => (
                        <div key={animal.id} className="w-60 shrink-0 snap-start sm:w-64">
                          <AnimalCard animal={animal} saved={rows.saved ? rows.saved.includes(animal.id) : null} />
                        </div>
                      ))
                    : Array.from({ length: row.cards }, (_, index) => <ComingSoonCard key={index} />)}
                </CardRow>
                {rows[row.key].length ? (
                  <p className="mt-2">
                    <Link to={row.href} className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline">
                      See all {row.what} <Icon name="arrow-right" className="h-4 w-4" />
                    </Link>
                  </p>
                ) : null}
              </div>
            </Container>
          </section>
        ))}
      <ShelterCallToAction />
      <Mission />
    </>
  )
}

function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-amber-50 to-white">
      <Container className="grid items-center gap-10 py-12 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
            <Icon name="heart" className="h-4 w-4" /> Free for adopters and shelters
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-gray-900 sm:text-6xl">
            Adopt, Don't Shop. <span className="text-brand-700">Save Lives.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-gray-700">
            Find adoptable dogs, cats, rabbits, reptiles and more from shelters and rescues across the US, all in one place.
          </p>
          <Form
            method="get"
            action="/search"
            aria-label="Search for pets"
            className="mt-8 grid gap-3 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-gray-100 sm:grid-cols-[1.4fr_1fr_auto] sm:items-end"
          >
            <div className="flex flex-col gap-1">
              <label htmlFor="hero-location" className="text-sm font-medium text-gray-800">
                Location
              </label>
              <input id="hero-location" name="location" type="text" placeholder="City, state or ZIP" className={cn(inputClass, 'h-11')} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="hero-type" className="text-sm font-medium text-gray-800">
                Animal type
              </label>
              <select id="hero-type" name="type" className={cn(inputClass, 'h-11')} defaultValue="">
                {heroSelectOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={cn(buttonStyles.primary, 'h-11 rounded-md')}>
              <Icon name="search" className="h-4 w-4" /> Search
            </button>
          </Form>
        </div>
        <img
          src="/images/hero.svg"
          alt="A happy dog, a cat and a rabbit together under a heart"
          width={560}
          height={460}
          className="mx-auto w-full max-w-md lg:max-w-xl"
        />
      </Container>
    </section>
  )
}

const toneStyles: Record<ShelterStatistic['tone'], string> = {
  neutral: 'text-gray-900',
  good: 'text-green-700',
  bad: 'text-red-700',
  urgent: 'text-brand-700',
}

function Statistics() {
  return (
    <section aria-labelledby="shelter-statistics" className="border-y border-gray-100 bg-white py-16">
      <Container>
        <SectionHeading
          id="shelter-statistics"
          eyebrow="2023 U.S. Shelter Statistics"
          title="Why adoption matters"
          lead="Every adoption opens a space for another animal in need."
        />
        <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {shelterStatistics2023.map((statistic) => (
            <div key={statistic.label} className="flex flex-col rounded-2xl bg-gray-50 p-6 text-center">
              <dt className="order-2 mt-1 font-semibold text-gray-900">{statistic.label}</dt>
              <dd className={cn('order-1 text-4xl font-extrabold tracking-tight sm:text-5xl', toneStyles[statistic.tone])}>
                {statistic.value}
              </dd>
              <dd className="order-3 mt-1 text-sm text-gray-600">{statistic.detail}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  )
}

function ShelterCallToAction() {
  return (
    <section aria-labelledby="for-shelters" className="py-16 sm:py-20">
      <Container>
        <div className="grid items-center gap-10 overflow-hidden rounded-3xl bg-brand-800 px-6 py-10 text-white sm:px-12 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">For shelters and rescues</p>
            <h2 id="for-shelters" className="mt-2 text-3xl font-bold sm:text-4xl">
              List your animals on Pawhaven, free
            </h2>
            <p className="mt-4 max-w-xl text-lg text-brand-50">
              Connect the animal-management software you already use and your listings sync automatically. No fees for you or for adopters,
              ever.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/join" className={buttonStyles.inverse}>
                Join as a Shelter
              </Link>
              <Link to="/login" className={buttonStyles.outlineInverse}>
                Shelter Login
              </Link>
            </div>
          </div>
          <img src="/images/shelter.svg" alt="" width={420} height={320} className="mx-auto w-full max-w-sm" />
        </div>
      </Container>
    </section>
  )
}

function Mission() {
  return (
    <section aria-labelledby="our-mission" className="bg-brand-50 py-16 sm:py-20">
      <Container className="grid items-center gap-10 lg:grid-cols-2">
        <img
          src="/images/home-pets.svg"
          alt="A dog and a cat in front of a cozy home"
          width={520}
          height={400}
          className="mx-auto w-full max-w-md"
        />
        <div>
          <SectionHeading id="our-mission" eyebrow="Our Mission" align="left" title="Every adoptable animal deserves to be found" />
          <p className="mt-4 text-lg text-gray-700">
            Pawhaven brings every kind of adoptable pet, from every shelter and rescue, into one search, so no animal is overlooked because
            it was listed in the wrong place. We charge nothing to shelters or adopters and we never process adoption fees: our only goal is
            more animals in loving homes.
          </p>
          <Link to="/about" className={cn(buttonStyles.primary, 'mt-8')}>
            Read Our Mission
          </Link>
        </div>
      </Container>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = siteUrlOf(matches)
  return seoMeta({
    title: "Pawhaven - Adopt, Don't Shop. Save Lives.",
    description:
      'Find adoptable dogs, cats, rabbits, reptiles and more from shelters and rescues across the US. Free for adopters and shelters.',
    path: '/',
    siteUrl: site,
    jsonLd: [website(site), organization(site, data?.support ?? { email: 'support@pawhaven.org', telephone: '(555) 010-7297' })],
  })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
