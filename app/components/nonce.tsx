import { createContext, useContext } from "react";

// The CSP nonce reaches components through context on the server; browsers hide nonce
// attributes after parsing, so on the client it is the empty string.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export function useNonce(): string {
  return useContext(NonceContext);
}
