// Photo URLs in listings files that are not photos of the animal: the shelter software's
// "no photo" placeholders (Shelterluv's …/default_images/default_cat.png, PetPoint's
// Photo-Not-Available-dog.gif) and the video links some exporters put in a photo slot (ASM3's
// photo6). The format readers leave them out; the worker (worker/tasks/fetch-synced-photos.ts)
// checks again before fetching. Imports nothing, so plain Node can load it.

const PLACEHOLDER_FILE =
  /^(default_[a-z0-9_-]*|photo[-_ ]?not[-_ ]?available[a-z0-9_-]*|no[-_]?(photo|image)[a-z0-9_-]*)\.(png|gif|jpe?g|webp)$/i
const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com)$/i

/** True for a "no photo" placeholder or a video link, which are never shown as photos. */
export function isPlaceholderPhotoUrl(address: string): boolean {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  if (VIDEO_HOSTS.test(url.hostname)) return true
  const segments = url.pathname.split('/')
  const file = decodeSafely(segments.at(-1) ?? '')
  return PLACEHOLDER_FILE.test(file) || segments.includes('default_images')
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
