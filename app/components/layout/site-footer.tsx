import { Link } from '@remix-run/react'

const footerLinks = [
  { to: '/about', label: 'Our Mission' },
  { to: '/contact', label: 'Contact' },
  { to: '/search', label: 'Find Pets' },
  { to: '/animal-types', label: 'Animal Types' },
  { to: '/shelter-directory', label: 'Shelter Directory' },
  { to: '/shelter-signup', label: 'Shelter Sign Up' },
  { to: '/shelter-login', label: 'Shelter Login' },
  { to: '/support', label: 'Support' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
]

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50 pb-20">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 lg:px-8">
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-gray-700 hover:text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-gray-600">© {new Date().getFullYear()} Pawhaven. Adopt, Don't Shop. Save Lives.</p>
      </div>
    </footer>
  )
}
