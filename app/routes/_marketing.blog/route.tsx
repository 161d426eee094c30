import type { MetaFunction } from '@remix-run/node'
import { Link, useSearchParams } from '@remix-run/react'
import { Icon } from '#app/components/marketing/icons.tsx'
import { Container, PageHero } from '#app/components/marketing/ui.tsx'
import { articleCategories, articlesFor, categoryName, isArticleCategory, type Article } from '#app/content/articles.ts'
import { formatLongDate } from '#app/content/dates.ts'
import { cn } from '#app/utils/misc.ts'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

// The chips are links (?category=…): they filter without JavaScript, can be shared, and with
// JavaScript they switch instantly, since the page has no loader to wait for.
export default function BlogPage() {
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('category')
  const category = isArticleCategory(requested) ? requested : null
  const { featured, others } = articlesFor(category)
  const chips = [{ slug: null, name: 'All' }, ...articleCategories]

  return (
    <>
      <PageHero
        eyebrow="Pet-Care Resources"
        title="The Pawhaven Blog"
        lead="Practical advice from vets, trainers and shelter staff for every stage of life with your adopted pet."
      />
      <Container className="pb-20">
        <nav aria-label="Article categories">
          <ul className="flex flex-wrap justify-center gap-2">
            {chips.map((chip) => {
              const active = chip.slug === category
              return (
                <li key={chip.name}>
                  <Link
                    to={chip.slug ? `/blog?category=${chip.slug}` : '/blog'}
                    preventScrollReset
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'inline-block rounded-full border px-4 py-2 text-sm font-medium transition-colors',
                      active
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-gray-300 bg-white text-gray-700 hover:border-brand-300 hover:bg-brand-50',
                    )}
                  >
                    {chip.name}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>

        <section aria-label={category ? `${categoryName(category)} articles` : 'All articles'} className="mt-10">
          {featured ? <FeaturedArticle article={featured} /> : null}
          {others.length ? (
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((article) => (
                <li key={article.slug}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </Container>
    </>
  )
}

function ArticleMeta({ article }: { article: Article }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
      <span className="font-medium text-gray-800">{article.author}</span>
      <time dateTime={article.date}>{formatLongDate(article.date)}</time>
      <span className="inline-flex items-center gap-1">
        <Icon name="clock" className="h-4 w-4" /> {article.readTime}
      </span>
    </p>
  )
}

function CategoryBadge({ article }: { article: Article }) {
  return (
    <span className="inline-block rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">
      {categoryName(article.category)}
    </span>
  )
}

function FeaturedArticle({ article }: { article: Article }) {
  return (
    <article
      aria-labelledby={`article-${article.slug}`}
      className="grid overflow-hidden rounded-3xl border border-gray-200 bg-white shadow-sm lg:grid-cols-2"
    >
      <img src={article.image} alt="" width={640} height={420} className="h-full w-full bg-brand-50 object-cover" />
      <div className="flex flex-col justify-center p-6 sm:p-10">
        <div className="flex items-center gap-2">
          <span className="rounded-full bg-gray-900 px-3 py-1 text-xs font-semibold text-white">Featured</span>
          <CategoryBadge article={article} />
        </div>
        <h2 id={`article-${article.slug}`} className="mt-4 text-2xl font-bold text-gray-900 sm:text-3xl">
          {article.title}
        </h2>
        <p className="mt-3 text-lg text-gray-700">{article.excerpt}</p>
        <div className="mt-6">
          <ArticleMeta article={article} />
        </div>
      </div>
    </article>
  )
}

function ArticleCard({ article }: { article: Article }) {
  return (
    <article
      aria-labelledby={`article-${article.slug}`}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <img src={article.image} alt="" width={400} height={260} className="aspect-[20/13] w-full bg-brand-50 object-cover" />
      <div className="flex flex-1 flex-col p-6">
        <CategoryBadge article={article} />
        <h2 id={`article-${article.slug}`} className="mt-3 text-xl font-bold text-gray-900">
          {article.title}
        </h2>
        <p className="mt-2 flex-1 text-gray-600">{article.excerpt}</p>
        <div className="mt-4">
          <ArticleMeta article={article} />
        </div>
      </div>
    </article>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Pet-Care Resources & Blog | Pawhaven',
    description: 'Pet-care articles for adopters: new pet care, behavior, senior pets, home preparation, cat care and everyday tips.',
    path: '/blog',
    siteUrl: siteUrlOf(matches),
  })
