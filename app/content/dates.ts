// Dates in sample content are plain ISO strings formatted by hand, so the server and the
// browser (in any time zone) render the same text and hydration never disagrees.
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** 'January 2024' from '2024-01'. */
export function formatMonthYear(date: string): string {
  const [year, month] = date.split('-').map(Number)
  return `${months[(month ?? 1) - 1]} ${year}`
}

/** 'February 12, 2024' from '2024-02-12'. */
export function formatLongDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  return `${months[(month ?? 1) - 1]} ${day}, ${year}`
}
