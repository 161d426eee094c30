// Reading a push API body: text PostgreSQL cannot store (a NUL, half a surrogate pair) is the
// client's 422 naming the field, wherever it sits in the body.
import { describe, expect, it } from 'vitest'
import { readJson } from '#app/api/guard.server.ts'

const put = (body: string) =>
  new Request('http://localhost/api/v1/animals/A1', { method: 'PUT', body, headers: { 'Content-Type': 'application/json' } })

async function refusal(body: string) {
  try {
    await readJson(put(body), 1024 * 1024)
  } catch (thrown) {
    return thrown as Response
  }
  throw new Error('the body was accepted')
}

describe('readJson', () => {
  it('refuses a NUL in any text field with a 422 that names each field', async () => {
    const response = await refusal(
      JSON.stringify({ name: 'Rex\u0000', primary_breed: '\u0000Beagle', photos: ['https://x.example/a.jpg', 'b\u0000'] }),
    )
    expect(response.status).toBe(422)
    expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    const body = (await response.json()) as { type: string; errors: { field: string }[] }
    expect(body.type).toBe('/developers/api#validation')
    expect(body.errors.map((error) => error.field)).toEqual(['name', 'primary_breed', 'photos.1'])
  })

  it('refuses half of a surrogate pair, and a NUL in a key, naming them', async () => {
    const response = await refusal('{"description": "Loves \\ud83d walks", "a\\u0000b": "x"}')
    expect(response.status).toBe(422)
    expect(((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual([
      'description',
      'a\\u0000b',
    ])
  })

  it('takes whole emoji and other characters as they are', async () => {
    const { value } = await readJson(put(JSON.stringify({ name: 'Rex 🐕', description: 'Tab\there, line\nthere' })), 1024)
    expect(value).toEqual({ name: 'Rex 🐕', description: 'Tab\there, line\nthere' })
  })
})
