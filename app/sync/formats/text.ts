// Text fields as shelters' software sends them, made into the plain text public.animals holds:
// HTML entities decoded (entities), markup reduced to text (htmlparser2), line breaks made
// paragraphs, tracking pixels and images dropped, mojibake repaired, lengths kept within the
// column checks. Pages render the result as text, never as markup.
import { decodeHTML, decodeHTMLStrict } from 'entities'
import { Parser } from 'htmlparser2'

// Mojibake ------------------------------------------------------------------------------------

/** Windows-1252's characters for bytes 0x80–0x9F (the rest of 0x80–0xFF are Latin-1's own). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'
const CP1252_BYTE = new Map<string, number>([...CP1252_HIGH].map((char, index) => [char, 0x80 + index]))

/** The byte a character stood for when UTF-8 was read as Windows-1252 or Latin-1. */
function mojibakeByte(char: string): number | undefined {
  const code = char.charCodeAt(0)
  if (code >= 0x80 && code <= 0xff) return code
  return CP1252_BYTE.get(char)
}

const CONTINUATION = `[\\u0080-\\u00BF${[...CP1252_HIGH].filter((char) => char.charCodeAt(0) > 0xff).join('')}]`
/** A lead byte and its continuation bytes, each shown as the character it decodes to in Windows-1252. */
const MOJIBAKE = new RegExp(`[\\u00C2-\\u00DF]${CONTINUATION}|[\\u00E0-\\u00EF]${CONTINUATION}{2}|[\\u00F0-\\u00F4]${CONTINUATION}{3}`, 'g')
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Repairs UTF-8 that was read as Windows-1252 or Latin-1 somewhere upstream ("Heâ€™s" →
 * "He’s", RescueGroups' "He\u00e2\u0080\u0099s" → "He’s"), twice over at most. A sequence
 * is replaced only when its bytes are valid UTF-8, so real accented text stays as it is.
 */
export function repairMojibake(text: string): string {
  let result = text
  for (let pass = 0; pass < 2 && MOJIBAKE.test(result); pass++) {
    MOJIBAKE.lastIndex = 0
    result = result.replace(MOJIBAKE, (sequence) => {
      const bytes = [...sequence].map(mojibakeByte)
      if (bytes.some((byte) => byte === undefined)) return sequence
      try {
        return UTF8.decode(new Uint8Array(bytes as number[]))
      } catch {
        return sequence
      }
    })
  }
  MOJIBAKE.lastIndex = 0
  return result
}

// Lengths -------------------------------------------------------------------------------------

/**
 * Text cut to `max` characters (counted as JavaScript does, which is never fewer than
 * PostgreSQL's count), at a word boundary when one is near, with an ellipsis.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, max - 1)
  // Never split a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  const space = cut.lastIndexOf(' ')
  if (space > max * 0.8) cut = cut.slice(0, space)
  return `${cut.trimEnd()}…`
}

// One-line fields -----------------------------------------------------------------------------

// Control characters are what this removes, so the expression names them.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF]/g

/**
 * A one-line field (a name, a breed, a colour): mojibake repaired, entities such as `&amp;`
 * decoded, whitespace collapsed, cut to `max` characters. Blank → null.
 */
export function cleanLine(value: string | null | undefined, max: number): string | null {
  if (!value) return null
  let text = repairMojibake(value)
  if (text.includes('&')) text = decodeHTMLStrict(text)
  text = text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
  return text ? truncate(text, max) : null
}

// Descriptions --------------------------------------------------------------------------------

/** Tags whose presence makes a description HTML (a lone "<3" or "<dogs>" stays text). */
const HTML_TAG =
  /<\/?(?:a|abbr|b|big|blockquote|body|br|center|dd|div|dl|dt|em|font|h[1-6]|head|hr|html|i|iframe|img|li|link|meta|noscript|o:p|ol|p|pre|script|section|small|span|strike|strong|style|sub|sup|table|tbody|td|th|thead|title|tr|u|ul)\b[^<>]*>/i

/** Elements that start and end a paragraph of their own. */
const BLOCKS = new Set([
  'address',
  'article',
  'blockquote',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
])
/** Elements whose content is never text for a reader. */
const HIDDEN = new Set(['head', 'iframe', 'noscript', 'object', 'script', 'style', 'svg', 'template', 'title', 'video', 'audio'])

/** HTML to text: blocks and `<br>` become line breaks, images (tracking pixels too) and scripts go. */
function htmlToText(html: string): string {
  let text = ''
  let hiddenDepth = 0
  const links: { href: string; start: number }[] = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hiddenDepth++
        else if (name === 'br' || BLOCKS.has(name)) text += '\n'
        if (name === 'li') text += '• '
        if (name === 'a') links.push({ href: attributes.href ?? '', start: text.length })
      },
      ontext(data) {
        if (hiddenDepth === 0) text += data
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1)
        else if (BLOCKS.has(name)) text += '\n'
        if (name === 'a') {
          // A link's address is kept after its words when they differ ("Apply here (https://…)"),
          // so the animal page can link it as it links any address in a description.
          const link = links.pop()
          const words = link ? text.slice(link.start).trim() : ''
          if (link && /^https?:\/\//i.test(link.href) && !words.includes(link.href)) text += words ? ` (${link.href})` : link.href
        }
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  return text
}

/**
 * A description as plain text, paragraphs separated by a blank line: `&#10;`, `<br>` and raw
 * line breaks each end a paragraph; HTML reduced to its text; entities decoded (twice when a
 * writer encoded them twice); mojibake repaired; cut to `max` characters. Blank → null.
 */
export function cleanDescription(value: string | null | undefined, max = 10_000): string | null {
  if (!value) return null
  let text = repairMojibake(value).replace(/\r\n?/g, '\n')
  if (text.includes('<') && HTML_TAG.test(text)) text = htmlToText(text)
  else if (text.includes('&')) text = decodeHTML(text)
  if (text.includes('&') && /&(?:#\d+|#x[\da-f]+|amp|quot|apos|lt|gt|nbsp|rsquo|lsquo|rdquo|ldquo|mdash|ndash|hellip);/i.test(text))
    text = decodeHTML(text)
  const paragraphs = text
    .replace(/\u00A0/g, ' ')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .filter(Boolean)
  return paragraphs.length ? truncate(paragraphs.join('\n\n'), max) : null
}

/** Our own JSON's plain text: line endings normalised, runs of blank lines collapsed, trimmed. */
export function cleanPlainText(value: string | null | undefined): string | null {
  if (!value) return null
  const text = value
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return text || null
}
