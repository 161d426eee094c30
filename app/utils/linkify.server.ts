// The web addresses in a listing's plain text, found by linkify-it (decision 022) on the server:
// pages get text and link parts to render as React elements, and the library never reaches
// the browser's bundle.
import { LinkifyIt, type Match } from 'linkify-it'
import { paragraphs, type TextPart } from '#app/utils/listing-format.ts'

// Web addresses only: http(s)://… and www.…; never mailto:, ftp: or protocol-relative links,
// bare e-mail addresses (the shelter's is on the page already) or IP addresses.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false }).add('ftp:', null).add('mailto:', null).add('//', null)

function webAddress(match: Match): string | null {
  // A name without www. may be anything with a dot ("2yrs.so", "index.md"): left as text.
  if (match.schema === '' && !/^www\./i.test(match.raw)) return null
  try {
    const parsed = new URL(match.url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/** A text as plain-text parts and links to http(s) addresses, in order. */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of linkify.match(text) ?? []) {
    const href = webAddress(match)
    if (!href) continue
    if (match.index > last) parts.push(text.slice(last, match.index))
    parts.push({ href, text: match.raw })
    last = match.lastIndex
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}

/** A listing's description as paragraphs (blank lines apart) of text and links. */
export function linkifiedParagraphs(text: string | null | undefined): TextPart[][] {
  return paragraphs(text).map(linkifyText)
}
