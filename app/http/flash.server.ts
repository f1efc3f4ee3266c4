/**
 * A one-time message carried across the redirect after a successful form post
 * (post/redirect/get), so a refresh never resubmits. The cookie holds only which form
 * succeeded, a random id (so the page shows the message and fires analytics once), the
 * request's reference, the analytics label (a quote's service) and a quote's size and frequency; unknown or tampered content is ignored. Lives 60 seconds at most.
 */
import { createCookie } from "@remix-run/cloudflare";
import { z } from "~/forms/zod";
import { FREQUENCIES, PROPERTY_SIZES, SERVICE_TYPES } from "~/domain/enumerations";
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  AVAILABILITY_MESSAGES,
  CREW_MESSAGES,
  PRICE_GUIDE_MESSAGES,
  CALENDAR_FEED_MESSAGES,
  CUSTOMER_ERASE_MESSAGES,
  CUSTOMER_REPLY_MESSAGES,
  GALLERY_MESSAGES,
  LIFECYCLE_MESSAGES,
  REVIEW_MESSAGES,
  TEAM_MESSAGES,
  TWO_STEP_MESSAGES,
} from "~/domain/texts/staff-messages";

const FLASH_FORMS = ["quote", "contact", "review"] as const;
export type FlashForm = (typeof FLASH_FORMS)[number];

const flashSchema = z.object({
  form: z.enum(FLASH_FORMS),
  id: z.uuid(),
  label: z.enum(SERVICE_TYPES).optional(),
  /** A quote request's property size and frequency: with `label`, the price guide's range its success message shows. */
  size: z.enum(PROPERTY_SIZES).optional(),
  frequency: z.enum(FREQUENCIES).optional(),
  /** The stored request's reference, shown after the success text. */
  reference: z
    .string()
    .regex(/^MB-[0-9A-Z]{5}$/)
    .optional(),
});
export type Flash = z.infer<typeof flashSchema>;

function flashCookie(request: Request) {
  return createCookie("flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    maxAge: 60,
  });
}

/** The Set-Cookie header that carries `flash` to the next page. */
export function commitFlash(request: Request, flash: Flash): Promise<string> {
  return flashCookie(request).serialize(flash);
}

/**
 * Reads the flash for `form` and, when there is one, the Set-Cookie header that clears it.
 * A flash for another form is left for that form's page.
 */
export async function takeFlash(request: Request, form: FlashForm): Promise<{ flash: Flash | null; headers: Record<string, string> }> {
  const cookie = flashCookie(request);
  const parsed = flashSchema.safeParse(await cookie.parse(request.headers.get("Cookie")).catch(() => null));
  if (!parsed.success || parsed.data.form !== form) return { flash: null, headers: {} };
  return { flash: parsed.data, headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } };
}

/** One-time notices shown at the top of the next page (sign-out, access denied, …). */
const NOTICES = {
  signedOut: { tone: "success", text: AUTH_MESSAGES.signedOut },
  signedOutEverywhere: { tone: "success", text: AUTH_MESSAGES.signedOutEverywhere },
  accessDenied: { tone: "error", text: AUTH_MESSAGES.accessDenied },
  verified: { tone: "success", text: AUTH_MESSAGES.verified },
  linkInvalid: { tone: "error", text: AUTH_MESSAGES.linkInvalid },
  tooManyAttempts: { tone: "error", text: AUTH_MESSAGES.tooManyAttempts },
  passwordChanged: { tone: "success", text: AUTH_MESSAGES.passwordChanged },
  signedIn: { tone: "success", text: AUTH_MESSAGES.signInSuccess },
  signedUp: { tone: "success", text: AUTH_MESSAGES.signUpSuccess },
  quoteStatusUpdated: { tone: "success", text: ADMIN_MESSAGES.quoteStatusUpdated },
  contactStatusUpdated: { tone: "success", text: ADMIN_MESSAGES.contactStatusUpdated },
  noteAdded: { tone: "success", text: ADMIN_MESSAGES.noteAdded },
  customersMerged: { tone: "success", text: "Merged: the other customer's requests and messages are now on this page." },
  customerSplit: { tone: "success", text: "Moved: this is the new customer, made from the request's contact details." },
  quoteSent: { tone: "success", text: CUSTOMER_REPLY_MESSAGES.quoteSent },
  phonePriceSaved: { tone: "success", text: LIFECYCLE_MESSAGES.phonePriceSaved },
  phonePriceMailed: { tone: "success", text: LIFECYCLE_MESSAGES.phonePriceMailed },
  replySent: { tone: "success", text: CUSTOMER_REPLY_MESSAGES.replySent },
  mailResent: { tone: "success", text: CUSTOMER_REPLY_MESSAGES.mailResent },
  templateSaved: { tone: "success", text: CUSTOMER_REPLY_MESSAGES.templateSaved },
  templateDeleted: { tone: "success", text: CUSTOMER_REPLY_MESSAGES.templateDeleted },
  reviewAdded: { tone: "success", text: REVIEW_MESSAGES.added },
  reviewPublished: { tone: "success", text: REVIEW_MESSAGES.published },
  reviewHidden: { tone: "success", text: REVIEW_MESSAGES.hidden },
  reviewDeleted: { tone: "success", text: REVIEW_MESSAGES.deleted },
  galleryPhotoAdded: { tone: "success", text: GALLERY_MESSAGES.photoAdded },
  galleryPairAdded: { tone: "success", text: GALLERY_MESSAGES.pairAdded },
  galleryHiddenAdded: { tone: "success", text: GALLERY_MESSAGES.hiddenAdded },
  gallerySaved: { tone: "success", text: GALLERY_MESSAGES.saved },
  galleryPublished: { tone: "success", text: GALLERY_MESSAGES.published },
  galleryHidden: { tone: "success", text: GALLERY_MESSAGES.hidden },
  galleryMoved: { tone: "success", text: GALLERY_MESSAGES.moved },
  galleryDeleted: { tone: "success", text: GALLERY_MESSAGES.deleted },
  availabilitySaved: { tone: "success", text: AVAILABILITY_MESSAGES.saved },
  dayOffAdded: { tone: "success", text: AVAILABILITY_MESSAGES.dayOffAdded },
  dayOffRenamed: { tone: "success", text: AVAILABILITY_MESSAGES.dayOffRenamed },
  dayOffRemoved: { tone: "success", text: AVAILABILITY_MESSAGES.dayOffRemoved },
  holidaysAdded: { tone: "success", text: AVAILABILITY_MESSAGES.holidaysAdded },
  holidaysThere: { tone: "success", text: AVAILABILITY_MESSAGES.holidaysThere },
  calendarFeedRevoked: { tone: "success", text: CALENDAR_FEED_MESSAGES.revoked },
  invitationSent: { tone: "success", text: TEAM_MESSAGES.invitationSent },
  invitationRevoked: { tone: "success", text: TEAM_MESSAGES.invitationRevoked },
  promoted: { tone: "success", text: TEAM_MESSAGES.promoted },
  demoted: { tone: "success", text: TEAM_MESSAGES.demoted },
  accountDeleted: { tone: "success", text: TEAM_MESSAGES.deleted },
  leftAdmin: { tone: "success", text: TEAM_MESSAGES.leftAdmin },
  ownAccountDeleted: { tone: "success", text: TEAM_MESSAGES.ownAccountDeleted },
  joined: { tone: "success", text: TEAM_MESSAGES.joined },
  twoStepExpired: { tone: "error", text: TWO_STEP_MESSAGES.expired },
  recoveryCodeUsed: { tone: "success", text: TWO_STEP_MESSAGES.recoveryCodeUsed },
  enrolRequired: { tone: "error", text: TWO_STEP_MESSAGES.enrolRequired },
  authenticatorAdded: { tone: "success", text: TWO_STEP_MESSAGES.authenticatorAdded },
  authenticatorRemoved: { tone: "success", text: TWO_STEP_MESSAGES.authenticatorRemoved },
  passkeyAdded: { tone: "success", text: TWO_STEP_MESSAGES.passkeyAdded },
  passkeyRemoved: { tone: "success", text: TWO_STEP_MESSAGES.passkeyRemoved },
  twoStepRequired: { tone: "success", text: TWO_STEP_MESSAGES.required },
  twoStepOptional: { tone: "success", text: TWO_STEP_MESSAGES.optional },
  booked: { tone: "success", text: "Booked. The day and arrival time are below." },
  bookedDepositDue: { tone: "success", text: "Your visit is held. Pay the deposit below to confirm it." },
  visitCancelled: { tone: "success", text: "The visit is cancelled. The e-mails are on their way." },
  visitBooked: { tone: "success", text: "The visit is booked. The customer gets the confirmation by e-mail." },
  visitMoved: { tone: "success", text: "The visit is moved. The e-mails with the new day are on their way." },
  visitDone: { tone: "success", text: "The visit is marked done." },
  crewAdded: { tone: "success", text: CREW_MESSAGES.added },
  crewSaved: { tone: "success", text: CREW_MESSAGES.saved },
  pricesPublished: { tone: "success", text: PRICE_GUIDE_MESSAGES.published },
  visitNoShow: { tone: "success", text: "The visit is marked no-show." },
  visitAssigned: { tone: "success", text: "The visit's crew is saved." },
  visitNotesSaved: { tone: "success", text: "The visit's notes are saved." },
  seriesBooked: { tone: "success", text: "Booked. Your regular cleaning and its next visits are below." },
  seriesBookedByStaff: { tone: "success", text: "The regular cleaning is booked. The customer gets the confirmation by e-mail." },
  visitSkipped: { tone: "success", text: "The visit is skipped. The e-mails are on their way." },
  seriesPaused: { tone: "success", text: "Your regular cleaning is paused. The e-mail with the details is on its way." },
  seriesResumed: { tone: "success", text: "Your regular cleaning is on again. The visits booked are below." },
  seriesChanged: { tone: "success", text: "This visit and all later ones are moved. The customer gets the new days by e-mail." },
  contentPublished: { tone: "success", text: "Published. The site shows the change now." },
  contentRestored: { tone: "success", text: "Restored. The site shows that version now." },
  seriesEnded: { tone: "success", text: "This visit and all later ones are cancelled. The customer is e-mailed." },
  customerErased: { tone: "success", text: CUSTOMER_ERASE_MESSAGES.erased },
  customerErasedPhotosLeft: { tone: "error", text: CUSTOMER_ERASE_MESSAGES.photosLeft },
} as const satisfies Record<string, { tone: "success" | "error"; text: string }>;
export type NoticeKey = keyof typeof NOTICES;
export type Notice = (typeof NOTICES)[NoticeKey];

function noticeCookie(request: Request) {
  return createCookie("notice", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    maxAge: 60,
  });
}

/** The Set-Cookie header carrying a notice to the next page. */
export function commitNotice(request: Request, key: NoticeKey): Promise<string> {
  return noticeCookie(request).serialize(key);
}

/** The pending notice, if any, and the Set-Cookie header that clears it. Unknown keys are ignored. */
export async function takeNotice(request: Request): Promise<{ notice: Notice | null; headers: Record<string, string> }> {
  const cookie = noticeCookie(request);
  const key: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof key !== "string" || !Object.hasOwn(NOTICES, key)) return { notice: null, headers: {} };
  return { notice: NOTICES[key as NoticeKey], headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } };
}
