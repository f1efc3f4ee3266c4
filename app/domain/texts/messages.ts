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
