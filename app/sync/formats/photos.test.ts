import { expect, test } from 'vitest'
import { photoList, photoReference } from '#app/sync/formats/photos.ts'

test('placeholders, videos, folders and non-images are left out', () => {
  expect(
    [
      'https://www.shelterluv.com/sites/default/files/default_images/default_cat.png',
      'https://g.petango.com/shared/Photo-Not-Available-dog.gif',
      'https://youtu.be/abc',
      'https://player.vimeo.com/video/1',
      'ftp://example.org/a.jpg',
      '../etc/passwd.jpg',
      'notes.txt',
      '","","","',
    ].map(photoReference),
  ).toEqual([null, null, null, null, null, null, null, null])
  expect(photoReference(' https://service.example.org/asmservice?method=media_image&mediaid=1 ')).toBe(
    'https://service.example.org/asmservice?method=media_image&mediaid=1',
  )
  expect(photoReference('D2024001-1.JPG')).toBe('D2024001-1.JPG')
})

test('at most six, in order, each once', () => {
  const urls = Array.from({ length: 9 }, (_, index) => `https://example.org/${index % 8}.jpg`)
  expect(photoList(['https://example.org/0.jpg', ...urls])).toEqual([0, 1, 2, 3, 4, 5].map((index) => `https://example.org/${index}.jpg`))
})
