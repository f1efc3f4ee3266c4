/**
 * Texts the visitor reads on the public pages and forms, verbatim from docs/product.md §8 "The
 * error catalogue" and §5 "Photos"; the account pages' and the admin's are in
 * app/domain/texts/staff-messages.ts. Defined once; routes and tests import them.
 */
import { ACCEPTED_IMAGE_NAMES, MAX_PHOTO_MB, MAX_PHOTOS, QUOTE_REPLY_HOURS } from "../limits";

export const MESSAGES = {
  contactSuccess: "Message sent successfully! We'll get back to you soon.",
  /** After either success text (docs/product.md §10 "Reference"). */
  yourReference: (reference: string) => `Your reference: ${reference}.`,
  contactFailure: "Failed to send message. Please try again or contact us directly.",
  quoteSuccess: `Quote request submitted successfully! We'll contact you within ${QUOTE_REPLY_HOURS} hours with your personalized quote. We have e-mailed you a private link to follow your request.`,
  quoteFailure: "Failed to submit quote request. Please try again or contact us directly.",
  maxFilesReached: "Maximum files reached",
} as const;

/** 'File {name} is too large. Max size is 5MB.' (docs/product.md §5). */
export function fileTooLargeMessage(name: string): string {
  return `File ${name} is too large. Max size is ${MAX_PHOTO_MB}MB.`;
}

/** The hint under each form's photo field: how many, which formats, how large. */
export const PHOTOS_HINT = `Up to ${MAX_PHOTOS} images (${ACCEPTED_IMAGE_NAMES}), ${MAX_PHOTO_MB}MB each.`;

/** 'File {name} is not an image.' (docs/product.md §5). */
export function fileNotImageMessage(name: string): string {
  return `File ${name} is not an image.`;
}

/** Shown when more photos arrive than the limit allows (docs/product.md §5: at most 5). */
export function tooManyPhotosMessage(max: number): string {
  return `You can attach at most ${max} photos.`;
}

/** What the visitor forms' guards say (docs/product.md §8). */
export const FORM_GUARD_MESSAGES = {
  /** With HTTP 429 when one client sends too many submissions. */
  rateLimited: "You have sent several requests in a short time. Please wait a minute and try again, or call or WhatsApp us.",
  /** Turnstile refused the token. */
  turnstileFailed: "We could not verify that you are not a robot. Please try again.",
  /** Turnstile's check could not run: the submission is not taken, and the visitor is told why. */
  turnstileUnavailable:
    "We could not check that you are not a robot just now, so your request was not sent. Please try again in a minute, or call or WhatsApp us.",
} as const;

/** A name from a request, quoted and cut to 40 characters, for a message. */
const quoted = (name: string) => `"${Array.from(String(name)).slice(0, 40).join("")}"`;
const RELOAD = "Please reload the page and try again.";

/** Why the input gate (app/http/input-gate.server.ts) refused a URL or a form. (docs/product.md §8) */
export const GATE_MESSAGES = {
  unknownQueryParam: (name: string) => `The link has a part this page does not use: ${quoted(name)}.`,
  queryValueTooLong: (name: string) => `The link's ${quoted(name)} part is longer than this page accepts.`,
  tooManyQueryParams: "The link has more parts than any page of this site uses.",
  unknownField: (name: string) => `The form was sent with a field it does not have (${quoted(name)}). ${RELOAD}`,
  repeatedField: (name: string) => `The form was sent with the field ${quoted(name)} more than once. ${RELOAD}`,
  reservedField: (name: string) => `The form was sent with an invalid ${quoted(name)} field. ${RELOAD}`,
  tooManyFields: `The form was sent with more fields than it has. ${RELOAD}`,
  unreadable: `The form could not be read. ${RELOAD}`,
} as const;

/**
 * The privacy notice's link texts (docs/product.md §2 "Privacy notice"): the footer's link, and
 * the line beside each public form's submit button, whose link `formLink` follows its words:
 * `formLine` on the quote, contact, booking and review forms, `cardLine` on an invoice's 'Pay by
 * card' (the card is typed on the payment company's page: app/server/billing/card.server.ts),
 * `statusLine` on the status page's cancel, skip, pause and resume.
 */
export const PRIVACY_LINK_MESSAGES = {
  footerLink: "Privacy",
  formLine: "We use these details only to answer you.",
  cardLine: "You type your card details on the payment company's page: they go to it, not to us.",
  statusLine: "We keep a record of this change with your request.",
  formLink: "Privacy notice",
} as const;

/** The booking page's refusals of a form it did not send (app/routes/public/book/book.server.ts; docs/product.md §8). */
export const BOOKING_FORM_MESSAGES = {
  /** The day is not a calendar date (the page's own links only send real days). */
  day: "That day is not one we offer. Please pick a day from the list.",
  /** `intent` empty or other than booking or moving a visit. */
  intent: "This booking form was not understood. Please pick your day and arrival time again.",
} as const;
