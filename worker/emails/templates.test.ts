// The message emails: a link to the thread for the side that gets it, only a short excerpt of
// the message, and a refusal of data that does not fit.
import { describe, expect, it } from 'vitest'
import { renderTemplate, TemplateError } from './templates.ts'

const SITE = 'https://pawhaven.example'
const conversation_id = '6f1c2b9e-1d2a-4c3b-9f8e-7a6b5c4d3e2f'

describe('message emails', () => {
  it('tells a shelter who asked about which pet, with a link to the thread in the member’s dashboard', () => {
    const email = renderTemplate(
      'message_to_shelter',
      { shelter_name: 'Happy Tails', animal_name: 'Biscuit', conversation_id, first: true, dashboard_hash: 'AbCd1234', secret: { excerpt: 'Is Biscuit good with cats?', adopter_name: 'Ana <Ruiz>' } },
      SITE,
    )
    expect(email.subject).toBe('New question about Biscuit')
    expect(email.text).toContain('Ana <Ruiz> asked about Biscuit')
    expect(email.text).toContain('“Is Biscuit good with cats?”')
    expect(email.text).toContain(`${SITE}/dashboard/AbCd1234/messages/${conversation_id}`)
    expect(email.html).toContain('Ana &lt;Ruiz&gt;')
    expect(renderTemplate('message_to_shelter', { shelter_name: 'Happy Tails', animal_name: 'Biscuit', conversation_id, first: false, dashboard_hash: 'AbCd1234', secret: { excerpt: 'More', adopter_name: 'Ana' } }, SITE).subject).toBe(
      'New message about Biscuit',
    )
  })

  it('tells an adopter the shelter replied, with a link to the thread in their account', () => {
    const email = renderTemplate('message_to_adopter', { shelter_name: 'Happy Tails', animal_name: 'Biscuit', conversation_id, secret: { excerpt: 'Yes, come and meet her!' } }, SITE)
    expect(email.subject).toBe('Happy Tails replied about Biscuit')
    expect(email.text).toContain(`${SITE}/account/messages/${conversation_id}`)
    expect(email.text).toContain('turn these emails off')
  })

  it('refuses data without the link’s parts', () => {
    expect(() => renderTemplate('message_to_adopter', { shelter_name: 'Happy Tails', animal_name: 'Biscuit', secret: { excerpt: 'x' } }, SITE)).toThrow(TemplateError)
    expect(() => renderTemplate('message_to_shelter', { shelter_name: 'Happy Tails', animal_name: 'Biscuit', conversation_id, first: true, dashboard_hash: '../../x', secret: { excerpt: 'x', adopter_name: 'A' } }, SITE)).toThrow(
      TemplateError,
    )
  })
})
