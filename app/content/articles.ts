/** The blog's category chips, in the spec's order ('All' is the absence of a category). */
export const articleCategories = [
  { slug: 'new-pet-care', name: 'New Pet Care' },
  { slug: 'behavior', name: 'Behavior' },
  { slug: 'senior-pets', name: 'Senior Pets' },
  { slug: 'home-preparation', name: 'Home Preparation' },
  { slug: 'cat-care', name: 'Cat Care' },
  { slug: 'pet-care-tips', name: 'Pet Care Tips' },
] as const

export type ArticleCategory = (typeof articleCategories)[number]['slug']

/** A pet-care article (sample content, as the spec's entity). */
export type Article = {
  slug: string
  title: string
  excerpt: string
  author: string
  /** ISO date of publication. */
  date: string
  category: ArticleCategory
  image: string
  readTime: string
  featured?: boolean
}

export const articles: readonly Article[] = [
  {
    slug: 'first-week-with-a-rescue-dog',
    title: 'Your First Week with a Rescue Dog: A Day-by-Day Guide',
    excerpt:
      'The first days set the tone for years together. Here is how to plan arrival day, build a calm routine, and give your new dog the time and space to decompress.',
    author: 'Dr. Emily Carter',
    date: '2024-02-12',
    category: 'new-pet-care',
    image: '/images/blog/first-week.svg',
    readTime: '8 min read',
    featured: true,
  },
  {
    slug: 'easing-separation-anxiety',
    title: 'Easing Separation Anxiety in Newly Adopted Dogs',
    excerpt: 'Whining at the door or chewed-up shoes? Small, steady steps teach a rescue dog that you always come back.',
    author: 'Marcus Lee, CPDT-KA',
    date: '2024-02-05',
    category: 'behavior',
    image: '/images/blog/separation-anxiety.svg',
    readTime: '6 min read',
  },
  {
    slug: 'why-senior-pets-make-wonderful-companions',
    title: 'Why Senior Pets Make Wonderful Companions',
    excerpt:
      'Older animals are often calm, house-trained and deeply grateful. Here is what to expect when you open your home to a senior pet.',
    author: 'Rachel Thompson',
    date: '2024-01-28',
    category: 'senior-pets',
    image: '/images/blog/senior-pets.svg',
    readTime: '5 min read',
  },
  {
    slug: 'pet-proofing-your-home',
    title: 'Pet-Proofing Your Home Before Adoption Day',
    excerpt:
      'Cords, cleaning supplies, houseplants and open windows: a room-by-room checklist to make your home safe before your new pet arrives.',
    author: 'Daniel Brooks',
    date: '2024-01-19',
    category: 'home-preparation',
    image: '/images/blog/pet-proofing.svg',
    readTime: '7 min read',
  },
  {
    slug: 'understanding-cat-body-language',
    title: 'Understanding Your Cat\u2019s Body Language',
    excerpt:
      'A slow blink, a tail held high, ears turned sideways: learn to read what your cat is telling you, and help a shy rescue cat feel at home.',
    author: 'Dr. Aisha Patel',
    date: '2024-01-10',
    category: 'cat-care',
    image: '/images/blog/cat-body-language.svg',
    readTime: '6 min read',
  },
  {
    slug: 'five-daily-habits-for-a-healthier-pet',
    title: 'Five Daily Habits for a Healthier, Happier Pet',
    excerpt: 'Fresh water, a short training session, a quick health check and more: simple routines that add up to a longer life together.',
    author: 'Jenna Morales',
    date: '2023-12-14',
    category: 'pet-care-tips',
    image: '/images/blog/daily-habits.svg',
    readTime: '4 min read',
  },
]

export function isArticleCategory(value: unknown): value is ArticleCategory {
  return articleCategories.some((category) => category.slug === value)
}

export function categoryName(slug: ArticleCategory): string {
  return articleCategories.find((category) => category.slug === slug)?.name ?? slug
}

/** The featured article and the other cards for a chip (null: All). */
export function articlesFor(category: ArticleCategory | null): { featured: Article | null; others: Article[] } {
  const chosen = category ? articles.filter((article) => article.category === category) : [...articles]
  const featured = chosen.find((article) => article.featured) ?? null
  return { featured, others: chosen.filter((article) => article !== featured) }
}
