import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { Icon } from '#app/components/marketing/icons.tsx'
import { buttonStyles, Container, PageHero } from '#app/components/marketing/ui.tsx'
import { formatMonthYear } from '#app/content/dates.ts'
import { successStories, type SuccessStory } from '#app/content/stories.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

export default function SuccessStoriesPage() {
  return (
    <>
      <PageHero
        eyebrow="Success Stories"
        title="Happy tails, new beginnings"
        lead="Every adoption is a story of a second chance. Meet some of the pets and families who found each other."
      >
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/search" className={buttonStyles.primary}>
            <Icon name="search" className="h-4 w-4" /> Find Your Pet
          </Link>
          <Link to="/contact?subject=general_inquiry" className={buttonStyles.secondary}>
            <Icon name="heart" className="h-4 w-4" /> Share Your Story
          </Link>
        </div>
      </PageHero>

      <section aria-label="Adoption stories" className="pb-16 pt-4">
        <Container>
          <ul className="grid gap-8 lg:grid-cols-2">
            {successStories.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} />
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="your-story" className="bg-brand-50 py-16">
        <Container className="text-center">
          <h2 id="your-story" className="text-3xl font-bold text-gray-900">
            Your story could be next
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-gray-700">
            Thousands of pets are waiting for a family. Start your search today, and when you bring your new friend home, tell us how it
            went.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/search" className={buttonStyles.primary}>
              Find Your Pet
            </Link>
            <Link to="/contact?subject=general_inquiry" className={buttonStyles.secondary}>
              Share Your Story
            </Link>
          </div>
        </Container>
      </section>
    </>
  )
}

function StoryCard({ story }: { story: SuccessStory }) {
  const headingId = `story-${story.id}`
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <div className="grid grid-cols-2">
        <figure className="relative">
          <img
            src={story.beforeImage}
            alt={`${story.petName} at the shelter, before adoption`}
            width={320}
            height={240}
            className="aspect-[4/3] w-full"
          />
          <figcaption className="absolute left-3 top-3 rounded-full bg-gray-900/80 px-2.5 py-0.5 text-xs font-semibold text-white">
            Before
          </figcaption>
        </figure>
        <figure className="relative">
          <img
            src={story.afterImage}
            alt={`${story.petName} at home with ${story.family}`}
            width={320}
            height={240}
            className="aspect-[4/3] w-full"
          />
          <figcaption className="absolute left-3 top-3 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            After
          </figcaption>
        </figure>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h2 id={headingId} className="text-2xl font-bold text-gray-900">
          {story.petName}
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Adopted by <span className="font-semibold text-gray-800">{story.family}</span> ·{' '}
          <time dateTime={story.date}>{formatMonthYear(story.date)}</time>
        </p>
        <p className="mt-4 text-gray-700">{story.story}</p>
      </div>
    </article>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Success Stories | Pawhaven',
    description: 'Before-and-after stories of shelter pets and the families who adopted them through Pawhaven.',
    path: '/success-stories',
    siteUrl: siteUrlOf(matches),
  })
