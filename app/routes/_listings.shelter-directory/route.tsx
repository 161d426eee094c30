// The same screen as /shelters (the spec's route table gives it both addresses).
export { default, loader, headers, meta, ErrorBoundary } from '#app/routes/_listings.shelters/route.tsx'
