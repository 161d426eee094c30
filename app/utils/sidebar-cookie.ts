// The sidebar's cookie, shared by the server (first paint, the no-JavaScript toggle) and the browser.
export const SIDEBAR_COOKIE = 'sidebar:state'
export const SIDEBAR_MAX_AGE = 60 * 60 * 24 * 7
