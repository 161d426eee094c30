import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { cardVersion, animalCard } from '#app/models/share-card.server.ts'
import { cardText, renderShareCard, wrapWords } from '#app/utils/share-card.server.ts'

const demoPhoto = path.resolve(import.meta.dirname, '../../public/images/demo/dog-floppy-black.svg')

describe('a share card', () => {
  it('is a 1200 × 630 PNG, with an SVG photo rasterised and a name that is markup drawn as text', async () => {
    const png = await renderShareCard({
      title: '<b>Biscuit</b> & "Co"',
      lines: ['Lone Star Paws Rescue', 'Austin, TX'],
      photo: await readFile(demoPhoto),
    })
    const info = await sharp(png).metadata()
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630])
    // The photo's side is the picture, not the placeholder's flat brand colour.
    const { dominant } = await sharp(png).extract({ left: 0, top: 0, width: 630, height: 630 }).stats()
    expect(dominant).not.toEqual({ r: 232, g: 88, b: 8 })
  })

  it('draws the paw when the photo cannot be read', async () => {
    const png = await renderShareCard({ title: 'Biscuit', lines: [], photo: Buffer.from('not an image') })
    expect((await sharp(png).metadata()).width).toBe(1200)
  })

  it('escapes and shortens its text', () => {
    expect(cardText('a <b> & "c"', 40)).toBe('a &lt;b&gt; &amp; &quot;c&quot;')
    expect(cardText('Lone Star Paws Rescue of Central Texas', 23)).toBe('Lone Star Paws Rescue…')
    expect(wrapWords('A Really Long Shelter Name and Friends', 15, 2)).toEqual(['A Really Long', 'Shelter Name and Friends'])
  })

  it('has a new version when what it shows changes', () => {
    const animal = {
      name: 'Biscuit',
      photos: [{ storage_path: 'a/b/1.webp' }],
      shelter: { shelter_name: 'Paws', city: 'Austin', state: 'TX' },
    }
    const version = cardVersion(animalCard(animal))
    expect(cardVersion(animalCard({ ...animal }))).toBe(version)
    expect(cardVersion(animalCard({ ...animal, name: 'Biscuit II' }))).not.toBe(version)
    expect(cardVersion(animalCard({ ...animal, photos: [{ storage_path: 'a/b/2.webp' }] }))).not.toBe(version)
    expect(cardVersion(animalCard({ ...animal, shelter: { ...animal.shelter, city: 'Dallas' } }))).not.toBe(version)
  })
})
