/**
 * Limits of the product, defined once.
 *
 * Photo limits come from docs/product.md §5 "Photos" and §9 (max 5 per form, 5 MB each,
 * images only). "5 MB" is read as 5 MiB (5 × 1024 × 1024 bytes), the larger reading, so a
 * photo a phone labels "5 MB" is accepted.
 * Text lengths (docs/product.md §9) are generous bounds for what each field holds.
 */

/** The promise made to every quote request: a reply within this many hours (docs/product.md §1, §9). */
export const QUOTE_REPLY_HOURS = 24;

/**
 * Lazy photos (docs/product.md §9 "Lazy image trigger"): a photo loads when this fraction of it
 * is visible. Its placeholder carries LAZY_PHOTO_ATTRIBUTE, by which the page's start script
 * (app/worker/hydration-after-paint.ts) finds it: the photo needs the page's code.
 */
export const LAZY_PHOTO_VISIBLE = 0.1;
export const LAZY_PHOTO_ATTRIBUTE = "data-lazy-photo";

/** Maximum number of photos on one quote request or contact message. */
export const MAX_PHOTOS = 5;

/** Maximum size of one photo in bytes. */
export const MAX_PHOTO_MB = 5;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;

/** The accepted formats as people know them, for hints. */
export const ACCEPTED_IMAGE_NAMES = "JPEG, PNG, WebP, GIF, AVIF or HEIC";

/** Image formats accepted, judged by their bytes (magic numbers), never the name. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "image/heic"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** True for the image types the site accepts (JPEG, PNG, WebP, GIF, AVIF, HEIC). */
export function isAcceptedImageType(type: string): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);
}

/** The form field every photo input of the quote and contact forms uses. */
export const PHOTOS_FIELD = "photos";

/** Maximum length in characters of each text field. */
export const TEXT_LIMITS = {
  name: 100,
  email: 254, // RFC 5321 path limit
  phone: 30,
  address: 300,
  additionalInfo: 2000,
  message: 5000,
  fileName: 255,
  /** An internal note on a record (docs/product.md §10 "Notes"). */
  note: 2000,
  /** A visit's notes for the crew (docs/product.md §11 "For the staff"). */
  visitNotes: 1000,
  /** The admin lists' search field (docs/product.md §10 "Search"). */
  search: 200,
  /** A quote's or reply's message to the customer, and a reply template's text (docs/product.md §10). */
  customerMessage: 5000,
  /** What a quote includes. */
  quoteIncluded: 2000,
  /** A reply template's name. */
  templateName: 80,
  /** A customer review (docs/product.md §10 "Reviews"): who (name or initials), where, what they wrote. */
  reviewAuthor: 60,
  reviewArea: 60,
  reviewBody: 1000,
  /** A gallery item (docs/product.md §10 "Gallery"): its title, a photo's alt text, a pair's description. */
  galleryTitle: 80,
  galleryAlt: 200,
  galleryDescription: 300,
} as const;

/**
 * Gallery photos staff upload (docs/product.md §10 "Gallery"; docs/decisions/013-gallery-images.md).
 * - `longSidePx`: the browser shrinks a photo to this many pixels on its long side before
 *   upload and re-encodes it as JPEG at `jpegQuality` (a 12 MB phone photo becomes about
 *   1 MB); the 5 MB limit (MAX_PHOTO_BYTES) is still applied by the server to what arrives.
 * - `minWidthPx`: narrower photos look poor in a gallery card 400 px wide on a 2x screen.
 * - `maxSidePx`, `maxMegapixels`: the largest photo Cloudflare Images reads (its documented
 *   limits: 12,000 pixels on a side, 100 megapixels).
 * - `itemsPerKind`: photos, and pairs, the gallery holds; far above what a page should show.
 */
export const GALLERY_LIMITS = {
  longSidePx: 2000,
  jpegQuality: 0.85,
  minWidthPx: 480,
  maxSidePx: 12_000,
  maxMegapixels: 100,
  itemsPerKind: 60,
} as const;

/**
 * A quote sent from the admin (docs/product.md §10 "Send quote"): whole dollars, up to these
 * amounts (far above any cleaning job; a typo of three extra digits is caught), valid for
 * 1 to 90 days, 14 unless staff say otherwise.
 */
export const QUOTE_LIMITS = {
  maxJmd: 10_000_000,
  maxUsd: 100_000,
  minValidDays: 1,
  maxValidDays: 90,
  defaultValidDays: 14,
} as const;

/** Reply templates one kind may have (docs/product.md §10 "Reply templates"). */
export const MAX_TEMPLATES_PER_KIND = 20;

/** Rows per page in the admin lists (more than this are paged). */
export const ADMIN_PAGE_SIZE = 50;

/**
 * Failed sign-ins (app/server/auth/sign-in-throttle.server.ts; OWASP Authentication Cheat Sheet
 * gives no figures, these are chosen so a person mistyping never meets them): a client is
 * refused for an address after `perClientFailures` failures within `windowMinutes`; past
 * `delayAfterFailures` failures of an address from anywhere, each further failure is answered
 * after a delay doubling from `firstDelayMs` to `maxDelayMs`.
 */
export const SIGN_IN_THROTTLE = {
  windowMinutes: 15,
  perClientFailures: 5,
  delayAfterFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 8000,
} as const;

/**
 * E-mails the account pages (/auth: sign-up, verification, password reset) send to one address
 * in any hour (docs/product.md §9): enough for a person who asks again, too few for anyone to
 * flood an inbox through the site. Past it the page answers as usual and no mail goes.
 */
export const ACCOUNT_MAILS_PER_HOUR = 5;

/**
 * How long an invitation to the team stays valid, in hours (docs/product.md §10 "Team"): three
 * days, long enough to cover a weekend, short enough that a forgotten link soon stops working.
 * The link is single use either way (app/server/team/team.server.ts).
 */
export const INVITATION_TTL_HOURS = 72;

/**
 * Most open (unaccepted, unexpired) invitations at once, for the whole team: far above what a
 * cleaning company's office needs, and a bound on the e-mails and rows one admin can create.
 */
export const MAX_OPEN_INVITATIONS = 20;

/** Entries of the team's 'Recent changes' shown on /admin/team, newest first. */
export const TEAM_CHANGES_SHOWN = 50;

/**
 * Accounts listed on /admin/team (admins first, then the newest): anyone can sign up, so the
 * list is bounded; the page says how many more there are.
 */
export const TEAM_ACCOUNTS_SHOWN = 200;

/** Published reviews a public page shows: the newest first (docs/product.md §10 "Reviews"). */
export const REVIEWS_SHOWN = 6;

/**
 * A done visit's request for a review (docs/product.md §10 "Review requests"): its e-mail is due
 * from `sendAt` (Jamaica time, "HH:MM") the morning after the visit is marked done, and its link
 * works once, for `validDays` days from then. The daily cron queues at most `perRun` a run (the
 * rest on the next run).
 */
export const REVIEW_REQUEST = { sendAt: "08:00", validDays: 30, perRun: 100 } as const;

/**
 * Two-step sign-in (docs/decisions/015-two-step-sign-in.md): a half-finished sign-in (the
 * password right, the second step not yet done) lasts `pendingMinutes`; authenticator-app
 * codes are RFC 6238's defaults (6 digits, 30-second steps) and one step either side of now is
 * accepted for a phone's clock drift (RFC 6238 §5.2); an account gets `recoveryCodes` codes
 * and may keep `maxPasskeys` passkeys; a passkey challenge lasts `challengeMinutes`.
 * Wrong codes (app or recovery): `perClientFailures` from one client, or `perAccountFailures`
 * from all clients, within SIGN_IN_THROTTLE's window stop further codes until it has passed;
 * after `maxConsecutiveFailures` since the last finished sign-in, codes are refused until the
 * password is reset (NIST SP 800-63B §5.2.2: at most 100 consecutive failures).
 */
export const TWO_STEP = {
  pendingMinutes: 5,
  totpDigits: 6,
  totpPeriodSeconds: 30,
  totpDriftSteps: 1,
  recoveryCodes: 10,
  maxPasskeys: 10,
  challengeMinutes: 5,
  perClientFailures: 5,
  perAccountFailures: 10,
  maxConsecutiveFailures: 100,
} as const;

/**
 * The availability page's bounds (docs/product.md §11 "Availability"): at most `maxWindows`
 * arrival windows a day; each window takes `capacity` visits (crews; the same bounds as the
 * CHECK of `availability_settings`); the first bookable day `minNoticeDays` and the last
 * `maxDaysAhead` days after today; changes online until `changeCutoffHours` before a window; a
 * day off at most `dayOffYearsAhead` years ahead, its name at most `dayOffName` characters.
 */
export const AVAILABILITY_LIMITS = {
  maxWindows: 8,
  capacity: { min: 1, max: 50 },
  minNoticeDays: { min: 0, max: 30 },
  maxDaysAhead: { min: 1, max: 365 },
  changeCutoffHours: { min: 0, max: 168 },
  quoteFollowUpDays: { min: 0, max: 60 },
  dayOffYearsAhead: 2,
  dayOffName: 80,
} as const;

/** A crew's name and who is in it, as the crews page takes them (docs/product.md §12 "Crews"); at most `max` crews. */
export const CREW_LIMITS = { name: 60, members: 200, max: 50 } as const;
