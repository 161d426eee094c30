// Horses and barnyard animals, on the same 800 × 600 canvas as the pets.
import type { Palette } from '#scripts/lib/demo-data/vocabulary.ts'
import { BLUSH, INNER_EAR, circle, ellipse, eye, line, mirrored, path, shade } from '#scripts/lib/demo-data/portraits/shapes.ts'

/** In profile, facing left: a horse is best known by its long face and mane. */
export function horse(palette: Palette): string {
  const { body, accent, dark, pattern } = palette
  const mane = pattern === 'patches' ? dark : accent
  return [
    path('M360 600 C372 470 420 340 500 255 L620 300 C590 400 575 500 585 600 Z', body),
    pattern === 'patches' ? path('M395 600 C400 520 430 450 470 420 C520 440 540 520 530 600 Z', accent) : '',
    path(
      'M500 228 C450 212 330 250 240 330 C208 360 214 412 262 422 C322 434 382 402 442 372 C502 346 562 322 562 282 C562 250 532 232 500 228 Z',
      body,
    ),
    pattern === 'patches' || palette.body === '#2f2f36'
      ? ''
      : path('M300 300 C330 290 360 300 380 296 C350 320 320 330 300 330 Z', '#ffffff', { opacity: 0.85 }),
    ellipse(262, 384, 58, 44, shade(body, -0.12)),
    ellipse(240, 372, 9, 13, dark),
    line('M232 408 C250 416 270 414 285 406', dark, 4),
    path('M515 240 L532 150 C536 140 548 142 550 152 L566 250 Z', body),
    path('M527 228 L538 172 L552 232 Z', shade(body, -0.2)),
    path('M548 222 C610 262 628 382 618 600 L588 600 C598 420 568 300 520 244 Z', mane),
    path('M500 232 C470 222 450 236 446 262 C468 250 488 250 508 258 Z', mane),
    eye(430, 298, 14, dark),
    ellipse(455, 340, 16, 9, BLUSH, { opacity: 0.45 }),
  ].join('')
}

export function pig(palette: Palette): string {
  const { body, accent, dark } = palette
  return [
    ellipse(400, 540, 190, 120, body),
    mirrored([
      path('M290 220 L270 130 C268 118 282 112 292 120 L360 190 Z', shade(body, -0.1)),
      path('M292 200 L282 146 L330 188 Z', INNER_EAR),
    ]),
    ellipse(400, 310, 140, 125, body),
    ellipse(400, 360, 62, 44, accent),
    ellipse(400, 360, 62, 44, 'none', { stroke: shade(accent, -0.2), 'stroke-width': 4 }),
    mirrored([ellipse(382, 360, 9, 15, shade(accent, -0.45)), eye(345, 290, 15, dark), ellipse(318, 345, 20, 12, BLUSH, { opacity: 0.6 })]),
    line('M372 418 C385 430 415 430 428 418', dark, 5),
  ].join('')
}

export function goat(palette: Palette): string {
  const { body, accent, dark } = palette
  return [
    ellipse(400, 545, 170, 115, body),
    mirrored([
      line('M360 200 C340 140 300 120 262 130', '#8a8178', 22),
      path('M335 270 C300 250 240 255 215 280 C240 300 300 305 340 295 Z', body),
      path('M318 275 C295 266 258 270 242 281 C262 290 298 292 322 288 Z', INNER_EAR),
    ]),
    path('M400 190 C470 190 500 250 495 310 C490 380 450 430 400 430 C350 430 310 380 305 310 C300 250 330 190 400 190 Z', body),
    path('M400 200 C385 240 382 300 386 360 L414 360 C418 300 415 240 400 200 Z', accent, { opacity: 0.9 }),
    ellipse(400, 395, 55, 38, accent),
    path('M385 428 L400 480 L415 428 Z', shade(body, -0.15)),
    mirrored([eye(355, 290, 14, dark), ellipse(385, 392, 7, 10, dark)]),
    line('M388 412 C395 418 405 418 412 412', dark, 4),
  ].join('')
}

export function sheep(palette: Palette): string {
  const { body, accent, dark } = palette
  const wool = [
    [260, 500, 80],
    [340, 470, 85],
    [440, 470, 85],
    [530, 500, 80],
    [300, 560, 80],
    [400, 560, 90],
    [500, 560, 80],
    [330, 200, 55],
    [400, 180, 60],
    [470, 200, 55],
    [300, 250, 45],
    [500, 250, 45],
  ] as const
  return [
    ...wool.map(([cx, cy, r]) => circle(cx, cy, r, body)),
    mirrored([path('M318 290 C280 280 240 292 228 312 C250 326 292 322 322 310 Z', accent)]),
    ellipse(400, 320, 85, 105, accent),
    circle(400, 232, 40, body),
    mirrored([eye(368, 305, 13, '#ffffff'), circle(368, 305, 7, dark), ellipse(372, 380, 6, 9, shade(accent, -0.4))]),
    line('M385 398 C393 405 407 405 415 398', shade(accent, 0.4), 4),
  ].join('')
}

/** Three-quarter view facing left. */
export function chicken(palette: Palette): string {
  const { body, accent, dark } = palette
  return [
    line('M370 470 L360 560 L335 575 M360 560 L385 575 M450 470 L455 560 L430 575 M455 560 L480 575', '#e3a23b', 10),
    path('M560 260 C640 220 680 300 650 360 C700 330 700 420 640 440 L560 380 Z', shade(body, -0.15)),
    ellipse(430, 390, 175, 130, body),
    path('M420 360 C480 340 560 360 580 420 C520 450 450 440 420 360 Z', accent),
    circle(330, 240, 85, body),
    circle(300, 150, 24, '#d9453b'),
    circle(332, 145, 26, '#d9453b'),
    circle(362, 158, 22, '#d9453b'),
    path('M250 240 L200 258 L250 272 Z', '#f0a73a'),
    path('M255 280 C245 300 250 325 268 330 C282 318 280 292 272 280 Z', '#d9453b'),
    eye(300, 228, 13, dark),
    ellipse(330, 268, 16, 9, BLUSH, { opacity: 0.55 }),
  ].join('')
}
