// The text of the two static legal pages. Sections are data so both pages share one layout
// (and a table of contents) without hundreds of lines of JSX.

export type LegalSection = { id: string; heading: string; paragraphs: readonly string[]; list?: readonly string[] }

export const legalLastUpdated = 'March 1, 2024'

export const privacySections: readonly LegalSection[] = [
  {
    id: 'overview',
    heading: 'Overview',
    paragraphs: [
      'Pawhaven is a free platform that helps people find adoptable animals from shelters and rescues across the United States. This policy explains what information we collect, how we use it, and the choices you have.',
    ],
  },
  {
    id: 'information-we-collect',
    heading: 'Information We Collect',
    paragraphs: ['We collect only what we need to run the service:'],
    list: [
      'Account information: your email address, password (stored only as a secure hash) and whether you are an adopter or a shelter.',
      'Shelter profile information: organization name, type, description, contact details, address and capacity.',
      'Messages you send us through the support or contact forms, and the email address you subscribe to our newsletter with.',
      'Basic technical information, such as your browser type and IP address, used to keep the service secure and to prevent abuse.',
    ],
  },
  {
    id: 'how-we-use-information',
    heading: 'How We Use Information',
    paragraphs: [
      'We use your information to provide and improve Pawhaven, to vet shelters, to answer your questions, to send the updates you asked for, and to protect the service against fraud and abuse. We do not sell your personal information.',
    ],
  },
  {
    id: 'sharing',
    heading: 'Sharing',
    paragraphs: [
      'When you contact a shelter, the details you choose to send go to that shelter. We share information with service providers who host and operate Pawhaven on our behalf, under confidentiality obligations, and when the law requires it.',
    ],
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    paragraphs: [
      'We use a small number of essential cookies to keep you signed in and to show one-time messages, and one that remembers the place you last searched near (the words you typed, for 90 days) so the home page can show the newest pets there. We do not use advertising cookies.',
    ],
  },
  {
    id: 'your-choices',
    heading: 'Your Choices',
    paragraphs: [
      'You can update your shelter profile at any time from your dashboard, unsubscribe from our newsletter using the link in any email, and ask us to access or delete your personal information by contacting us.',
    ],
  },
  {
    id: 'children',
    heading: 'Children\u2019s Privacy',
    paragraphs: [
      'Pawhaven is not intended for children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child under 13 has given us personal information, please contact us and we will delete it.',
    ],
  },
  {
    id: 'security',
    heading: 'Security',
    paragraphs: [
      'We protect your information with encryption in transit, hashed passwords and access controls. No system is perfectly secure, so please use a strong, unique password.',
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to This Policy',
    paragraphs: [
      'We may update this policy from time to time. When we do, we will change the date at the top of this page and, for significant changes, let registered users know by email.',
    ],
  },
]

export const termsSections: readonly LegalSection[] = [
  {
    id: 'acceptance',
    heading: 'Acceptance of These Terms',
    paragraphs: ['By using Pawhaven you agree to these Terms of Service. If you do not agree, please do not use the service.'],
  },
  {
    id: 'the-service',
    heading: 'The Service',
    paragraphs: [
      'Pawhaven lists adoptable animals published by shelters and rescues and helps adopters contact them. Pawhaven is free for shelters and adopters. We are not a party to any adoption and we do not process adoption fees; each adoption is between the adopter and the shelter.',
    ],
  },
  {
    id: 'accounts',
    heading: 'Accounts',
    paragraphs: [
      'You are responsible for your account and for keeping your password confidential. Information you give us must be accurate. Shelter accounts are vetted by our team before they receive full access, and we may decline or suspend an account at our discretion.',
    ],
  },
  {
    id: 'shelter-responsibilities',
    heading: 'Shelter Responsibilities',
    paragraphs: ['Shelters and rescues that publish on Pawhaven agree to:'],
    list: [
      'List only animals that are genuinely available for adoption, and keep listings accurate and up to date.',
      'Mark animals as adopted promptly, so that adopters are not misled.',
      'Comply with all laws that apply to animal welfare and adoption in their jurisdiction.',
    ],
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable Use',
    paragraphs: [
      'You may not use Pawhaven to sell animals for profit, to post misleading or unlawful content, to harass anyone, or to interfere with the service or its security.',
    ],
  },
  {
    id: 'content',
    heading: 'Content',
    paragraphs: [
      'You keep ownership of the content you publish. You give Pawhaven a license to display it in order to operate and promote the service. We may remove content that breaks these terms.',
    ],
  },
  {
    id: 'disclaimers',
    heading: 'Disclaimers and Limitation of Liability',
    paragraphs: [
      'Pawhaven is provided \u201cas is\u201d. We do not guarantee the health, temperament or history of any animal listed; please ask the shelter. To the fullest extent the law allows, Pawhaven is not liable for indirect or consequential damages arising from your use of the service.',
    ],
  },
  {
    id: 'governing-law',
    heading: 'Governing Law',
    paragraphs: [
      'These terms are governed by the laws of the State of California, without regard to its conflict-of-law rules. Disputes will be resolved in the state or federal courts located in California.',
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to These Terms',
    paragraphs: [
      'We may update these terms. When we do, we will change the date at the top of this page. Continuing to use Pawhaven after a change means you accept the updated terms.',
    ],
  },
]
