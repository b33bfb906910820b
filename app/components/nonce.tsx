import { createContext, useContext } from "react";

/** The CSP nonce of this response. Set on the server only: browsers hide nonce values after parsing. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
