// The same screen as /shelters (the spec's route table gives it both addresses).
export { default, loader, meta, ErrorBoundary } from './shelters'
