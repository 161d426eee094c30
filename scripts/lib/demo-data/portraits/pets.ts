// Dogs, cats, rabbits and small furries, facing the viewer, head and shoulders, centred on
// x = 400 of an 800 × 600 picture.
import type { Palette } from '#scripts/lib/demo-data/vocabulary.ts'
import { BLUSH, INNER_EAR, circle, ellipse, eye, group, line, mirrored, path, shade } from '#scripts/lib/demo-data/portraits/shapes.ts'

const TAN = '#c98a4b'

export function dog(palette: Palette, ears: 'floppy' | 'pointy'): string {
  const { body, accent, dark } = palette
  const tricolor = palette.pattern === 'tricolor'
  const earColour = ears === 'floppy' ? shade(tricolor ? body : body, -0.25) : body
  const earShape =
    ears === 'floppy'
      ? path('M300 205 C250 200 225 260 240 340 C250 390 290 395 305 350 C315 310 320 250 300 205 Z', earColour)
      : path('M292 250 L300 130 C305 115 322 118 330 130 L372 200 Z', earColour) + path('M305 225 L310 160 L348 205 Z', INNER_EAR)
  return [
    // chest and shoulders
    ellipse(400, 540, 175, 120, body),
    ellipse(400, 520, 80, 90, accent),
    // head
    mirrored([earShape]),
    ellipse(400, 290, 125, 118, body),
    tricolor ? mirrored([ellipse(345, 335, 40, 45, TAN)]) : '',
    path('M400 205 C385 230 378 265 372 300 L428 300 C422 265 415 230 400 205 Z', tricolor ? accent : shade(body, 0.12)),
    ellipse(400, 345, 72, 55, accent),
    mirrored([eye(352, 282, 15, dark), tricolor ? ellipse(352, 252, 14, 7, TAN) : '']),
    path('M375 318 C375 303 425 303 425 318 C425 332 410 340 400 340 C390 340 375 332 375 318 Z', dark),
    line('M400 340 L400 356 M400 356 C390 372 372 372 364 362 M400 356 C410 372 428 372 436 362', dark, 5),
    mirrored([ellipse(330, 335, 16, 10, BLUSH, { opacity: 0.55 })]),
  ].join('')
}

export function cat(palette: Palette): string {
  const { body, accent, dark, pattern } = palette
  const face = pattern === 'points' ? accent : body
  const muzzle = pattern === 'tuxedo' ? accent : pattern === 'points' ? shade(accent, 0.2) : shade(body, 0.35)
  const chest = pattern === 'tuxedo' || pattern === 'patches' ? '#ffffff' : shade(body, 0.2)
  const markings: string[] = []
  if (pattern === 'stripes') {
    markings.push(
      line('M400 200 L400 235 M375 205 L380 238 M425 205 L420 238', accent, 9),
      mirrored([line('M290 290 L322 296 M292 318 L322 316', accent, 8)]),
    )
  }
  if (pattern === 'patches') {
    markings.push(
      path('M300 230 C310 190 360 185 385 205 C375 240 340 262 300 255 Z', accent),
      path('M430 200 C470 190 505 220 500 260 C470 262 440 240 430 200 Z', dark),
    )
  }
  const eyeColour = pattern === 'points' ? '#4d8fd6' : '#8fbf4a'
  return [
    ellipse(400, 545, 165, 115, body),
    ellipse(400, 530, 75, 85, chest),
    pattern === 'patches' ? ellipse(470, 560, 55, 45, accent) : '',
    mirrored([
      path('M292 250 L296 130 C298 118 310 115 318 123 L378 190 Z', pattern === 'points' ? accent : body),
      path('M305 230 L308 152 L356 198 Z', INNER_EAR),
    ]),
    ellipse(400, 295, 122, 108, face),
    pattern === 'points' ? '' : '',
    ...markings,
    ellipse(400, 345, 62, 42, muzzle),
    mirrored([
      ellipse(352, 285, 24, 20, eyeColour),
      ellipse(352, 285, 7, 18, '#23212a'),
      circle(345, 278, 5, '#ffffff'),
      line('M330 350 L270 340 M330 362 L272 368', shade(dark, 0.3), 3),
      ellipse(330, 330, 14, 8, BLUSH, { opacity: 0.5 }),
    ]),
    path('M388 322 L412 322 L400 336 Z', '#e98a95'),
    line('M400 336 L400 346 M400 346 C392 358 380 356 376 350 M400 346 C408 358 420 356 424 350', dark, 4),
  ].join('')
}

export function rabbit(palette: Palette, ears: 'lop' | 'upright'): string {
  const { body, accent, dark } = palette
  const earShapes =
    ears === 'upright'
      ? [group([ellipse(350, 150, 34, 110, body), ellipse(350, 160, 18, 86, INNER_EAR)], 'rotate(-8 350 250)')]
      : [group([ellipse(290, 300, 36, 95, shade(body, -0.12)), ellipse(292, 305, 20, 74, INNER_EAR)], 'rotate(18 290 230)')]
  return [
    ellipse(400, 520, 170, 130, body),
    ellipse(400, 530, 85, 90, accent),
    mirrored(earShapes),
    ellipse(400, 320, 120, 108, body),
    mirrored([ellipse(345, 370, 45, 35, shade(body, 0.18)), eye(350, 310, 17, dark), ellipse(330, 355, 16, 9, BLUSH, { opacity: 0.6 })]),
    path('M388 350 C388 342 412 342 412 350 C412 358 404 362 400 362 C396 362 388 358 388 350 Z', '#e98a95'),
    line('M400 362 L400 372 M400 372 C393 381 384 380 380 375 M400 372 C407 381 416 380 420 375', dark, 3.5),
    path('M392 376 L408 376 L407 392 L393 392 Z', '#ffffff'),
  ].join('')
}

export function rodent(palette: Palette): string {
  const { body, accent, dark, pattern } = palette
  return [
    ellipse(400, 420, 230, 150, body),
    pattern === 'patches' ? path('M190 390 C210 300 300 280 350 300 C330 380 270 430 200 440 Z', accent) : '',
    pattern === 'patches' ? ellipse(520, 470, 80, 60, dark) : '',
    ellipse(400, 470, 150, 80, pattern === 'patches' ? '#ffffff' : accent),
    mirrored([circle(292, 285, 34, shade(body, -0.15)), circle(292, 285, 20, INNER_EAR)]),
    ellipse(400, 360, 140, 110, pattern === 'patches' ? '#ffffff' : body),
    pattern === 'patches' ? path('M262 360 C262 300 320 262 380 262 C372 320 330 350 262 360 Z', accent) : '',
    mirrored([eye(345, 345, 15, dark), ellipse(322, 385, 15, 9, BLUSH, { opacity: 0.6 }), ellipse(345, 540, 26, 14, shade(body, -0.2))]),
    ellipse(400, 382, 12, 8, '#e98a95'),
    line('M400 390 L400 398 M400 398 C394 405 386 404 383 400 M400 398 C406 405 414 404 417 400', dark, 3),
    mirrored([line('M360 392 L300 384 M360 402 L304 408', shade(dark, 0.35), 2.5)]),
  ].join('')
}
