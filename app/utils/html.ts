// The one HTML escaper for markup made as strings (the results map, emails, localbase's mailbox
// and auth emails). `'` becomes `&#39;`, not `&apos;`, which older email clients show as is.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or an attribute value, safe in HTML and SVG. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!)
}
