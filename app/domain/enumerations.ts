/**
 * Every enumeration of the product, defined once (docs/product.md §3 "Enumerations", §4).
 *
 * The zod schemas, the Drizzle schema's CHECK constraints, the form selects and the admin
 * badges all read these tuples; nothing else spells the values.
 */

/** Service types a quote request can ask for (docs/product.md §3 serviceType). */
export const SERVICE_TYPES = [
  "residential",
  "commercial",
  "industrial-kitchen",
  "deep-clean",
  "post-construction",
  "airbnb",
  "strata",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  residential: "Residential Cleaning",
  commercial: "Commercial Cleaning",
  "industrial-kitchen": "Industrial Kitchen Cleaning",
  "deep-clean": "Deep Cleaning",
  "post-construction": "Post-Construction Cleaning",
  airbnb: "Airbnb Turnover Cleaning",
  strata: "Strata Cleaning",
};

/** Property sizes (docs/product.md §3 propertySize). */
export const PROPERTY_SIZES = ["small", "medium", "large", "commercial"] as const;
export type PropertySize = (typeof PROPERTY_SIZES)[number];

export const PROPERTY_SIZE_LABELS: Record<PropertySize, string> = {
  small: "Small (1-2 bedrooms)",
  medium: "Medium (3-4 bedrooms)",
  large: "Large (5+ bedrooms)",
  commercial: "Commercial space",
};

/** How often the cleaning should happen (docs/product.md §3 frequency). */
export const FREQUENCIES = ["one-time", "weekly", "bi-weekly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  "one-time": "One-time",
  weekly: "Weekly",
  "bi-weekly": "Bi-weekly",
  monthly: "Monthly",
};

/** Quote request statuses (docs/product.md §3, §4). `cancelled` is shown but never offered. */
export const QUOTE_STATUSES = ["pending", "quoted", "completed", "cancelled"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Contact message statuses (docs/product.md §3, §4). */
export const CONTACT_STATUSES = ["unread", "read", "responded"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Account roles (docs/architecture.md, "Data": users.role). Sign-up only ever creates `user`. */
export const USER_ROLES = ["user", "admin"] as const;

/** What an attachment belongs to (docs/architecture.md, "Data": attachments.owner kind). */
export const ATTACHMENT_OWNER_KINDS = ["quote", "contact"] as const;
export type AttachmentOwnerKind = (typeof ATTACHMENT_OWNER_KINDS)[number];

/** Entities whose status changes are audited (docs/architecture.md, "Data": status_changes.entity). */
export const AUDITED_ENTITIES = ["quote_request", "contact_message"] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

/**
 * What the team page records about accounts (docs/product.md §10 "Team"): an invitation sent,
 * accepted, an account made admin or made an ordinary account again, an account deleted; and
 * its two-step sign-in (docs/decisions/015-two-step-sign-in.md): a passkey or an authenticator
 * app added or removed, a recovery code used, new recovery codes, and two-step sign-in made
 * required or optional for every admin.
 */
export const TEAM_ACTIONS = [
  "invited",
  "joined",
  "promoted",
  "demoted",
  "removed",
  "passkey_added",
  "passkey_removed",
  "authenticator_added",
  "authenticator_removed",
  "recovery_code_used",
  "recovery_codes_renewed",
  "two_step_required",
  "two_step_optional",
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

/**
 * A booked visit's status (app/server/booking/visits.server.ts): scheduled until the crew has been
 * (done), found nobody to let them in (no_show), or it is called off: one visit of a series left
 * out by the customer or for a day off (skipped), or the visit cancelled.
 */
export const VISIT_STATUSES = ["scheduled", "done", "no_show", "skipped", "cancelled"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** A visit's status as staff read it. */
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: "Scheduled",
  done: "Done",
  no_show: "No-show",
  skipped: "Skipped",
  cancelled: "Cancelled",
};

/**
 * What happened to a visit, in its history: booked, moved to another window, assigned to a crew
 * (or unassigned), cancelled, skipped (one visit of a series), done, no-show.
 */
export const VISIT_CHANGE_KINDS = ["booked", "moved", "assigned", "cancelled", "skipped", "done", "no_show"] as const;
export type VisitChangeKind = (typeof VISIT_CHANGE_KINDS)[number];

/** Who changed a visit: its customer (from the status page), a staff member, or the daily cron (a series' day off). */
export const VISIT_ACTORS = ["customer", "staff", "system"] as const;

/**
 * A series of regular visits (app/server/booking/series.server.ts): active (the cron adds its
 * visits ahead), paused by the customer or staff (no new visits until resumed), or ended.
 */
export const SERIES_STATUSES = ["active", "paused", "ended"] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** What a stored WebAuthn challenge is for: adding a passkey, or signing in with one. */
export const PASSKEY_CEREMONIES = ["register", "sign-in"] as const;
export type PasskeyCeremony = (typeof PASSKEY_CEREMONIES)[number];

/**
 * What an outgoing e-mail is (docs/product.md §10 "E-mails"): the company's notification of a
 * new request, the visitor's confirmation, a quote sent from the admin, a reply to a contact
 * message, and the account mails (verification, password reset, invitation), which belong to
 * no request.
 */
export const MAIL_KINDS = ["notification", "confirmation", "quote", "reply", "account", "invoice", "receipt", "payment_reminder"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  notification: "Notification to the company",
  confirmation: "Confirmation to the customer",
  quote: "Quote",
  reply: "Reply",
  account: "Account e-mail",
  invoice: "Invoice",
  receipt: "Receipt",
  payment_reminder: "Payment reminder",
};

/** What an outgoing e-mail is about (mail_deliveries.entity): a request or message, or an invoice (its own outbox on its page). */
export const MAIL_ENTITIES = [...AUDITED_ENTITIES, "invoice"] as const;
export type MailEntity = (typeof MAIL_ENTITIES)[number];

/**
 * Where an outgoing e-mail is (docs/architecture.md §4.15): waiting in the queue, being sent
 * now, sent, or not delivered after the last try (kept for 'Resend').
 */
export const MAIL_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What staff send a customer from a record page: a quote (quote requests) or a reply (contact messages). */
export const CUSTOMER_REPLY_KINDS = ["quote", "reply"] as const;
export type CustomerReplyKind = (typeof CUSTOMER_REPLY_KINDS)[number];

/** The gallery's photo categories (docs/product.md §2 "Gallery"), shown as each photo's badge. */
export const GALLERY_CATEGORIES = ["Residential", "Commercial", "Deep Clean", "Specialized", "Airbnb", "Strata"] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

/**
 * What a gallery item staff publish is (docs/product.md §10 "Gallery"): one photo with a
 * category, or a before/after pair of one job with a service type.
 */
export const GALLERY_ITEM_KINDS = ["photo", "pair"] as const;
export type GalleryItemKind = (typeof GALLERY_ITEM_KINDS)[number];

/** The formats a gallery photo may be uploaded in (judged by its bytes): those Cloudflare Images reads. */
export const GALLERY_SOURCE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

/** The sections of the owner-edited content (app/domain/site-content.ts), each published, kept in history and restored on its own. */
export const CONTENT_SECTIONS = ["business", "services", "faqs", "prices"] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** How a content revision came to be: the migration's starting content, a publish, or a restore of an older one. */
export const CONTENT_REVISION_ACTIONS = ["seed", "publish", "restore"] as const;
export type ContentRevisionAction = (typeof CONTENT_REVISION_ACTIONS)[number];

/**
 * What a billing document is (docs/product.md §15): an invoice, or a credit note that corrects
 * an issued one (an issued invoice is never edited or deleted).
 */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * The stored status of an invoice: a draft (editable, no number), issued (numbered, frozen), or
 * void (corrected in full by a credit note). Whether it is paid is never stored: it is read from
 * its entries (app/server/billing/, `balanceSql`).
 */
export const INVOICE_STATUSES = ["draft", "issued", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What an invoice bills: a visit, a deposit to confirm a booking, a customer's month of visits, a quote's price; a credit note's purpose is `credit`. */
export const INVOICE_PURPOSES = ["visit", "deposit", "month", "quote", "credit"] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];

/** An entry against an invoice: money received, or money given back. */
export const PAYMENT_KINDS = ["payment", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How money came in or went back; `card_online` is only ever recorded by the card provider's verified return. */
export const PAYMENT_METHODS = ["cash", "bank_transfer", "card_in_person", "lynk", "other", "card_online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  bank_transfer: "Bank transfer",
  card_in_person: "Card in person",
  lynk: "Lynk or other wallet",
  other: "Other",
  card_online: "Card online",
};

/** The methods staff may record by hand (a card paid online is recorded by its verified return alone). */
export const STAFF_PAYMENT_METHODS = [
  "cash",
  "bank_transfer",
  "card_in_person",
  "lynk",
  "other",
] as const satisfies readonly PaymentMethod[];

/** Whether a booking needs a deposit to be confirmed: none, a percentage of the price, or a fixed amount. */
export const DEPOSIT_RULES = ["none", "percent", "fixed"] as const;
export type DepositRule = (typeof DEPOSIT_RULES)[number];

/** A card checkout at the provider: open (the customer was sent to pay), paid (verified), failed (declined or abandoned). */
export const CHECKOUT_STATUSES = ["open", "paid", "failed"] as const;
