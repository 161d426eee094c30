// Makes the site's icons and its default share card from public/favicon.svg, into public/
// (checked in: the server only serves them). Run again after changing the logo:
//
//   npm exec -- node scripts/icons.ts
//
// favicon.ico (16, 32 and 48 px PNGs in one ICO), icon-192.png and icon-512.png (the web
// manifest's), apple-touch-icon.png (180 px on white: iOS fills transparency with black),
// site.webmanifest, and og-image.png (the 1200 × 630 card of pages without one of their own).
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { renderShareCard } from '#app/utils/share-card.server.ts'

const publicDir = path.resolve(import.meta.dirname, '../public')
const svg = await readFile(path.join(publicDir, 'favicon.svg'))

const png = (size: number) =>
  sharp(svg, { density: 72 * Math.ceil(size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer()

/** An ICO holding PNG images (every browser since Vista-era IE reads PNG entries). */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0)
    entry.writeUInt8(size >= 256 ? 0 : size, 1)
    entry.writeUInt8(0, 2)
    entry.writeUInt8(0, 3)
    entry.writeUInt16LE(1, 4)
    entry.writeUInt16LE(32, 6)
    entry.writeUInt32LE(data.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += data.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)])
}

const sizes = [16, 32, 48]
await writeFile(path.join(publicDir, 'favicon.ico'), ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })))))
await writeFile(path.join(publicDir, 'icon-192.png'), await png(192))
await writeFile(path.join(publicDir, 'icon-512.png'), await png(512))
await writeFile(
  path.join(publicDir, 'apple-touch-icon.png'),
  await sharp({ create: { width: 180, height: 180, channels: 3, background: '#ffffff' } })
    .composite([{ input: await png(150), left: 15, top: 15 }])
    .png({ compressionLevel: 9 })
    .toBuffer(),
)
const manifest = {
  name: 'Pawhaven',
  short_name: 'Pawhaven',
  description: 'Find adoptable pets from shelters and rescues across the US. Free for adopters and shelters.',
  start_url: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#ea580c',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  ],
}
await writeFile(path.join(publicDir, 'site.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`)
await writeFile(
  path.join(publicDir, 'og-image.png'),
  await renderShareCard({
    title: "Adopt, don't shop",
    lines: ['Pets from shelters', 'and rescues near you', 'Free for everyone'],
    photo: await readFile(path.join(publicDir, 'images/home-pets.svg')),
  }),
)
console.log('wrote favicon.ico, icon-192.png, icon-512.png, apple-touch-icon.png, site.webmanifest, og-image.png')
