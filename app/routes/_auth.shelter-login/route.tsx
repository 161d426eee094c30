// /shelter-login is the same screen as /login (the spec's route table).
export { action, default, ErrorBoundary, loader, meta } from '#app/routes/_auth.login/route.tsx'
