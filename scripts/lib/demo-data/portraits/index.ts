// The demo's pet portraits: one SVG per kind and colour (and a second scene for dogs and
// cats), drawn from the same vocabulary the seed uses, written to public/images/demo/.
import { KINDS, portraitFile, type Palette } from '#scripts/lib/demo-data/vocabulary.ts'
import { KINDS_WITH_SECOND_SCENE } from '#scripts/lib/demo-data/animals-sql.ts'
import { cat, dog, rabbit, rodent } from '#scripts/lib/demo-data/portraits/pets.ts'
import { chicken, goat, horse, pig, sheep } from '#scripts/lib/demo-data/portraits/farm.ts'
import { bird, fish, frog, lizard, snake, turtle } from '#scripts/lib/demo-data/portraits/others.ts'
import { circle, ellipse, line, shade } from '#scripts/lib/demo-data/portraits/shapes.ts'

const DRAWINGS: Record<string, (palette: Palette) => string> = {
  'dog-floppy': (palette) => dog(palette, 'floppy'),
  'dog-pointy': (palette) => dog(palette, 'pointy'),
  cat,
  'rabbit-lop': (palette) => rabbit(palette, 'lop'),
  'rabbit-upright': (palette) => rabbit(palette, 'upright'),
  rodent,
  bird,
  lizard,
  turtle,
  snake,
  horse,
  pig,
  goat,
  sheep,
  chicken,
  fish,
  frog,
}

// Backgrounds per scene, chosen so every coat colour stands out (light, soft, never white).
const FIRST_SCENES = ['#fde8d7', '#e4ecfb', '#e7f4e4', '#f6e3f0', '#fff2c9', '#dff2f2']
const SECOND_SCENE = '#d9efe0'

export type Portrait = { file: string; svg: string }

export function allPortraits(): Portrait[] {
  return KINDS.flatMap((kind, kindIndex) =>
    kind.colours.flatMap((colour, colourIndex) => {
      const draw = DRAWINGS[kind.kind]
      if (!draw) throw new Error(`No drawing for ${kind.kind}`)
      const title = `A drawn ${colour.key.replaceAll('-', ' ')} ${kind.kind.split('-')[0]}`
      const background = FIRST_SCENES[(kindIndex + colourIndex) % FIRST_SCENES.length]!
      const portraits = [
        { file: portraitFile(kind.kind, colour.key), svg: svgDocument(title, firstScene(background), draw(colour.palette)) },
      ]
      if (KINDS_WITH_SECOND_SCENE.includes(kind.kind)) {
        portraits.push({
          file: portraitFile(kind.kind, `${colour.key}-2`),
          svg: svgDocument(`${title}, outdoors`, secondScene(kind.type === 'cat' ? 'yarn' : 'ball'), draw(colour.palette)),
        })
      }
      return portraits
    }),
  )
}

function svgDocument(title: string, scene: string, animal: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">` +
    `<title>${title}</title>${scene}${animal}</svg>\n`
  )
}

function firstScene(background: string): string {
  return [
    `<rect width="800" height="600" fill="${background}"/>`,
    circle(400, 300, 250, shade(background, 0.45)),
    circle(120, 110, 14, shade(background, -0.08)),
    circle(690, 470, 22, shade(background, -0.08)),
    circle(660, 120, 9, shade(background, -0.12)),
    ellipse(400, 585, 260, 26, shade(background, -0.1)),
  ].join('')
}

function secondScene(toy: 'ball' | 'yarn'): string {
  const toyShape =
    toy === 'ball'
      ? circle(660, 520, 42, '#f2c94c') + line('M622 505 C650 520 680 520 700 505 M625 540 C650 528 680 528 697 540', '#ffffff', 6)
      : circle(660, 520, 42, '#e36b8a') +
        line(
          'M630 495 C660 515 680 540 690 555 M625 525 C650 530 670 550 675 560 M640 482 C670 500 695 520 700 530',
          shade('#e36b8a', -0.25),
          4,
        )
  return [
    `<rect width="800" height="600" fill="${SECOND_SCENE}"/>`,
    `<rect y="470" width="800" height="130" fill="#b7dcb0"/>`,
    circle(110, 90, 46, '#fff6cf'),
    ellipse(620, 110, 70, 26, '#ffffff', { opacity: 0.8 }),
    ellipse(690, 95, 50, 22, '#ffffff', { opacity: 0.8 }),
    toyShape,
  ].join('')
}
