/**
 * Signed, single-purpose tokens for e-mail links (verification, password reset) and for the
 * authenticator app's key while the security page sets it up: JWTs signed
 * with HMAC-SHA256 (@oslojs/jwt, @oslojs/crypto), verified against every secret so a rotation
 * does not break links already sent.
 *
 * Claims: `sub` (user id), `purpose`, `exp` (seconds since the epoch) and, for resets, `fp`:
 * a fingerprint of the current password hash. Changing the password changes the fingerprint,
 * so a reset link works once and is dead after use.
 */
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { createJWTSignatureMessage, encodeJWT, parseJWT } from "@oslojs/jwt";

export type TokenPurpose = "verify-email" | "reset-password" | "authenticator-setup";

export interface TokenClaims {
  sub: string;
  purpose: TokenPurpose;
  /** Expiry, seconds since the Unix epoch. */
  exp: number;
  fp?: string;
  /** For "authenticator-setup": the new TOTP key (base64) while the security page sets it up. */
  key?: string;
}

const encoder = new TextEncoder();
const HEADER = JSON.stringify({ alg: "HS256", typ: "JWT" });

/** A short fingerprint (hex) of a password hash, for reset tokens. */
export function passwordFingerprint(passwordHash: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(passwordHash))).slice(0, 32);
}

/** In: the signing secrets (first signs) and the claims. Out: the compact JWT. */
export function signToken(secrets: readonly string[], claims: TokenClaims): string {
  const payload = JSON.stringify(claims);
  const signature = hmac(SHA256, encoder.encode(secrets[0]!), createJWTSignatureMessage(HEADER, payload));
  return encodeJWT(HEADER, payload, signature);
}

/**
 * The claims of a valid, unexpired token for `purpose`, or null for anything else
 * (malformed, forged, expired, another purpose). Never throws.
 */
export function readToken(secrets: readonly string[], token: string, purpose: TokenPurpose, now: Date = new Date()): TokenClaims | null {
  try {
    if (token.length > 2048) return null;
    const [header, payload, signature, message] = parseJWT(token);
    if ((header as { alg?: unknown }).alg !== "HS256") return null;
    const valid = secrets.some((secret) => constantTimeEqual(hmac(SHA256, encoder.encode(secret), message), signature));
    if (!valid) return null;
    const claims = payload as Partial<TokenClaims>;
    if (claims.purpose !== purpose || typeof claims.sub !== "string" || typeof claims.exp !== "number") return null;
    if (claims.exp * 1000 <= now.getTime()) return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}
