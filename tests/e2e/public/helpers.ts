// Helpers the public-site tests share, on top of tests/e2e/fixtures.ts.
//
// The public forms are rate-limited per visitor address: see visitorAddress in fixtures.ts.
import type { Page } from '@playwright/test'

export { asNewVisitor, signInAs, visitorAddress } from '../fixtures'

/**
 * Waits until React has hydrated the page. Remix hydrates the whole document and React
 * finishes an element only after its children, so <body> carrying React's props means the
 * page's handlers are in place.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')))
}

/** The toast the server flashed: a sonner toast with JavaScript, a status box without. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast], [role="status"]').filter({ hasText: text }).first()
}

/** The public pages, with the one heading and a few texts each must show. */
export const publicPages = [
  { path: '/', h1: "Adopt, Don't Shop. Save Lives.", texts: ['2023 U.S. Shelter Statistics', 'Newest Arrivals', 'Our Mission'] },
  { path: '/search', h1: 'Find Your Perfect Pet', texts: ['pets found', 'Good with', 'Sort by'] },
  { path: '/animal-types', h1: 'Every kind of pet needs a home', texts: ['Small Animals', 'available'] },
  { path: '/shelters', h1: 'Find Shelters Near You', texts: ['City or ZIP code', 'All shelters'] },
  { path: '/shelter-directory', h1: 'Find Shelters Near You', texts: ['City or ZIP code'] },
  { path: '/success-stories', h1: 'Happy tails, new beginnings', texts: ['The Martinez Family', 'Shelly'] },
  { path: '/how-it-works', h1: 'Adoption made simple, for everyone', texts: ['Find your new best friend', 'Reach more adopters, free'] },
  { path: '/blog', h1: 'The Pawhaven Blog', texts: ['Your First Week with a Rescue Dog: A Day-by-Day Guide'] },
  { path: '/support', h1: 'How can we help?', texts: ['System Status', 'Frequently Asked Questions'] },
  { path: '/about', h1: 'Connecting every adoptable pet with a loving home', texts: ["I'm an Adopter", 'Our Mission'] },
  { path: '/privacy', h1: 'Privacy Policy', texts: ['March 1, 2024'] },
  { path: '/terms', h1: 'Terms of Service', texts: ['March 1, 2024'] },
  { path: '/contact', h1: 'Contact Us', texts: ['Send us a message', 'Email Support'] },
] as const
