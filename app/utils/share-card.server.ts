// The 1200 × 630 PNG a link preview shows (og:image): the animal's photo on the left, its name,
// shelter and city on the right, the site's mark below. sharp draws it (the text through an
// SVG layer, in DejaVu Sans, which the container image installs). Imports nothing of the app,
// so scripts/icons.ts draws the site's own card with it too.
import sharp from 'sharp'

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630
const PHOTO_SIDE = 630
const BRAND = '#ea580c'
const INK = '#111827'
const MUTED = '#4b5563'
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"

export type ShareCard = {
  /** The big line: the animal's or shelter's name. */
  title: string
  /** Up to three smaller lines under it (shelter, place, a call to action). */
  lines: string[]
  /** The picture on the left (any format sharp reads, SVG too), or null for the paw. */
  photo: Buffer | null
}

/** Text for an SVG text node: escaped, one line, cut with an ellipsis to about `max` characters. */
export function cardText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const cut =
    [...line].length > max
      ? `${[...line]
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : line
  return cut.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`)
}

const PAW = `<g fill="#fff"><ellipse cx="32" cy="41" rx="12" ry="10"/><ellipse cx="18" cy="28" rx="5" ry="6.5"/><ellipse cx="46" cy="28" rx="5" ry="6.5"/><ellipse cx="25" cy="18" rx="4.5" ry="6"/><ellipse cx="39" cy="18" rx="4.5" ry="6"/></g>`

/** Words into at most `count` lines of about `width` characters; the last cut with an ellipsis. */
export function wrapWords(text: string, width: number, count: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (!current) current = word
    else if ([...`${current} ${word}`].length <= width) current = `${current} ${word}`
    else {
      lines.push(current)
      current = word
    }
  }
  if (current) lines.push(current)
  if (lines.length <= count) return lines
  return [...lines.slice(0, count - 1), `${lines.slice(count - 1).join(' ')}`]
}

/** The text side, with the site's mark at the foot. */
function textLayer(card: ShareCard): string {
  const left = PHOTO_SIDE + 56
  const length = [...card.title.trim()].length
  // Sized to fit the 480 px beside the photo: one big line for a short name, else two.
  const [size, width, count] = length <= 10 ? [72, 10, 1] : length <= 12 ? [60, 12, 1] : [48, 15, 2]
  const titles = wrapWords(card.title, width, count).map(
    (line, index) =>
      `<text x="${left}" y="${(count === 1 ? 190 : 150) + index * 60}" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${INK}">${cardText(line, width + 1)}</text>`,
  )
  const lines = card.lines
    .slice(0, 3)
    .map(
      (line, index) =>
        `<text x="${left}" y="${290 + index * 52}" font-family="${FONT}" font-size="34" fill="${index === 0 ? INK : MUTED}">${cardText(line, 23)}</text>`,
    )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
<rect x="${PHOTO_SIDE}" y="0" width="${CARD_WIDTH - PHOTO_SIDE}" height="${CARD_HEIGHT}" fill="#fff7ed"/>
<rect x="${PHOTO_SIDE}" y="0" width="12" height="${CARD_HEIGHT}" fill="${BRAND}"/>
${titles.join('\n')}
${lines.join('\n')}
<g transform="translate(${left} 510)"><circle cx="32" cy="32" r="32" fill="${BRAND}"/>${PAW}</g>
<text x="${left + 84}" y="556" font-family="${FONT}" font-size="40" font-weight="bold" fill="${BRAND}">Pawhaven</text>
</svg>`
}

/** The left square without a photo: the paw on the brand colour. */
const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIDE}" height="${PHOTO_SIDE}" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(12 12) scale(0.625)">${PAW}</g></svg>`

/** The card as a PNG (palette-quantised: a preview's size, a few hundred KB at most). */
export async function renderShareCard(card: ShareCard): Promise<Buffer> {
  let photo: Buffer
  try {
    if (!card.photo) throw new Error('no photo')
    // SVG pictures (the demo listings') are rasterised here, at the square's size.
    photo = await sharp(card.photo, { density: 300, limitInputPixels: 50_000_000 })
      .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer()
  } catch {
    photo = await sharp(Buffer.from(PLACEHOLDER)).png().toBuffer()
  }
  return sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([
      { input: photo, left: 0, top: 0 },
      { input: Buffer.from(textLayer(card)), left: 0, top: 0 },
    ])
    .png({ palette: true, quality: 90, effort: 4 })
    .toBuffer()
}
