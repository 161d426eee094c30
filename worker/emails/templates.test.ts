// The message emails: a link to the thread for the side that gets it, only a short excerpt of
// the message, and a refusal of data that does not fit.
import { describe, expect, it } from 'vitest'
import { renderTemplate, TemplateError } from '#worker/emails/templates.ts'
import { readListingAnswer } from '#app/utils/listing-answer-links.ts'

const SITE = 'https://pawhaven.example'
const conversation_id = '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e2f'

describe('message emails', () => {
  it('tells a shelter who asked about which pet, with a link to the thread in the member’s dashboard', () => {
    const email = renderTemplate(
      'message_to_shelter',
      {
        shelter_name: 'Happy Tails',
        animal_name: 'Biscuit',
        conversation_id,
        first: true,
        dashboard_hash: 'AbCd1234',
        secret: { excerpt: 'Is Biscuit good with cats?', adopter_name: 'Ana <Ruiz>' },
      },
      SITE,
    )
    expect(email.subject).toBe('New question about Biscuit')
    expect(email.text).toContain('Ana <Ruiz> asked about Biscuit')
    expect(email.text).toContain('“Is Biscuit good with cats?”')
    expect(email.text).toContain(`${SITE}/dashboard/AbCd1234/messages/${conversation_id}`)
    expect(email.html).toContain('Ana &lt;Ruiz&gt;')
    expect(
      renderTemplate(
        'message_to_shelter',
        {
          shelter_name: 'Happy Tails',
          animal_name: 'Biscuit',
          conversation_id,
          first: false,
          dashboard_hash: 'AbCd1234',
          secret: { excerpt: 'More', adopter_name: 'Ana' },
        },
        SITE,
      ).subject,
    ).toBe('New message about Biscuit')
  })

  it('tells an adopter the shelter replied, with a link to the thread in their account', () => {
    const email = renderTemplate(
      'message_to_adopter',
      { shelter_name: 'Happy Tails', animal_name: 'Biscuit', conversation_id, secret: { excerpt: 'Yes, come and meet her!' } },
      SITE,
    )
    expect(email.subject).toBe('Happy Tails replied about Biscuit')
    expect(email.text).toContain(`${SITE}/account/messages/${conversation_id}`)
    expect(email.text).toContain('turn these emails off')
  })

  it('refuses data without the link’s parts', () => {
    expect(() =>
      renderTemplate('message_to_adopter', { shelter_name: 'Happy Tails', animal_name: 'Biscuit', secret: { excerpt: 'x' } }, SITE),
    ).toThrow(TemplateError)
    expect(() =>
      renderTemplate(
        'message_to_shelter',
        {
          shelter_name: 'Happy Tails',
          animal_name: 'Biscuit',
          conversation_id,
          first: true,
          dashboard_hash: '../../x',
          secret: { excerpt: 'x', adopter_name: 'A' },
        },
        SITE,
      ),
    ).toThrow(TemplateError)
  })
})

describe('a name an adopter typed, in the emails to the shelter', () => {
  const hostile = 'Ana\r\nBcc: everyone@example.com\nhttps://evil.example/login\u0007 '
  const application = {
    shelter_name: 'Happy Tails',
    dashboard_hash: 'AbCd1234',
    application_id: conversation_id,
    animal_name: 'Biscuit',
    secret: { applicant_name: hostile },
  }
  const emails = {
    'New question': renderTemplate(
      'message_to_shelter',
      {
        shelter_name: 'Happy Tails',
        animal_name: 'Biscuit',
        conversation_id,
        first: true,
        dashboard_hash: 'AbCd1234',
        secret: { excerpt: 'Hi', adopter_name: hostile },
      },
      SITE,
    ),
    'New application': renderTemplate('application_received', application, SITE),
    withdrawn: renderTemplate('application_withdrawn', application, SITE),
  }

  it.each(Object.entries(emails))('is one line and no link in the %s email', (_, email) => {
    const shown = 'Ana Bcc: everyone[@]example[.]com https[://]evil[.]example/login'
    // Wherever the name is, it is whole on one line.
    const lines = email.text.split('\n').filter((line) => line.includes('Ana'))
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line).toContain(shown)
    expect(email.text).not.toMatch(/^Bcc:/m)
    expect(email.text).not.toContain('https://evil')
    expect(email.text).not.toContain('example.com')
    expect(email.html).not.toContain('https://evil')
    expect(email.html).not.toContain('evil.example')
    expect(email.subject).not.toMatch(/[\r\n]/)
  })
})

describe('the saved-search alert', () => {
  const token = 'ab'.repeat(32)
  const pet = (n: number) => ({
    id: `6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e${String(n).padStart(2, '0')}`,
    name: `Pup ${n}`,
    type: 'dog',
    primary_breed: 'Beagle',
    secondary_breed: null,
    mixed_breed: true,
    age_group: 'young',
    sex: 'female',
    shelter_name: 'Happy Tails',
    city: 'Austin',
    state: 'TX',
    distance_miles: 3.24,
  })

  it('lists the pets with links, links to the rest newest first, and unsubscribes in one click', () => {
    const email = renderTemplate(
      'saved_search_alert',
      {
        search_name: 'Dogs near Austin, TX',
        query: 'location=Austin%2C+TX&type=dog&page=3',
        total: 23,
        animals: Array.from({ length: 20 }, (_, n) => pet(n)),
        secret: { unsubscribe_token: token },
      },
      SITE,
    )
    expect(email.subject).toBe('23 new pets match “Dogs near Austin, TX”')
    expect(email.text).toContain(`Pup 0\nYoung female Beagle Mix · Happy Tails, Austin, TX · 3.2 mi away\n${SITE}/animals/${pet(0).id}`)
    expect(email.text).toContain('Here are the newest 20 of 23')
    expect(email.text).toContain(`See all 23 new matches: ${SITE}/search?location=Austin%2C+TX&type=dog&sort=recent`)
    expect(email.text).toContain(`Unsubscribe from this search: ${SITE}/unsubscribe/${token}`)
    expect(email.html).toContain(`href="${SITE}/unsubscribe/${token}"`)
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${SITE}/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('names a bonded group as its card does, one listing adopted together', () => {
    const pair = { ...pet(2), companions: ['Gravy'] }
    const email = renderTemplate(
      'saved_search_alert',
      { search_name: 'Dogs', query: 'type=dog', total: 1, animals: [pair], secret: { unsubscribe_token: token } },
      SITE,
    )
    expect(email.subject).toBe('Pup 2 & Gravy match “Dogs”')
    expect(email.text).toContain('New pets match your search')
    expect(email.text).toContain(`Pup 2 & Gravy\nAdopted together · Young female Beagle Mix`)
    const trio = renderTemplate(
      'saved_search_alert',
      {
        search_name: 'Dogs',
        query: 'type=dog',
        total: 2,
        animals: [{ ...pet(3), companions: ['Gravy', 'Pepper'] }, pet(4)],
        secret: { unsubscribe_token: token },
      },
      SITE,
    )
    expect(trio.text).toContain('Pup 3, Gravy & Pepper\n')
    expect(trio.text).toContain('Pup 4\nYoung female Beagle Mix')
  })

  it('names the one pet when there is one, and refuses a malformed token or no pets', () => {
    const email = renderTemplate(
      'saved_search_alert',
      { search_name: 'Cats', query: 'type=cat', total: 1, animals: [pet(1)], secret: { unsubscribe_token: token } },
      SITE,
    )
    expect(email.subject).toBe('Pup 1 matches “Cats”')
    expect(email.text).toContain(`See the search: ${SITE}/search?type=cat&sort=recent`)
    expect(() =>
      renderTemplate(
        'saved_search_alert',
        { search_name: 'Cats', query: '', total: 1, animals: [pet(1)], secret: { unsubscribe_token: 'user-id' } },
        SITE,
      ),
    ).toThrow(TemplateError)
    expect(() =>
      renderTemplate(
        'saved_search_alert',
        { search_name: 'Cats', query: '', total: 1, animals: [], secret: { unsubscribe_token: token } },
        SITE,
      ),
    ).toThrow(TemplateError)
  })
})

describe('the saved-search alert in a mail program', () => {
  const token = 'cd'.repeat(32)
  const base = {
    type: 'dog',
    primary_breed: 'Beagle',
    secondary_breed: null,
    mixed_breed: false,
    age_group: 'adult',
    sex: 'male',
    shelter_name: 'Happy Tails',
    city: 'Austin',
    state: 'TX',
  }
  const stored = {
    ...base,
    id: '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e01',
    name: 'Biscuit',
    photo_path: 'shelter-1/animal 1/a.webp',
    photo_url: null,
    photo_alt: 'Biscuit on the lawn',
    photo_width: 1600,
    photo_height: 1200,
  }
  const synced = {
    ...base,
    id: '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e02',
    name: 'Tall',
    photo_path: null,
    photo_url: 'https://cdn.example/tall.jpg',
    photo_alt: null,
    photo_width: 600,
    photo_height: 1200,
  }
  const bare = { ...base, id: '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e03', name: 'Nophoto' }
  const relative = { ...base, id: '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e04', name: 'Demo', photo_url: '/demo/dog.jpg' }
  const unsafe = { ...base, id: '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e05', name: 'Script', photo_url: 'javascript:alert(1)' }
  const email = renderTemplate(
    'saved_search_alert',
    {
      search_name: 'Dogs',
      query: 'type=dog',
      total: 5,
      animals: [stored, synced, bare, relative, unsafe],
      secret: { unsubscribe_token: token },
    },
    SITE,
  )

  it('shows each pet’s photo from an absolute URL, with its alt text and its own proportions', () => {
    expect(email.html).toContain(
      `<img src="${SITE}/photos/shelter-1/animal%201/a.webp?w=240" alt="Biscuit on the lawn" width="120" height="90"`,
    )
    // A tall photo is narrowed rather than stretched; without alt text the pet is named.
    expect(email.html).toContain('<img src="https://cdn.example/tall.jpg" alt="Photo of Tall" width="80" height="160"')
    expect(email.html).toContain(`<img src="${SITE}/demo/dog.jpg" alt="Photo of Demo" width="120" height="90"`)
    expect(email.html.match(/<img /g)).toHaveLength(3)
    expect(email.html).not.toContain('javascript:')
  })

  it('has a hidden preheader naming the first pets, before anything else in the body', () => {
    const body = email.html.slice(email.html.indexOf('<body'))
    const preheader = body.match(/<div style="display:none;[^"]*mso-hide:all;">([^<&]*)/)
    expect(preheader?.[1]).toBe(
      'Biscuit: Adult male Beagle · Happy Tails, Austin, TX · Tall: Adult male Beagle · Happy Tails, Austin, TX · Nophoto: Adult male Beagle · Happy Tails, Austin, TX',
    )
    expect(body.indexOf(preheader![0])).toBeLessThan(body.indexOf('<table'))
    expect(email.text).not.toContain('display:none')
  })

  it('is laid out in presentation tables 600 px wide, with no max-width div', () => {
    expect(email.html).toMatch(/<table role="presentation" width="600"[^>]*>/)
    expect(email.html).not.toMatch(/<div[^>]*max-width:[1-9]/)
    expect(email.html.match(/<table(?![^>]*role="presentation")/g)).toBeNull()
  })

  it('links to the email settings where these emails are turned off, in both parts', () => {
    expect(email.html).toContain(`<a href="${SITE}/account/settings" style="color:#6b645c;">Turn these emails off</a>`)
    expect(email.text).toContain(`Turn these emails off: ${SITE}/account/settings`)
    expect(email.text).toContain(`Biscuit\nAdult male Beagle · Happy Tails, Austin, TX\n${SITE}/animals/${stored.id}`)
  })
})

describe('the adopter’s message and application emails', () => {
  it('link to the email settings they mention', () => {
    const reply = renderTemplate(
      'message_to_adopter',
      { shelter_name: 'Happy Tails', animal_name: 'Biscuit', conversation_id, secret: { excerpt: 'Come by Saturday!' } },
      SITE,
    )
    const status = renderTemplate(
      'application_status',
      { application_id: conversation_id, animal_name: 'Biscuit', shelter_name: 'Happy Tails', status: 'approved', message: null },
      SITE,
    )
    for (const email of [reply, status]) {
      expect(email.text).toContain('turn these emails off')
      expect(email.text).toContain(`Email settings: ${SITE}/account/settings`)
      expect(email.html).toContain(`href="${SITE}/account/settings"`)
    }
  })
})

describe('the repeated sign-up notice', () => {
  it('tells the owner how to sign in or reset the password, with no link that changes anything', () => {
    const email = renderTemplate('repeated_signup', {}, 'https://pawhaven.example')
    expect(email.subject).toBe('Someone tried to create an account with your email')
    expect(email.text).toContain('https://pawhaven.example/login')
    expect(email.text).toContain('https://pawhaven.example/forgot-password')
    expect(email.text).not.toMatch(/token|confirm\?/i)
  })
})

describe('the team invitation', () => {
  it('says until when it works, naming the zone of that time', () => {
    const data = {
      shelter_name: 'Paws',
      invited_by: 'Ann',
      role: 'staff',
      expires_at: '2026-12-06T02:05:00Z',
      secret: { token: 'a'.repeat(32) },
    }
    expect(renderTemplate('team_invitation', data, SITE).text).toContain('works once and until December 6, 2026 at 2:05 AM UTC.')
  })
})

describe('account emails', () => {
  it('tells the owner of a changed password when, and what to do if it was not them', () => {
    const email = renderTemplate('password_changed', { changed_at: '2026-11-29T02:05:00Z' }, SITE, 'help@pawhaven.example')
    expect(email.subject).toBe('Your Pawhaven password was changed')
    expect(email.text).toContain('changed on November 29, 2026 at 2:05 AM UTC')
    expect(email.text).toContain("If it wasn't you")
    expect(email.text).toContain('help@pawhaven.example')
    expect(email.text).toContain(`${SITE}/forgot-password`)
    // Without a configured address, the site's default one.
    expect(renderTemplate('password_changed', { changed_at: '2026-11-29T02:05:00Z' }, SITE).text).toContain('support@pawhaven.org')
  })

  it('tells the owner of a deleted account, with whom to write if it was not them', () => {
    const email = renderTemplate('account_deleted', { deleted_at: '2026-11-29T02:05:00Z' }, SITE, 'help@pawhaven.example')
    expect(email.subject).toBe('Your Pawhaven account was deleted')
    expect(email.text).toContain('deleted on November 29, 2026 at 2:05 AM UTC')
    expect(email.text).toContain("If it wasn't you who deleted it, write to us at help@pawhaven.example")
    expect(() => renderTemplate('account_deleted', {}, SITE)).toThrow(TemplateError)
  })
})

describe('the response promise emails', () => {
  const application_id = '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e2a'

  it('remind the team of an item due, with a link to it in the member’s dashboard', () => {
    const base = {
      shelter_name: 'Happy Tails',
      dashboard_hash: 'AbCd1234',
      item_id: conversation_id,
      animal_name: 'Biscuit',
      answer_due_at: '2026-12-02T10:00:00Z',
      secret: { adopter_name: 'Ana <Ruiz>' },
    }
    const question = renderTemplate('answer_reminder', { ...base, kind: 'question' }, SITE)
    expect(question.subject).toBe("Answer Ana <Ruiz>'s question about Biscuit by December 2, 2026 at 10:00 AM UTC")
    expect(question.text).toContain(`Answer the question: ${SITE}/dashboard/AbCd1234/messages/${conversation_id}`)
    expect(question.html).toContain('Ana &lt;Ruiz&gt;')
    const application = renderTemplate('answer_reminder', { ...base, kind: 'application' }, SITE)
    expect(application.text).toContain(`Review the application: ${SITE}/dashboard/AbCd1234/applications/${conversation_id}`)
    expect(() => renderTemplate('answer_reminder', { ...base, kind: 'visit' }, SITE)).toThrow(TemplateError)
  })

  it('tell the adopter their application closed, and link the application when no similar pet is near', () => {
    const email = renderTemplate(
      'application_unanswered',
      {
        application_id,
        animal_name: 'Biscuit',
        shelter_name: 'Happy Tails',
        answer_due_at: '2026-12-02T10:00:00Z',
        similar: [],
        similar_type: null,
        search_query: '',
      },
      SITE,
    )
    expect(email.subject).toBe('Happy Tails did not answer your application for Biscuit in time')
    expect(email.text).toContain('If Biscuit is still available, you can apply again.')
    expect(email.text).not.toContain('available near you')
    expect(email.text).toContain(`See your application: ${SITE}/account/applications/${application_id}`)
  })

  it('tell the adopter the shelter reopened their application, and by when it answers', () => {
    const data = {
      application_id,
      animal_name: 'Biscuit',
      shelter_name: 'Happy Tails',
      answer_due_at: '2026-12-07T10:00:00Z',
      response_days: 5,
    }
    const email = renderTemplate('application_reopened', data, SITE)
    expect(email.subject).toBe('Happy Tails reopened your application for Biscuit')
    expect(email.text).toContain('You do not need to send it again.')
    expect(email.text).toContain('They answer within 5 days: you should hear from them by December 7, 2026 at 10:00 AM UTC.')
    expect(email.text).toContain(`See your application: ${SITE}/account/applications/${application_id}`)
    expect(() => renderTemplate('application_reopened', { ...data, response_days: 0 }, SITE)).toThrow(TemplateError)
  })

  it('tell the adopter their application is on hold and still open', () => {
    const email = renderTemplate(
      'application_status',
      {
        application_id,
        animal_name: 'Biscuit',
        shelter_name: 'Happy Tails',
        status: 'on_hold',
        message: 'We are meeting another family first.',
      },
      SITE,
    )
    expect(email.subject).toBe('Happy Tails put your application on hold')
    expect(email.text).toContain('It stays open')
    expect(email.text).toContain('A note from Happy Tails: We are meeting another family first.')
  })
})

describe('the stale-listing email', () => {
  const data = {
    shelter_name: 'Happy Tails',
    dashboard_hash: 'abcd1234',
    left_search: false,
    animals: [{ id: crypto.randomUUID(), name: 'Biscuit', nonce: crypto.randomUUID(), expires_at: '2026-12-13T12:00:00Z' }],
  }
  const KEY = 'k'.repeat(64)

  it('links each answer per pet, signed so the app reads back the same nonce and answer', () => {
    const email = renderTemplate('listing_check', data, 'https://pawhaven.example', undefined, { linkKey: KEY })
    expect(email.subject).toBe('Are these pets still available? Biscuit')
    const links = email.text.match(/https:\/\/pawhaven\.example\/listing-answers\/\S+/g) ?? []
    expect(links).toHaveLength(3)
    const read = links.map((link) => readListingAnswer(new URL(link).pathname.split('/')[2]!, KEY, new Date('2026-12-01T00:00:00Z')))
    expect(read.map((answer) => answer.ok && answer.answer)).toEqual(['available', 'adopted', 'on_hold'])
    expect(read.every((answer) => answer.ok && answer.nonce === data.animals[0]!.nonce)).toBe(true)
    expect(email.text).toContain('Biscuit: still available')
  })

  it('says the listing left search, and refuses to send links it could not sign', () => {
    expect(
      renderTemplate('listing_check', { ...data, left_search: true }, 'https://pawhaven.example', undefined, { linkKey: KEY }).subject,
    ).toBe('Out of search until you confirm: Biscuit')
    expect(() => renderTemplate('listing_check', data, 'https://pawhaven.example')).toThrow(TemplateError)
  })
})
