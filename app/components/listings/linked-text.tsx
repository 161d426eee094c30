import type { TextPart } from '#app/utils/listing-format.ts'

/**
 * Text a shelter wrote, with its web addresses as links. React escapes every part, so markup
 * typed into a listing shows as typed; the links are marked as user content that search
 * engines should not credit to us.
 */
export function LinkedText({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={index} href={part.href} rel="nofollow ugc noopener" className="font-medium text-brand-800 underline hover:text-brand-900">
            {part.text}
          </a>
        ),
      )}
    </>
  )
}
