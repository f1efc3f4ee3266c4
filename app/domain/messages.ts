/**
 * Texts the visitor or admin reads, verbatim from docs/product.md §8 "The error catalogue"
 * and §5 "Photos". Defined once; routes and tests import them.
 */
import {
  ACCEPTED_IMAGE_NAMES,
  GALLERY_LIMITS,
  INVITATION_TTL_HOURS,
  MAX_OPEN_INVITATIONS,
  MAX_PHOTO_MB,
  MAX_PHOTOS,
  QUOTE_REPLY_HOURS,
  SIGN_IN_THROTTLE,
} from "./limits";
import type { TeamAction } from "./enumerations";

export const MESSAGES = {
  contactSuccess: "Message sent successfully! We'll get back to you soon.",
  /** After either success text (docs/product.md §10 "Reference"). */
  yourReference: (reference: string) => `Your reference: ${reference}.`,
  contactFailure: "Failed to send message. Please try again or contact us directly.",
  quoteSuccess: `Quote request submitted successfully! We'll contact you within ${QUOTE_REPLY_HOURS} hours with your personalized quote.`,
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

/** Sign-in, sign-up and admin texts, verbatim from docs/product.md §8 where it has them. */
export const AUTH_MESSAGES = {
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  invalidCredentials: "Invalid email or password. Please try again.",
  signInSuccess: "Signed in successfully!",
  unexpected: "An unexpected error occurred. Please try again.",
  signedOut: "Signed out successfully",
  accessDenied: "Access denied. Admin privileges required.",
  // Not in the original texts; the account flows need them (docs/product.md §8).
  notVerified: "Please verify your email address before signing in. We sent you a link when you signed up.",
  verified: "Your email address is verified. You can sign in now.",
  linkInvalid: "This link is invalid or has expired. Please request a new one.",
  resetSent: "If an account exists for that email, we have sent a link to reset its password.",
  passwordChanged: "Your password has been changed. Please sign in with the new password.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  signInThrottled: `Too many failed sign-ins for this email address from this device. Please wait ${SIGN_IN_THROTTLE.windowMinutes} minutes, or reset your password.`,
  signedOutEverywhere: "Signed out on every device",
  noAdminAccess:
    "This account has no access to the admin area yet: it opens the admin only after an existing admin invites you or makes the account an admin from the Team page.",
  /** On the sign-up side of /auth: what a new account can and cannot do (docs/product.md §10 "Team"). */
  signUpAdminNote:
    "A new account can sign in, but it opens the admin only after an existing admin invites you or makes the account an admin from the Team page.",
} as const;

/** The team page (/admin/team) and the invitation page (/auth/invite) (docs/product.md §10 "Team"). */
export const TEAM_MESSAGES = {
  invitationSent: `Invitation sent. The link works once, for ${INVITATION_TTL_HOURS} hours.`,
  invitationRevoked: "Invitation revoked",
  alreadyAdmin: "This address already belongs to an admin. Nothing was changed.",
  tooManyInvitations: `There are already ${MAX_OPEN_INVITATIONS} open invitations. Revoke one, or wait until one is accepted or expires, before inviting someone else.`,
  inviteFailed: "The invitation could not be sent. Please try again.",
  invitationGone: "This invitation is no longer open: it was accepted, revoked, replaced or has expired.",
  promoted: "The account is now an admin",
  demoted: "The account is no longer an admin",
  deleted: "The account was deleted",
  lastAdmin: "This is the last admin account, so it cannot lose its admin access or be deleted. Make another account an admin first.",
  notVerified:
    "This account has not verified its e-mail address, so it cannot be made an admin. Invite the address instead: the invitation sets a new password.",
  accountGone: "This account no longer exists. Reload the page to see the team as it is now.",
  roleUnchanged: "This account already has that role. Reload the page to see the team as it is now.",
  changeFailed: "The change could not be saved. Please try again.",
  requestIncomplete: "The request was incomplete. Please reload the page and try again.",
  /** After demoting yourself, on the home page. */
  leftAdmin: "You are no longer an admin. Another admin can give you the access again.",
  /** After deleting your own account, on the home page. */
  ownAccountDeleted: "Your account was deleted and you are signed out.",
  /** /auth/invite with a link that is unknown, used, revoked or expired. */
  invitationInvalid: "This invitation link is invalid, has already been used or has expired. Ask an admin of the team to invite you again.",
  /** After accepting an invitation, in the admin. */
  joined: "Welcome to the team! Your account is an admin and you are signed in.",
} as const;

/**
 * One line of the team's 'Recent changes' without its time, e.g. "anna@example.com invited
 * ben@example.com". `actor` is null when that account no longer exists.
 */
export function teamChangeText(action: TeamAction, actor: string | null, subject: string): string {
  const who = actor ?? "A deleted account";
  switch (action) {
    case "invited":
      return `${who} invited ${subject}`;
    case "joined":
      return `${subject} accepted the invitation and joined as an admin`;
    case "promoted":
      return `${who} made ${subject} an admin`;
    case "demoted":
      return actor === subject ? `${subject} gave up their admin access` : `${who} removed the admin access of ${subject}`;
    case "removed":
      return `${who} deleted the account ${subject}`;
  }
}

/** Admin texts, verbatim from docs/product.md §8 "Admin". */
export const ADMIN_MESSAGES = {
  loadQuotesFailed: "Failed to load quote requests",
  loadContactsFailed: "Failed to load contact messages",
  updateQuoteFailed: "Failed to update quote status",
  updateContactFailed: "Failed to update contact status",
  quoteStatusUpdated: "Quote status updated successfully",
  contactStatusUpdated: "Contact status updated successfully",
  noQuotes: "No quote requests yet.",
  noContacts: "No contact messages yet.",
  // The admin's error page (docs/product.md §8).
  recordNotFound: "This record does not exist, or no longer does.",
  pageFailed: "This page could not be loaded. Please try again in a moment.",
  // The inbox (docs/product.md §10).
  noMatches: "No records match this search and these filters.",
  noteAdded: "Note added",
  addNoteFailed: "Failed to add note",
  noteEmpty: "Write the note before adding it.",
  noteTooLong: (max: number) => `A note can be at most ${max.toLocaleString("en-US")} characters.`,
  badDate: (label: string) => `The ${label} date is not a date (use YYYY-MM-DD); it was left out of the filter.`,
  searchTooLong: (max: number) => `The search was cut to its first ${max} characters.`,
  searchHasNoWords: "The search has no letters or digits to look for, so the list is not searched.",
} as const;

/** Quotes, replies, e-mails and templates on the admin (docs/product.md §10). */
export const CUSTOMER_REPLY_MESSAGES = {
  quoteSent: "Quote sent. The customer gets it by e-mail and on their status page.",
  replySent: "Reply sent",
  mailResent: "The e-mail is queued to be sent again",
  sendFailed: "The e-mail could not be sent. Nothing was saved; please try again.",
  quoteNotAllowed: "A quote can only be sent while the request is pending or quoted.",
  changedMeanwhile: "This record was changed meanwhile. Reload the page to see it as it is now, then try again.",
  resendGone: "This e-mail cannot be sent again: it was already sent, is queued, or belongs to another record.",
  resendFailed: "The e-mail could not be queued again. Please try again in a minute.",
  templateSaved: "Template saved",
  templateDeleted: "Template deleted",
  templateGone: "This template no longer exists. Reload the page to see the templates as they are now.",
  tooManyTemplates: (max: number) => `There are already ${max} templates of this kind. Delete one before adding another.`,
  templateFailed: "The template could not be saved. Please try again.",
} as const;

/** /admin/reviews (docs/product.md §10 "Reviews"). */
export const REVIEW_MESSAGES = {
  added: "Review added. It is hidden until you publish it.",
  published: "Review published",
  hidden: "Review hidden",
  deleted: "Review deleted",
  gone: "This review no longer exists. Reload the page to see the reviews as they are now.",
  failed: "The review could not be saved. Please try again.",
} as const;

/** What /admin/gallery says (docs/product.md §10 "Gallery"). */
export const GALLERY_MESSAGES = {
  photoAdded: "Photo added.",
  pairAdded: "Before/after pair added.",
  hiddenAdded: "Added. It is hidden until you publish it.",
  saved: "Changes saved",
  published: "Published on the gallery",
  hidden: "Hidden from the gallery",
  moved: "Order changed",
  deleted: "Deleted from the gallery",
  gone: "This gallery item no longer exists. Reload the page to see the gallery as it is now.",
  failed: "The gallery could not be saved. Please try again.",
  full: `The gallery holds at most ${GALLERY_LIMITS.itemsPerKind} photos and ${GALLERY_LIMITS.itemsPerKind} pairs. Delete one before adding another.`,
  choosePhoto: (label: string) => `${label} is required: please choose a photo.`,
  onePhoto: (label: string) => `${label}: please choose one photo.`,
  notPhoto: (name: string) => `File ${name} is not a photo the gallery can show. Please use a JPEG, PNG, WebP or AVIF photo.`,
  unreadable: (name: string) => `File ${name} could not be read as a photo. Please try another photo.`,
  tooNarrow: (name: string) => `Photo ${name} is too small to show well: it must be at least ${GALLERY_LIMITS.minWidthPx} pixels wide.`,
  tooBig: (name: string) =>
    `Photo ${name} is too large: at most ${GALLERY_LIMITS.maxSidePx.toLocaleString("en-US")} pixels on a side and ${GALLERY_LIMITS.maxMegapixels} megapixels.`,
  samePhoto: "The before and after photos are the same photo. Please choose one of each.",
} as const;

/** A name from a request, quoted and cut to 40 characters, for a message. */
const quoted = (name: string) => `"${Array.from(String(name)).slice(0, 40).join("")}"`;
const RELOAD = "Please reload the page and try again.";

/** Why the input gate (app/server/platform/input-gate.server.ts) refused a URL or a form. (docs/product.md §8) */
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
