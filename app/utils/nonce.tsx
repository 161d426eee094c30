// The CSP nonce for the inline scripts React and Remix write into the page. Only the server
// knows it; in the browser the value is '' (browsers hide nonces from scripts anyway).
import { createContext, useContext } from 'react'

const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
