import { Link } from '@remix-run/react'
import { NewsletterForm } from '#app/components/marketing/newsletter-form.tsx'

// The spec's ten footer links and the stories and resources pages, grouped for people who scan
// rather than read.
const footerGroups = [
  {
    title: 'For Adopters',
    links: [
      { to: '/search', label: 'Find Pets' },
      { to: '/animal-types', label: 'Animal Types' },
      { to: '/shelter-directory', label: 'Shelter Directory' },
      { to: '/success-stories', label: 'Success Stories' },
      { to: '/blog', label: 'Pet-Care Resources' },
    ],
  },
  {
    title: 'For Shelters',
    links: [
      { to: '/shelter-signup', label: 'Shelter Sign Up' },
      { to: '/shelter-login', label: 'Shelter Login' },
    ],
  },
  {
    title: 'Pawhaven',
    links: [
      { to: '/about', label: 'Our Mission' },
      { to: '/contact', label: 'Contact Us' },
      { to: '/support', label: 'Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
] as const

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50 pb-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[1.1fr_2fr] lg:px-8">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 rounded-md text-xl font-extrabold text-brand-800">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Pawhaven
          </Link>
          <p className="mt-3 max-w-sm text-sm text-gray-600">
            Adoptable pets from shelters and rescues across the US, in one place. Free for adopters and shelters, always.
          </p>
          <section id="newsletter" aria-labelledby="newsletter-heading" className="mt-6 scroll-mt-24">
            <h2 id="newsletter-heading" className="text-base font-semibold text-gray-900">
              Get weekly updates
            </h2>
            <p className="mt-1 text-sm text-gray-600">New arrivals, adoption stories and pet-care tips, once a week.</p>
            <NewsletterForm />
          </section>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {footerGroups.map((group) => (
            <div key={group.title}>
              <h2 className="text-sm font-semibold uppercase tracking-wider text-gray-900">{group.title}</h2>
              <ul className="mt-4 space-y-3 text-sm">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-gray-700 hover:text-brand-800 hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="mx-auto max-w-7xl border-t border-gray-200 px-4 pt-6 sm:px-6 lg:px-8">
        <p className="flex flex-col gap-1 text-sm text-gray-600 sm:flex-row sm:justify-between">
          <span>© {new Date().getFullYear()} Pawhaven. Free for shelters and adopters.</span>
          <span className="font-medium text-brand-800">Adopt, Don't Shop. Save Lives.</span>
        </p>
        {/* The GeoNames licence (CC BY 4.0) behind our ZIP code and city locations asks for this credit. */}
        <p className="mt-2 text-xs text-gray-600">
          ZIP code and city locations from{' '}
          <a href="https://www.geonames.org/" className="underline hover:text-brand-800">
            GeoNames
          </a>{' '}
          (CC BY 4.0).
        </p>
      </div>
    </footer>
  )
}
