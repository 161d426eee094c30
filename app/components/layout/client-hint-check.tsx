// The time zone hint's inline script, in the document's head (app/utils/client-hints.server.ts).
// Its text comes from a server module: in the browser build that module is an empty stub, so
// the browser never downloads the script a second time, nor the package that writes it. The
// browser runs the copy in the server's HTML before anything hydrates; hydrating, React keeps
// that element as it is (it never rewrites inner HTML it hydrates, and the warning of a
// development build is suppressed), and every later render gives it the same empty text, so
// React never touches it.
import { clientHintCheckScript } from '#app/utils/client-hints.server.ts'

/** Only app/root.tsx renders it, so it travels in the root's own script. It must carry the CSP nonce to run. */
export function ClientHintCheck({ nonce }: { nonce: string }) {
  // undefined in the browser (the stub), where the server's text is kept.
  const script: string | undefined = clientHintCheckScript
  return <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script ?? '' }} />
}
