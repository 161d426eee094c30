// The add/edit animal form's photos: the photos the animal has (main photo, remove), the file
// field for new ones, made smaller in the browser as they are chosen (app/utils/photo-resize.ts) with a
// preview of each, and the upload's progress while the form goes up (app/utils/upload-progress.ts).
import { useEffect, useId, useRef, useState } from 'react'
import { ErrorList, inputClass } from '#app/components/ui/forms.tsx'
import { MAX_PHOTOS, MAX_PHOTO_BYTES, PHOTO_MIME_TYPES } from '#app/models/animal-form-schema.ts'
import type { Tables } from '#app/types/database.ts'
import { animalPhotoSrc } from '#app/utils/photos.ts'
import { Card, CardTitle } from '#app/components/dashboard/cards.tsx'
import { canResizePhotos, resizePhoto } from '#app/utils/photo-resize.ts'
import { useUploadProgress } from '#app/utils/upload-progress.ts'

export type ExistingPhoto = Pick<Tables<'animal_photos'>, 'id' | 'storage_path' | 'external_url' | 'alt'>

/** What is wrong with the chosen files, before any of them is sent (the server checks again). */
function photoProblems(files: FileList | null): string[] {
  const chosen = [...(files ?? [])]
  const problems = chosen.flatMap((file) => {
    if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return [`${file.name} is not a JPEG, PNG or WebP image.`]
    return file.size > MAX_PHOTO_BYTES ? [`${file.name} is larger than 10 MB.`] : []
  })
  if (chosen.length > MAX_PHOTOS) problems.push(`You can add at most ${MAX_PHOTOS} photos.`)
  return problems
}

export function PhotosCard({
  existingPhotos,
  photoErrors,
  disabled,
}: {
  existingPhotos: ExistingPhoto[]
  photoErrors?: string[]
  disabled: boolean
}) {
  const inputId = useId()
  const [pickProblems, setPickProblems] = useState<string[]>([])
  const { previews, preparing, choose } = useChosenPhotos()
  const errors = pickProblems.length ? pickProblems : photoErrors?.length ? [...photoErrors, 'Please choose your photos again.'] : undefined
  const errorId = errors ? `${inputId}-error` : undefined
  return (
    <Card>
      <CardTitle>Photos</CardTitle>
      {existingPhotos.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {existingPhotos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col gap-2">
              <img
                src={animalPhotoSrc(photo, 320) ?? undefined}
                alt={photo.alt ?? `Photo ${index + 1}`}
                className="aspect-square w-full rounded-md border border-gray-200 object-cover"
              />
              {existingPhotos.length > 1 ? (
                <label className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="radio"
                    name="main_photo"
                    value={photo.id}
                    defaultChecked={index === 0}
                    disabled={disabled}
                    className="h-4 w-4 border-gray-300 text-brand-700"
                  />
                  Main photo<span className="sr-only">: photo {index + 1}</span>
                </label>
              ) : null}
              <label className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  name="remove_photo"
                  value={photo.id}
                  disabled={disabled}
                  className="h-4 w-4 rounded border-gray-300 text-brand-700"
                />
                Remove photo {index + 1}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
          {existingPhotos.length ? 'Add Photos' : 'Photos'}
        </label>
        <input
          id={inputId}
          type="file"
          name="photos"
          multiple
          accept="image/jpeg,image/png,image/webp"
          disabled={disabled}
          onChange={async (event) => {
            const input = event.currentTarget
            const files = await choose(input)
            if (files === null) return
            const problems = photoProblems(files)
            input.setCustomValidity(problems.join(' '))
            setPickProblems(problems)
          }}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[errorId, `${inputId}-hint`].filter(Boolean).join(' ')}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-800`}
        />
        <p id={`${inputId}-hint`} className="text-xs text-gray-500">
          Up to {MAX_PHOTOS} photos in all: JPEG, PNG or WebP, 10 MB each. The main photo (the first, unless you choose another) is the one
          adopters see first.
        </p>
        <ErrorList id={errorId} errors={errors} />
        <p role="status" className="text-sm text-gray-600">
          {preparing ? 'Preparing your photos…' : ''}
        </p>
        {previews.length ? (
          <ul aria-label="Chosen photo previews" className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-6">
            {previews.map((preview) => (
              <li key={preview.url}>
                <img
                  src={preview.url}
                  alt={`Preview of ${preview.name}`}
                  className="aspect-square w-full rounded-md border border-gray-200 object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  )
}

type PhotoPreview = { url: string; name: string }

/**
 * The photos chosen in the file field, made smaller in the browser (app/utils/photo-resize.ts) and put
 * back into the field, so the form sends the smaller files; and a preview of each. `choose`
 * answers the files the field now holds, or null when a newer choice replaced this one.
 */
function useChosenPhotos() {
  const [previews, setPreviews] = useState<PhotoPreview[]>([])
  const [preparing, setPreparing] = useState(false)
  const latest = useRef(0)
  // Each preview's object URL is let go when the previews change and when the form goes.
  useEffect(() => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)), [previews])

  async function choose(input: HTMLInputElement): Promise<FileList | null> {
    const choice = ++latest.current
    const chosen = [...(input.files ?? [])]
    let shown = chosen.filter((file) => (PHOTO_MIME_TYPES as readonly string[]).includes(file.type))
    if (canResizePhotos() && chosen.length && chosen.length <= MAX_PHOTOS) {
      // The form waits for the smaller files (stopOnPhotoProblems keeps it from being sent).
      input.setCustomValidity('Your photos are still being prepared.')
      setPreparing(true)
      const resized = await Promise.all(chosen.map((file) => resizePhoto(file)))
      if (choice !== latest.current) return null
      setPreparing(false)
      if (resized.some((file, index) => file !== null && file !== chosen[index])) {
        const transfer = new DataTransfer()
        resized.forEach((file, index) => transfer.items.add(file ?? chosen[index]!))
        input.files = transfer.files
      }
      // Only what the browser could read as a picture has a preview.
      shown = resized.filter((file): file is File => file !== null)
    }
    setPreviews(shown.map((file) => ({ url: URL.createObjectURL(file), name: file.name })))
    return input.files
  }

  return { previews, preparing, choose }
}

/** The upload's progress beside the button while the form goes up (with JavaScript). */
export function UploadProgress() {
  const progress = useUploadProgress()
  const labelId = useId()
  if (progress === null) return null
  const percent = Math.round(progress * 100)
  return (
    <div className="flex items-center gap-3 text-sm text-gray-700">
      <span id={labelId}>Uploading</span>
      <progress aria-labelledby={labelId} max={100} value={percent} className="h-2 w-40 accent-brand-600" />
      <span aria-hidden="true">{percent}%</span>
    </div>
  )
}
