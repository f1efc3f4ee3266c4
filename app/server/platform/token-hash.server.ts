/**
 * The D1 key of a secret link's token (an invitation, a calendar feed, a review link; a session's
 * id is the same, app/http/session.server.ts `sessionIdOf`): its SHA-256 as lower-case
 * hex. The token itself is never stored, so a copy of the database opens nothing.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";

/** SHA-256 of `token` (UTF-8), 64 lower-case hex characters. */
export function tokenHash(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
