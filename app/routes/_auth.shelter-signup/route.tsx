// /shelter-signup is the same screen as /join (the spec's route table).
export { action, default, ErrorBoundary, loader, meta } from '../_auth.join/route'
