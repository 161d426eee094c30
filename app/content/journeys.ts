// The adopter's and the shelter's way through Pawhaven, told on the home page, /about and
// /how-it-works: one source, so the three pages never tell different stories.

export type StepIcon = 'search' | 'chat' | 'home' | 'account' | 'meeting' | 'sync'
export type Step = { title: string; text: string; icon: StepIcon }
export type Benefit = { title: string; text: string }

export const adopterSteps: readonly Step[] = [
  {
    title: 'Search',
    icon: 'search',
    text: 'Browse adoptable dogs, cats, rabbits, birds, reptiles and more from shelters and rescues near you, filtered by type, age and location.',
  },
  {
    title: 'Connect',
    icon: 'chat',
    text: 'Found someone special? Contact the shelter directly to ask questions and arrange a meet-and-greet. No middlemen, no fees.',
  },
  {
    title: 'Adopt',
    icon: 'home',
    text: 'Complete the shelter\u2019s adoption process and welcome your new family member home.',
  },
]

export const adopterBenefits: readonly Benefit[] = [
  { title: 'Every kind of pet in one place', text: 'Listings from shelters and rescues across the US, not only dogs and cats.' },
  { title: 'Always free', text: 'Pawhaven never charges adopters anything and never handles adoption fees.' },
  { title: 'Straight to the shelter', text: 'Talk to the people who know the animal best, directly.' },
  { title: 'Vetted organizations', text: 'Every shelter is personally vetted by our team before it can publish.' },
]

export const shelterSteps: readonly Step[] = [
  {
    title: 'Create your account',
    icon: 'account',
    text: 'Sign up as an animal rescue or shelter. It takes two minutes and costs nothing, today or ever.',
  },
  {
    title: 'Meet our team',
    icon: 'meeting',
    text: 'We personally vet every shelter. Our team contacts you within 24-48 hours to schedule a short meeting.',
  },
  {
    title: 'Publish your animals',
    icon: 'sync',
    text: 'Once approved, connect your animal-management software so listings sync automatically, or add animals by hand.',
  },
]

export const shelterBenefits: readonly Benefit[] = [
  { title: 'Free listings', text: 'No listing fees, no subscription, no commission on adoptions.' },
  { title: 'Automatic sync', text: 'Keep using the software you already have; your listings stay up to date on their own.' },
  { title: 'Reach more adopters', text: 'Adopters searching near you see your animals alongside every other kind of pet.' },
  { title: 'Your process, your rules', text: 'Adopters contact you directly, and you run adoptions and fees exactly as you do today.' },
]
