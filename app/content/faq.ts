/** A question and its answer (the spec's FAQ entity), grouped in the support page's categories. */
export type FaqItem = { question: string; answer: string }
export type FaqCategory = { id: string; title: string; items: readonly FaqItem[] }

export const faqCategories: readonly FaqCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        question: 'How do I create a shelter account?',
        answer:
          'Choose \u201cAnimal rescue/shelter\u201d when you sign up and confirm your email address. Every shelter is personally vetted: our team contacts you within 24-48 hours to schedule a short meeting, and full access to your dashboard opens once it is complete.',
      },
      {
        question: 'How long does it take for my listings to appear?',
        answer:
          'Once your shelter is approved, new listings are published in 2-4 hours, whether you add them by hand or they sync from your animal-management software.',
      },
      {
        question: 'Does Pawhaven cost anything?',
        answer:
          'No. Pawhaven is free for shelters and for adopters. We charge no listing fees and we do not process adoption fees: adopters pay the shelter directly, under the shelter\u2019s own policy.',
      },
      {
        question: 'Can I connect the software we already use?',
        answer:
          'Yes. Shelters can connect their existing animal-management software so listings sync automatically, with no double data entry.',
      },
    ],
  },
  {
    id: 'account-management',
    title: 'Account Management',
    items: [
      {
        question: 'How do I update my organization\u2019s information?',
        answer:
          'Sign in and open your dashboard, then go to Settings > Organization Profile to update your shelter\u2019s name, description, contact details and location.',
      },
      {
        question: 'Can several people from our team use one account?',
        answer:
          'Yes. You can invite team members and give them different permission levels, so volunteers can manage listings while administrators handle settings.',
      },
      {
        question: 'I can\u2019t sign in. What should I do?',
        answer:
          'Make sure you have confirmed your email address using the link we sent when you signed up. Forgotten your password? Choose \u201cForgot password?\u201d on the sign-in page to set a new one. If you still can\u2019t sign in, send us a message with the form on this page and we will help.',
      },
    ],
  },
  {
    id: 'adoption-process',
    title: 'Adoption Process',
    items: [
      {
        question: 'How do I adopt a pet I found on Pawhaven?',
        answer:
          'Adopters contact the shelter directly from the pet\u2019s listing. Each shelter runs its own adoption process, from application to meet-and-greet to taking your new companion home.',
      },
      {
        question: 'How do shelters review adoption applications?',
        answer:
          'Shelters review and respond to applications from the Applications tab of their dashboard, and can reach adopters directly by email or phone.',
      },
      {
        question: 'How do I add a new animal?',
        answer:
          'From your dashboard, choose Add New Animal, fill in the details and add photos. Animals synced from your software appear automatically.',
      },
      {
        question: 'What happens when an animal is adopted?',
        answer:
          'Mark the animal as adopted in your dashboard. The listing is archived, so it no longer appears in search results, and its history stays in your records.',
      },
    ],
  },
]
