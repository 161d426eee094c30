import { describe, expect, it } from 'vitest'
import { openApiDocument } from '#app/api/openapi.ts'

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with every route, and the animal schema carries the zod descriptions', () => {
    const document = openApiDocument()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths ?? {}).sort()).toEqual([
      '/api/v1/animals',
      '/api/v1/animals/{externalId}',
      '/api/v1/imports',
      '/api/v1/imports/{id}',
    ])
    const animal = document.components?.schemas?.Animal as { properties: Record<string, { description?: string }>; required: string[] }
    expect(animal.properties.external_id?.description).toMatch(/stable over its life/)
    expect(animal.required).toEqual(expect.arrayContaining(['external_id', 'name', 'type', 'age_group']))
    expect(Object.keys(document.paths?.['/api/v1/animals/{externalId}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'put'])
    // A nullable enum takes null (the generator leaves it out of the enum).
    expect(animal.properties.coat).toMatchObject({ type: ['string', 'null'], enum: expect.arrayContaining([null, 'short']) })
    // A care answer not known is null, and says so.
    for (const care of ['house_trained', 'spayed_neutered', 'vaccinations_current', 'special_needs']) {
      expect(animal.properties[care], care).toMatchObject({
        type: ['boolean', 'null'],
        default: null,
        description: expect.stringMatching(/null when not known/),
      })
      expect(animal.required).not.toContain(care)
    }
  })

  it('says nothing of applications or a shelter’s own application questions: they stay on the site', () => {
    expect(JSON.stringify(openApiDocument())).not.toMatch(/question|application_|applications/i)
  })
})
