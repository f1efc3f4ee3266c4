/**
 * The CSP nonce of inline scripts. Pages are rendered with NONCE_PLACEHOLDER (so a cached page
 * is the same for everyone); the Worker replaces it in every response with a fresh random
 * nonce and sends the matching Content-Security-Policy (app/worker/security-headers.ts).
 * In the browser the nonce is "": browsers hide nonce attributes after parsing, so hydration
 * sees "" on both sides.
 */
import { createContext, useContext } from "react";

export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
