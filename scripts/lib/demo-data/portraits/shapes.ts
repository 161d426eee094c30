// Tiny SVG builders for the demo portraits: flat shapes, no strokes unless asked.

type Attributes = Record<string, string | number | undefined>

function attributes(extra: Attributes): string {
  return Object.entries(extra)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('')
}

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${attributes(extra)}/>`

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attributes = {}) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${attributes(extra)}/>`

export const path = (d: string, fill: string, extra: Attributes = {}) => `<path d="${d}" fill="${fill}"${attributes(extra)}/>`

/** An open line: stroke only, round ends. */
export const line = (d: string, stroke: string, width: number, extra: Attributes = {}) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"${attributes({ 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra })}/>`

export const group = (content: string[], transform?: string) => `<g${transform ? ` transform="${transform}"` : ''}>${content.join('')}</g>`

/** Mirrors shapes drawn on the left half onto the right (the portraits face the viewer). */
export const mirrored = (content: string[], axis = 400) => group(content) + group(content, `translate(${axis * 2} 0) scale(-1 1)`)

/** A friendly eye: dark disc and two highlights. */
export function eye(cx: number, cy: number, r: number, colour = '#23212a') {
  return (
    circle(cx, cy, r, colour) +
    circle(cx - r * 0.35, cy - r * 0.35, r * 0.32, '#ffffff') +
    circle(cx + r * 0.3, cy + r * 0.3, r * 0.12, '#ffffff')
  )
}

/** Lightens (amount > 0) or darkens (< 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16)
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff
    const next = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)
    return Math.round(Math.min(255, Math.max(0, next)))
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(16)}${channel(8)}${channel(0)}`
}

export const BLUSH = '#f4a3a8'
export const INNER_EAR = '#f2b8bd'
