// The building blocks every marketing page shares: the page width, the page heading (the one
// <h1>), section headings and the button looks.
import { cn } from '#app/utils/misc.ts'

// brand-700 rather than brand-600 behind white text: 600 misses the WCAG AA contrast ratio.
const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60'

export const buttonStyles = {
  primary: cn(buttonBase, 'bg-brand-700 text-white hover:bg-brand-800'),
  secondary: cn(buttonBase, 'border border-gray-300 bg-white text-gray-900 hover:border-brand-300 hover:bg-brand-50'),
  inverse: cn(buttonBase, 'bg-white text-brand-800 hover:bg-brand-50'),
  outlineInverse: cn(buttonBase, 'border border-white/70 text-white shadow-none hover:bg-white/10'),
} as const

export function Container({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>
}

/** The page's heading block: the only <h1> on the page, with an optional picture beside it. */
export function PageHero({
  eyebrow,
  title,
  lead,
  image,
  children,
}: {
  eyebrow?: string
  title: string
  lead?: React.ReactNode
  image?: { src: string; alt: string }
  children?: React.ReactNode
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <Container className={cn('grid items-center gap-10 py-12 sm:py-16', image && 'lg:grid-cols-[1.2fr_1fr]')}>
        <div className={cn(!image && 'mx-auto max-w-3xl text-center')}>
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">{title}</h1>
          {lead ? <p className="mt-4 text-lg leading-relaxed text-gray-700">{lead}</p> : null}
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
        {image ? <img src={image.src} alt={image.alt} width={560} height={420} className="mx-auto w-full max-w-md lg:max-w-none" /> : null}
      </Container>
    </section>
  )
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  id?: string
  eyebrow?: string
  title: string
  lead?: React.ReactNode
  align?: 'center' | 'left'
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
      <h2 id={id} className="mt-1 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-lg text-gray-600">{lead}</p> : null}
    </div>
  )
}
