import { dayLabel } from '#app/utils/analytics.ts'

type Day = { day: string; views: number; actions: number }

const WIDTH = 640
const HEIGHT = 240
const MARGIN = { top: 12, right: 12, bottom: 28, left: 44 }
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value` (at least 4), so the axis reads in round numbers. */
export function niceMaximum(value: number): number {
  if (value <= 4) return 4
  const magnitude = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10
  return step * magnitude
}

/**
 * Views per day as bars and engagements per day as a line, drawn on the server as SVG (no
 * JavaScript). A screen reader hears its title and a one-sentence summary; the figures are in
 * the table below it.
 */
export function ActivityChart({ days, titleId, descId }: { days: Day[]; titleId: string; descId: string }) {
  const top = niceMaximum(Math.max(0, ...days.map((day) => Math.max(day.views, day.actions))))
  const slot = PLOT_WIDTH / Math.max(days.length, 1)
  const y = (value: number) => MARGIN.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT
  const x = (index: number) => MARGIN.left + index * slot + slot / 2
  const totalViews = days.reduce((sum, day) => sum + day.views, 0)
  const busiest = days.reduce<Day | null>((best, day) => (day.views > (best?.views ?? 0) ? day : best), null)
  const first = days[0]
  const last = days[days.length - 1]
  const summary =
    first && last
      ? `Views per day from ${dayLabel(first.day)} to ${dayLabel(last.day)}: ${totalViews.toLocaleString('en-US')} in all` +
        (busiest ? `, the most on ${dayLabel(busiest.day)} (${busiest.views.toLocaleString('en-US')}).` : '.')
      : 'No days to show.'
  const labelled = days.length ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : []
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="h-auto w-full">
      <title id={titleId}>Views and engagements, last {days.length} days</title>
      <desc id={descId}>{summary}</desc>
      {[0, top / 2, top].map((tick) => (
        <g key={tick}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-gray-200" strokeWidth={1} />
          <text x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-gray-700 text-[11px]">
            {tick.toLocaleString('en-US')}
          </text>
        </g>
      ))}
      {days.map((day, index) => (
        <rect
          key={day.day}
          x={x(index) - slot * 0.35}
          y={y(day.views)}
          width={slot * 0.7}
          height={Math.max(0, MARGIN.top + PLOT_HEIGHT - y(day.views))}
          className="fill-brand-400"
        />
      ))}
      <polyline
        points={days.map((day, index) => `${x(index).toFixed(1)},${y(day.actions).toFixed(1)}`).join(' ')}
        fill="none"
        className="stroke-sky-800"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      {labelled.map((index) => (
        <text key={index} x={x(index)} y={HEIGHT - 8} textAnchor="middle" className="fill-gray-700 text-[11px]">
          {dayLabel(days[index]!.day)}
        </text>
      ))}
    </svg>
  )
}
