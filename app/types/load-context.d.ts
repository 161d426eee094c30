// What server/index.ts hands every loader and action besides the request.
import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This response's CSP nonce (server/security.ts); absent under `remix dev`'s own server. */
    cspNonce?: string
  }
}
