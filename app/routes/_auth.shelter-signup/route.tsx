// /shelter-signup is the same screen as /join (the spec's route table).
export { action, default, ErrorBoundary, loader, meta } from '#app/routes/_auth.join/route.tsx'
