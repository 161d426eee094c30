// /shelter-login is the same screen as /login (the spec's route table).
export { action, default, ErrorBoundary, loader, meta } from '../_auth.login/route'
