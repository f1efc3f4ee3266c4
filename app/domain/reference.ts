/**
 * The reference every quote request and contact message gets (docs/product.md §10
 * "Reference"): `MB-` and five characters from an alphabet without look-alikes (no 0/O,
 * 1/I/L, U), e.g. `MB-7K4Q2`: short enough to read out on the phone. Drawn at random by
 * app/server/visitor-forms/reference.server.ts, so one reference tells nothing about another. Requests
 * stored before references existed got ten characters (migrations/0004_references.sql).
 */

/** The 30 characters a reference is made of (Crockford's base 32 without 0, 1, I, L, O, U). */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_PREFIX = "MB-";
export const REFERENCE_LENGTH = 5;

/**
 * The reference in `text` as stored (upper case, with its `MB-`), when `text` is one, e.g.
 * "mb 7k4q2" or "7K4Q2" → "MB-7K4Q2"; else null. Read by the admin search.
 */
export function readReference(text: string): string | null {
  const match = /^(?:MB[-\s]?)?([0-9A-Z]{5}|[0-9A-Z]{10})$/.exec(text.trim().toUpperCase());
  const code = match?.[1];
  if (!code || [...code].some((character) => !REFERENCE_ALPHABET.includes(character))) return null;
  return `${REFERENCE_PREFIX}${code}`;
}

/**
 * A request's private status page (docs/product.md §10 "Status page"): `/status/` and a token
 * of 32 lower-case hex characters (128 random bits, app/server/visitor-forms/reference.server.ts), never the
 * record's id or reference (docs/decisions/011-status-page-token.md).
 */
export const STATUS_TOKEN_PATTERN = /^[0-9a-f]{32}$/;

/** The path of a status page, e.g. "/status/3f…"; the origin is SITE_URL's. */
export function statusPath(token: string): string {
  return `/status/${token}`;
}

/**
 * A review link (docs/product.md §10 "Review requests"): `/review/` and a token of 20 random
 * bytes in lower-case base32 (160 bits, app/server/reviews/review-requests.server.ts). Only the
 * token's SHA-256 is stored.
 */
export const REVIEW_TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** The path of a review link, e.g. "/review/k3…"; the origin is SITE_URL's. */
export function reviewPath(token: string): string {
  return `/review/${token}`;
}
