// The address people write to for help when SUPPORT_EMAIL is unset: the app's pages and the
// worker's emails name the same one.
export const DEFAULT_SUPPORT_EMAIL = 'support@pawhaven.org'
