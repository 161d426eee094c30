/**
 * Where the browser fetches an animal's photo. Photos uploaded by shelters live in the
 * public Storage bucket `animal-photos` (`<shelter id>/<animal id>/<file>.webp`) and are served
 * through the app's `/photos/*` resource route, so the browser never talks to the backend;
 * synced and demo listings carry a ready URL instead.
 */
export const ANIMAL_PHOTOS_BUCKET = 'animal-photos'

export type PhotoSource = { storage_path?: string | null; external_url?: string | null }

export function animalPhotoSrc(photo: PhotoSource | null | undefined, width?: number): string | null {
  if (photo?.storage_path) {
    const path = photo.storage_path.split('/').map(encodeURIComponent).join('/')
    return `/photos/${path}${width ? `?w=${width}` : ''}`
  }
  return photo?.external_url || null
}
