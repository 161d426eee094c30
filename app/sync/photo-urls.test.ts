import { isPlaceholderPhotoUrl } from '#app/sync/photo-urls.ts'

describe('isPlaceholderPhotoUrl', () => {
  test('knows the shelter software’s "no photo" pictures and video links', () => {
    for (const url of [
      'https://www.shelterluv.com/sites/default/files/default_images/default_cat.png',
      'https://cdn.example.org/img/default_dog.png',
      'https://g.petango.com/shared/Photo-Not-Available-dog.gif',
      'http://g.petango.com/shared/Photo-Not-Available-other.gif',
      'https://www.youtube.com/watch?v=abc123',
      'https://youtu.be/abc123',
      'https://vimeo.com/123456',
      'https://player.vimeo.com/video/123456',
    ]) {
      expect(isPlaceholderPhotoUrl(url), url).toBe(true)
    }
  })

  test('leaves real photos alone, service URLs without an extension included', () => {
    for (const url of [
      'https://photos.example/a3.jpg',
      'https://service.sheltermanager.com/asmservice?method=media_image&mediaid=12&ts=1&key=ab12',
      'https://g.petango.com/photos/1234/5678.jpg',
      'https://cdn.example.org/defaults/dog-in-yard.jpg',
      'https://notyoutube.example/photo.jpg',
      'not a url',
    ]) {
      expect(isPlaceholderPhotoUrl(url), url).toBe(false)
    }
  })
})
