/**
 * Texts of the account pages and the admin (/auth, /admin), verbatim from docs/product.md §8
 * "The error catalogue" where it has them. Defined once; routes, server modules and tests import
 * them. Kept apart from app/domain/texts/messages.ts (the public pages' and forms' texts) so that the
 * public pages' JavaScript does not carry the staff's texts.
 */
import { GALLERY_LIMITS, INVITATION_TTL_HOURS, MAX_OPEN_INVITATIONS, SIGN_IN_THROTTLE, TWO_STEP } from "../limits";
import type { TeamAction } from "../enumerations";
import { MAIL_BODY_DAYS, RETENTION_DEFAULTS, RETENTION_MONTHS } from "../retention";

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

/**
 * Two-step sign-in: the second step (/auth/two-step), passkeys, the security page
 * (/admin/security) and the team's rule (docs/decisions/015-two-step-sign-in.md).
 */
export const TWO_STEP_MESSAGES = {
  wrongCode: "That code is not right, or it was already used. Wait for the next code and try again, or use a recovery code.",
  wrongRecoveryCode: "That recovery code is not right, or it was already used.",
  throttled: `Too many wrong codes. Please wait ${SIGN_IN_THROTTLE.windowMinutes} minutes and try again.`,
  locked:
    "Too many wrong codes for this account. Codes are refused until its password is reset: use 'Forgot password?' on the sign-in page. A passkey still signs in.",
  expired: `The sign-in was not finished within ${TWO_STEP.pendingMinutes} minutes. Please sign in again.`,
  passkeyFailed: "The passkey could not be used. Try again, or use another way to sign in.",
  passkeyUnavailable: "Passkeys need JavaScript and a browser that supports them. Use your password, or turn JavaScript on.",
  recoveryCodeUsed: "Signed in with a recovery code. It cannot be used again; make new codes on the Security page when you run low.",
  enrolRequired: "Two-step sign-in is required for every admin. Add a passkey or an authenticator app before you go on.",
  authenticatorAdded: "The authenticator app is set up. From now on, signing in with your password asks for its code.",
  authenticatorExists: "This account already has an authenticator app. Remove it first to set up another.",
  authenticatorRemoved: "The authenticator app was removed.",
  setupExpired: "The setup took too long. Scan the new QR code and try again.",
  passkeyAdded: "The passkey was added. You can now sign in with it, without your password.",
  passkeyInvalid: "The passkey could not be added. Please try again.",
  tooManyPasskeys: `An account can keep at most ${TWO_STEP.maxPasskeys} passkeys. Remove one first.`,
  passkeyRemoved: "The passkey was removed.",
  lastStep:
    "Two-step sign-in is required for every admin, so your last passkey or authenticator app cannot be removed. Add another first, or ask an admin to make two-step sign-in optional.",
  stepGone: "This was already removed. Reload the page to see your account as it is now.",
  codesRenewed: "New recovery codes are ready. The old ones no longer work.",
  noCodesWithoutStep: "Recovery codes come with a passkey or an authenticator app. Add one first.",
  changeFailed: "The change could not be saved. Please try again.",
  /** The security page's changes of factors without a current second step (a recovery code does not count). */
  stepUpNeeded:
    "To change how you sign in, first confirm it is you: type a code from your authenticator app, or confirm with a passkey. A recovery code does not count here. Nothing was changed.",
  stepUpWrongCode: "That code is not right, or it was already used. Nothing was changed. Wait for the next code in your app and try again.",
  stepUpPasskeyFailed:
    "The passkey could not confirm it is you. Nothing was changed. Try again, or type a code from your authenticator app.",
  required: "Two-step sign-in is now required for every admin.",
  optional: "Two-step sign-in is now optional.",
  enrolFirst: "Turn on two-step sign-in for your own account first (Security page), then require it of everyone.",
  policyUnchanged: "It already was so. Reload the page to see the team as it is now.",
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
    case "passkey_added":
      return `${subject} added a passkey`;
    case "passkey_removed":
      return `${subject} removed a passkey`;
    case "authenticator_added":
      return `${subject} added an authenticator app`;
    case "authenticator_removed":
      return `${subject} removed their authenticator app`;
    case "recovery_code_used":
      return `${subject} signed in with a recovery code`;
    case "recovery_codes_renewed":
      return `${subject} made new recovery codes`;
    case "two_step_required":
      return `${who} made two-step sign-in required for every admin`;
    case "two_step_optional":
      return `${who} made two-step sign-in optional`;
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

/**
 * A quote request's lifecycle on the admin (docs/product.md §4 "Status updates"): the price
 * given by phone after 'Mark Quoted', 'Complete' confirmed, 'Cancel request' and 'Reopen'.
 */
export const LIFECYCLE_MESSAGES = {
  unpriced: "Quoted without a price: the customer cannot book online until you add it.",
  addPhonePrice: "Add the price you gave by phone",
  phonePriceSaved: "Price saved. The customer can book online at this price from their status page.",
  phonePriceMailed: "Price saved and e-mailed. The customer can book online at this price.",
  mailBookingLink: "E-mail the customer the booking link",
  phonePriceMessage: "Here is the price we gave you by phone. You can pick a day for your visit online.",
  confirmComplete: "Complete this request?",
  nothingScheduled: "No visit is scheduled: completing closes the request.",
  stillScheduled: "Still scheduled:",
  cancelVisitsWith: "Cancel the scheduled visits with it",
  visitScheduled: "a visit is still scheduled. Tick 'Cancel the scheduled visits with it', or mark the visit done or cancel it first.",
  reasonRequired: "Write the reason for cancelling.",
  reasonTooLong: (max: number) => `A reason can be at most ${max.toLocaleString("en-US")} characters.`,
  tellCustomer: "Tell the customer",
  cancelNotAllowed: "only a pending or quoted request can be cancelled. Reload to see the current status.",
  reopenNotAllowed: "only a completed or cancelled request can be reopened. Reload to see the current status.",
  cancelledMail: (reference: string, reason: string) =>
    `Your request ${reference} has been cancelled.\n\nReason: ${reason}\n\nIf this is a mistake or you would like to book again, just reply to this e-mail or call us.`,
  visitsNotCancelled: "the scheduled visits could not all be cancelled. Reload the page and try again.",
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

/** What /admin/availability says (docs/product.md §11 "Availability"). */
export const AVAILABILITY_MESSAGES = {
  saved: "Availability saved. Customers booking from now on see the new days and arrival windows.",
  dayOffAdded: "Day off saved. Nobody can book it.",
  dayOffRenamed: "Day off renamed",
  dayOffRemoved: "Day off removed. Customers can book it again if it is a working day.",
  holidaysAdded: "Jamaica's public holidays of the next 12 months are in the list of days off.",
  holidaysThere: "Every public holiday of the next 12 months was in the list already.",
  dayOffGone: "This day off is no longer in the list. Reload the page to see the days off as they are now.",
  failed: "The availability could not be saved. Please try again.",
} as const;

/** The crews page's sentences (docs/product.md §12 "Crews"). */
export const CREW_MESSAGES = {
  added: "Crew added. Each arrival window now takes one more visit on the days it works.",
  saved: "Crew saved.",
  nameTaken: "Another crew has this name. Choose another one.",
  gone: "This crew is no longer in the list. Reload the page to see the crews as they are now.",
  tooMany: "The list is full: make a crew inactive and change it instead of adding one.",
  failed: "The crew could not be saved. Please try again.",
} as const;

/** What /admin/content/prices says (docs/product.md §13 "Price guide"). */
export const PRICE_GUIDE_MESSAGES = {
  published: "Price guide published. /pricing, the quote form and the e-mails show it now.",
  refused: (count: number) =>
    `Nothing was published: ${count === 1 ? "one row needs" : `${count} rows need`} a change. The message is under each row.`,
  stale:
    "Someone else published the price guide while you were editing. Nothing was changed: the table below shows the guide as it is now; make your change again.",
  unreadable: "The preview could not be read. Nothing was changed: open the guide again and make your change.",
  failed: "The price guide could not be published. Nothing was changed. Please try again.",
} as const;

/** What /admin/calendar-feeds says (docs/product.md §11 "Calendar feeds"). */
export const CALENDAR_FEED_MESSAGES = {
  created: (name: string) => `New feed link for ${name}. Copy it now: this page shows it only this once.`,
  rotated: "The old link stopped working: whoever subscribed to it must add this one instead.",
  revoked: "Feed link revoked. It stopped working at once: calendars subscribed to it get no more updates.",
  revokedAlready: "This feed link was revoked already. Reload the page to see the feeds as they are now.",
  noSuchCrew: "This crew is not in the list of active crews any more. Reload the page to see the crews as they are now.",
  failed: "The feed link could not be changed. Please try again.",
  notThisPage: "This form is not one of this page's. Reload the page and try again.",
  notFound: "No calendar here. The link may have been revoked: ask for the new one.",
  tooMany: "Too many requests. Please try again in a minute.",
  unavailable: "The calendar could not be made just now. Please try again later.",
} as const;

/** What the export of a customer's data says (/admin/customers/<id>/export, docs/product.md §14 "Their data, exported"). */
export const CUSTOMER_EXPORT_MESSAGES = {
  notFound: "There is no such customer. They may have been merged into another one: open the customers list to find them.",
  forbidden: "Only an admin can export a customer's data.",
  failed: "The export could not be made. Please try again.",
  /** The note on each of the customer's records (their page's history; the "Customer: " prefix is the history's). */
  note: (staffEmail: string, fileName: string) => `Customer: their data was exported (${fileName}) by ${staffEmail}.`,
  /** README.txt of the archive: what it is, when it was made and by whom. */
  readme: (input: { customerId: string; name: string; madeAt: string; staffEmail: string; missingPhotos: number }) =>
    [
      `This archive is a copy of every record the company keeps about the customer ${input.name} (customer ${input.customerId}),`,
      `made on ${input.madeAt} (Jamaica time) by the staff account ${input.staffEmail}, as the Data Protection Act, 2020 gives`,
      "a person the right to a copy of their data. customer.json holds every record in one file; each .csv file holds one kind",
      "of record (a header row first, times in UTC); photos/<request or message id>/ holds the photos sent with each request",
      "or message, as they were received. Links' secret tokens (status pages, invoices, review links) are left out.",
      input.missingPhotos > 0
        ? `${input.missingPhotos} photo(s) listed in attachments.csv could not be found in storage and are not in the archive.`
        : "",
    ]
      .filter(Boolean)
      .join(" ")
      .concat("\r\n"),
} as const;

/** What the erasure of a customer's data says (/admin/customers/<id>/erase, docs/product.md §14 "Their data, erased"). */
export const CUSTOMER_ERASE_MESSAGES = {
  /** The name an erased customer (and their records, visits' reviews) keeps: the marker in place of theirs. */
  erasedName: "Erased customer",
  /** What the other free-text fields of their records become where the column needs a text. */
  erasedText: "Erased.",
  /** The word that may be typed instead of the customer's name. */
  word: "ERASE",
  forbidden: "Only an admin can erase a customer's data.",
  notFound: "There is no such customer. They may have been merged into another one: open the customers list to find them.",
  wrongName: "Type the customer's name exactly as shown above, or the word ERASE, to confirm. Nothing was erased.",
  unticked: "Tick the box to confirm that this cannot be undone. Nothing was erased.",
  failed: "The erasure could not be done: nothing was changed. Please try again.",
  erased: "The customer's data is erased. Only the issued invoices keep their name, as the law requires.",
  photosLeft: "The customer's data is erased, but some photos could not be removed from storage yet: the daily clean-up removes them.",
  /** The audit note on each of the customer's records (their page's history; no personal data: the customer's id, who, when). */
  note: (customerId: string, staffEmail: string) => `Customer: the data of customer ${customerId} was erased by ${staffEmail}.`,
} as const;

/** What /admin/retention says (docs/product.md §17 "Retention"): the owner's periods and the daily job's last run. */
export const RETENTION_MESSAGES = {
  title: "Data retention",
  lead: "How long the site keeps customers' personal data. The daily job deletes or anonymises what is older, a few thousand records a night at most.",
  photoLabel: "Photos of a request (months after it is closed)",
  photoHint: `Deleted this many months after the request is closed: completed, cancelled, its quote expired, or its visit done. ${RETENTION_MONTHS.min} to ${RETENTION_MONTHS.max}; default ${RETENTION_DEFAULTS.photoMonths}.`,
  neverBookedLabel: "Requests never booked, and messages (months after the last activity)",
  neverBookedHint: `Name, contact details, address, message, notes and photos removed this many months after anyone last worked on them; the reference, dates and service stay for the figures. ${RETENTION_MONTHS.min} to ${RETENTION_MONTHS.max}; default ${RETENTION_DEFAULTS.neverBookedMonths}.`,
  mailBodies: `The text and links of the e-mails the site sent are deleted after ${MAIL_BODY_DAYS} days (fixed); the outbox keeps each e-mail's recipient, subject and status.`,
  notice: "The privacy notice at /privacy shows the periods saved here, from the moment you save them.",
  months: `Enter a whole number of months from ${RETENTION_MONTHS.min} to ${RETENTION_MONTHS.max}.`,
  saved: "Retention settings saved.",
  failed: "The settings could not be saved. Please try again.",
  save: "Save retention settings",
  never: "The daily job has not run yet.",
  lastRun: (input: { day: string; photos: number; requests: number; messages: number; mails: number }) =>
    `Last run ${input.day}: ${input.photos} photo(s) deleted, ${input.requests} request(s) and ${input.messages} message(s) anonymised, ${input.mails} e-mail text(s) cleared.`,
} as const;
