import sharp from 'sharp'
import { MAX_PHOTO_BYTES } from '#app/models/animal-form-schema.ts'
import {
  MAX_BODY_BYTES,
  PhotoError,
  parseAnimalForm,
  photoWidth,
  processPhoto,
  resizePhoto,
  servablePhoto,
} from '#app/utils/photo-upload.server.ts'

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer()

function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; bytes: Uint8Array }>) {
  const formData = new FormData()
  for (const part of parts) {
    if ('value' in part) formData.append(part.name, part.value)
    else formData.append(part.name, new File([new Uint8Array(part.bytes)], part.filename, { type: part.type }))
  }
  return new Request('http://localhost/dashboard/x/animals/new', { method: 'POST', body: formData })
}

describe('processPhoto', () => {
  test('scales a large picture to fit 1600 px and stores it as WebP', async () => {
    const photo = await processPhoto(await image(3200, 1600, 'jpeg'))
    expect(photo).toMatchObject({ width: 1600, height: 800 })
    expect((await sharp(photo.data).metadata()).format).toBe('webp')
  })

  test('never enlarges a small picture', async () => {
    expect(await processPhoto(await image(40, 30))).toMatchObject({ width: 40, height: 30 })
  })

  test('turns a photo upright by its EXIF orientation and drops the metadata', async () => {
    const rotated = await sharp(await image(60, 20, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const photo = await processPhoto(rotated)
    expect(photo).toMatchObject({ width: 20, height: 60 })
    expect((await sharp(photo.data).metadata()).exif).toBeUndefined()
  })

  test('refuses what is not a JPEG, PNG or WebP picture, whatever its name says', async () => {
    await expect(processPhoto(await image(10, 10, 'gif'), 'cat.png')).rejects.toThrow(
      new PhotoError('cat.png is not a JPEG, PNG or WebP image.'),
    )
    await expect(processPhoto(Buffer.from('not an image'), 'notes.jpg')).rejects.toThrow('notes.jpg could not be read as an image.')
  })
})

describe('parseAnimalForm', () => {
  test('keeps text fields and accepted photos; an empty file input is no photo', async () => {
    const png = await image(10, 10)
    const { formData, photos, photoErrors } = await parseAnimalForm(
      multipart([
        { name: 'name', value: 'Biscuit' },
        { name: 'photos', filename: 'biscuit.png', type: 'image/png', bytes: png },
        { name: 'photos', filename: '', type: 'application/octet-stream', bytes: new Uint8Array() },
      ]),
    )
    expect(formData.get('name')).toBe('Biscuit')
    expect(formData.getAll('photos').some((value) => value instanceof File)).toBe(false)
    expect(photoErrors).toEqual([])
    expect(photos).toHaveLength(1)
    expect(photos[0]).toMatchObject({ filename: 'biscuit.png', contentType: 'image/png' })
  })

  test('names a photo of the wrong type or over 10 MB, and still reads the rest of the form', async () => {
    const { formData, photos, photoErrors } = await parseAnimalForm(
      multipart([
        { name: 'photos', filename: 'notes.txt', type: 'text/plain', bytes: new TextEncoder().encode('hello') },
        { name: 'photos', filename: 'huge.jpg', type: 'image/jpeg', bytes: new Uint8Array(MAX_PHOTO_BYTES + 1) },
        { name: 'name', value: 'Biscuit' },
      ]),
    )
    expect(photos).toEqual([])
    expect(photoErrors).toEqual(['notes.txt is not a JPEG, PNG or WebP image.', 'huge.jpg is larger than 10 MB.'])
    expect(formData.get('name')).toBe('Biscuit')
  })

  test('allows at most six photos in one go', async () => {
    const png = await image(4, 4)
    const parts = Array.from({ length: 7 }, (_, index) => ({ name: 'photos', filename: `${index}.png`, type: 'image/png', bytes: png }))
    const { photos, photoErrors } = await parseAnimalForm(multipart(parts))
    expect(photos).toHaveLength(6)
    expect(photoErrors).toEqual(['You can add at most 6 photos.'])
  })

  test.each(['plain.png', 'a=b.png', 'cat; dog.png', 'name="x"; filename=evil.png', 'chat é;=.png'])(
    'accepts a photo whose file name is %j, as a browser sends it',
    async (filename) => {
      const png = Buffer.from(await image(6, 6))
      // Browsers put the name in quotes as typed, escaping only quotes and line breaks.
      const quoted = filename.replace(/"/g, '%22')
      const body = Buffer.concat([
        Buffer.from(`--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nBiscuit\r\n`),
        Buffer.from(`--b\r\nContent-Disposition: form-data; name="photos"; filename="${quoted}"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from('\r\n--b--\r\n'),
      ])
      const request = new Request('http://localhost/x', {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
        body,
      })
      const { formData, photos, photoErrors } = await parseAnimalForm(request)
      expect(photoErrors).toEqual([])
      expect(photos).toHaveLength(1)
      expect(formData.get('name')).toBe('Biscuit')
    },
  )

  test('refuses a body over the limit with 413', async () => {
    const request = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(MAX_BODY_BYTES + 1) },
      body: 'x',
    })
    await expect(parseAnimalForm(request)).rejects.toMatchObject({ status: 413 })
  })
})

describe('photo widths', () => {
  test('rounds a requested width up to an allowed one, and ignores nonsense', () => {
    expect(photoWidth('300')).toBe(320)
    expect(photoWidth('160')).toBe(160)
    expect(photoWidth('5000')).toBeNull()
    expect(photoWidth('-1')).toBeNull()
    expect(photoWidth('abc')).toBeNull()
    expect(photoWidth(null)).toBeNull()
  })

  test('resizes a stored photo to a width without enlarging it', async () => {
    const stored = (await processPhoto(await image(1000, 500))).data
    expect((await sharp(await resizePhoto(stored, 320)).metadata()).width).toBe(320)
    expect((await sharp(await resizePhoto(stored, 1200)).metadata()).width).toBe(1000)
  })
})

describe('servablePhoto', () => {
  test('serves a stored WebP picture as it is, or narrower', async () => {
    const stored = (await processPhoto(await image(1000, 500))).data
    expect(await servablePhoto(stored, null)).toBe(stored)
    expect((await sharp((await servablePhoto(stored, 320))!).metadata()).width).toBe(320)
  })

  test('serves nothing for bytes that are not a WebP picture, whatever the object was declared as', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const riffHeaderOnly = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.from('<html>')])
    for (const bytes of [html, riffHeaderOnly, await image(20, 20, 'png'), await image(20, 20, 'jpeg')]) {
      expect(await servablePhoto(bytes, null)).toBeNull()
      expect(await servablePhoto(bytes, 320)).toBeNull()
    }
  })
})
