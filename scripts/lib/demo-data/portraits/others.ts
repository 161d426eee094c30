// Birds, reptiles, fish and frogs, on the same 800 × 600 canvas as the pets.
import type { Palette } from '#scripts/lib/demo-data/vocabulary.ts'
import { BLUSH, circle, ellipse, eye, group, line, mirrored, path, shade } from '#scripts/lib/demo-data/portraits/shapes.ts'

const BEAK = '#f0b46a'
const BRANCH = '#8a5a36'

/** A parakeet-like bird on a branch; the accent colours its face and cheek. */
export function bird(palette: Palette): string {
  const { body, accent, dark } = palette
  return [
    line('M120 470 C300 455 520 470 700 450', BRANCH, 26),
    line('M560 462 C600 430 630 420 660 415', BRANCH, 12),
    path('M410 420 C420 500 430 560 440 600 L400 600 C395 560 392 500 380 420 Z', shade(body, -0.25)),
    ellipse(400, 340, 100, 140, body),
    group([ellipse(450, 350, 55, 105, shade(body, -0.18))], 'rotate(-12 450 350)'),
    circle(400, 205, 85, accent),
    ellipse(400, 320, 60, 70, shade(body, 0.25)),
    path('M372 210 C372 185 418 185 418 210 C418 240 400 262 392 262 C384 250 372 232 372 210 Z', BEAK),
    mirrored([
      eye(360, 190, 14, dark),
      circle(352, 232, 14, palette.pattern === 'plain' && accent !== body ? shade(accent, -0.15) : BLUSH, { opacity: 0.7 }),
    ]),
    line('M370 468 L362 490 M390 468 L390 492 M420 468 L428 490', '#8c8c8c', 7),
  ].join('')
}

/** A bearded-dragon-like lizard in profile, facing left. */
export function lizard(palette: Palette): string {
  const { body, accent, dark } = palette
  const spikes = [250, 290, 330, 370, 410, 450, 490].map((x) => path(`M${x} ${x < 320 ? 300 : 318} l18 -30 l18 30 Z`, shade(body, -0.15)))
  return [
    path('M560 380 C660 380 720 430 700 500 C690 540 640 540 610 520 C650 520 670 480 640 450 C610 420 570 420 530 420 Z', body),
    line('M300 420 L270 480 L240 490 M520 420 L545 480 L575 490 M360 430 L350 495 M470 430 L480 495', shade(body, -0.2), 22),
    ...spikes,
    ellipse(420, 385, 165, 70, body),
    ellipse(420, 410, 130, 35, accent),
    path('M300 330 C250 300 180 310 150 350 C140 380 170 410 220 412 C270 414 310 400 330 380 Z', body),
    eye(230, 345, 14, dark),
    line('M160 382 C190 394 230 394 260 384', dark, 4),
    ellipse(252, 372, 14, 8, BLUSH, { opacity: 0.5 }),
  ].join('')
}

export function turtle(palette: Palette): string {
  const { body, accent, dark } = palette
  const skin = shade(body, 0.3)
  return [
    ellipse(300, 480, 40, 28, skin),
    ellipse(540, 480, 40, 28, skin),
    path('M630 440 L690 455 L630 470 Z', skin),
    circle(190, 390, 62, skin),
    path('M230 460 C230 300 320 230 420 230 C520 230 610 300 610 460 Z', body),
    path('M420 260 L480 300 L470 370 L420 395 L370 370 L360 300 Z', accent),
    path('M300 330 L345 312 L352 372 L300 402 L262 420 C268 380 280 350 300 330 Z', accent),
    path('M540 330 L495 312 L488 372 L540 402 L578 420 C572 380 560 350 540 330 Z', accent),
    path('M220 448 L620 448 C620 470 600 480 580 480 L260 480 C240 480 220 470 220 448 Z', shade(body, -0.2)),
    eye(175, 375, 13, dark),
    line('M140 408 C160 420 185 420 205 410', dark, 4),
    ellipse(205, 398, 12, 7, BLUSH, { opacity: 0.55 }),
  ].join('')
}

/** A coiled snake; its pattern is drawn as dashes along the same curve as its body. */
export function snake(palette: Palette): string {
  const { body, accent, dark, pattern } = palette
  const curve = 'M160 480 C250 570 540 570 610 480 C670 400 560 330 450 360 C350 388 300 320 360 262'
  const markings =
    pattern === 'stripes'
      ? line(curve, accent, 64, { 'stroke-dasharray': '16 44', 'stroke-linecap': 'butt' })
      : line(curve, accent, 34, { 'stroke-dasharray': '30 50', opacity: 0.9 })
  return [
    line(curve, body, 64),
    markings,
    ellipse(385, 235, 70, 50, body),
    mirrored([eye(362, 222, 12, dark)], 385),
    line('M385 282 L385 312 M385 312 L372 326 M385 312 L398 326', '#d9453b', 5),
    line('M362 258 C375 268 395 268 408 258', dark, 4),
  ].join('')
}

export function fish(palette: Palette): string {
  const { body, accent, dark } = palette
  return [
    line('M110 600 C90 520 140 470 110 400 M170 600 C190 540 150 500 175 440', '#7cbf8e', 16),
    circle(620, 170, 18, '#ffffff', { opacity: 0.8 }),
    circle(660, 110, 12, '#ffffff', { opacity: 0.8 }),
    circle(600, 90, 8, '#ffffff', { opacity: 0.8 }),
    path('M540 300 L680 200 C700 260 700 340 680 400 Z', accent),
    path('M360 200 C400 130 470 140 500 200 Z', accent),
    path('M380 400 C400 460 450 470 480 420 Z', accent),
    ellipse(390, 300, 170, 115, body),
    path('M300 200 C340 240 340 360 300 400', 'none', { stroke: shade(body, -0.15), 'stroke-width': 10 }),
    eye(280, 275, 20, dark),
    line('M228 330 C240 342 258 342 270 332', dark, 5),
    ellipse(300, 320, 16, 9, BLUSH, { opacity: 0.6 }),
  ].join('')
}

export function frog(palette: Palette): string {
  const { body, accent, dark } = palette
  return [
    ellipse(400, 520, 260, 60, '#5aa05a'),
    path('M400 520 L560 470 L600 520 Z', '#d7efb0', { opacity: 0.5 }),
    ellipse(400, 430, 190, 110, body),
    ellipse(400, 450, 120, 75, accent),
    ellipse(400, 320, 180, 100, body),
    mirrored([
      circle(320, 235, 58, body),
      circle(320, 235, 38, '#ffffff'),
      circle(324, 240, 22, dark),
      circle(316, 230, 7, '#ffffff'),
      ellipse(290, 350, 22, 12, BLUSH, { opacity: 0.6 }),
      ellipse(260, 500, 50, 22, shade(body, -0.1)),
    ]),
    line('M320 350 C360 385 440 385 480 350', dark, 6),
  ].join('')
}
