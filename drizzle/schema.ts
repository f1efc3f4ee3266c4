/**
 * The D1 schema (docs/architecture.md, "Data"). `npm run db:generate` turns changes here into a new SQL
 * migration under migrations/; read every generated file before committing it (D1 ignores
 * `PRAGMA foreign_keys=OFF`, so a table rebuild needs `PRAGMA defer_foreign_keys`).
 *
 * Times are integers in milliseconds since the Unix epoch (UTC); `preferred_date` is an ISO
 * calendar date (YYYY-MM-DD). Every enumeration is enforced by a CHECK constraint built from
 * the one TypeScript definition in app/domain/enumerations.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  ATTACHMENT_OWNER_KINDS,
  AUDITED_ENTITIES,
  CHECKOUT_STATUSES,
  DEPOSIT_RULES,
  INVOICE_KINDS,
  INVOICE_PURPOSES,
  INVOICE_STATUSES,
  MAIL_ENTITIES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  CONTACT_STATUSES,
  CONTENT_REVISION_ACTIONS,
  CONTENT_SECTIONS,
  CUSTOMER_REPLY_KINDS,
  FREQUENCIES,
  GALLERY_CATEGORIES,
  GALLERY_ITEM_KINDS,
  GALLERY_SOURCE_TYPES,
  MAIL_KINDS,
  MAIL_STATUSES,
  PASSKEY_CEREMONIES,
  SERIES_STATUSES,
  VISIT_ACTORS,
  VISIT_CHANGE_KINDS,
  VISIT_STATUSES,
  PROPERTY_SIZES,
  QUOTE_STATUSES,
  SERVICE_TYPES,
  TEAM_ACTIONS,
  USER_ROLES,
} from "../app/domain/enumerations";
import { ACCEPTED_IMAGE_TYPES, MAX_PHOTO_BYTES, TEXT_LIMITS } from "../app/domain/limits";
import { RETENTION_DEFAULTS, RETENTION_MONTHS } from "../app/domain/retention";

/** `column IN ('a', 'b', …)` for a CHECK constraint; values are trusted constants. */
function oneOf(column: AnySQLiteColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(list)})`;
}

const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
};

/**
 * A customer: one person or business, however many requests, messages and visits they have
 * (docs/product.md §14). Matched by e-mail (lower-case), then by phone in its E.164 form
 * (app/server/customers/). `search_rowid` keys the full-text index `customers_search`
 * (migrations/0013_customers_search.sql), as for the inbox (docs/decisions/009-admin-search.md).
 */
export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    ...timestamps,
    name: text("name").notNull(),
    /** Always stored lower-case; null when only a phone is known. */
    email: text("email"),
    /** E.164, e.g. +18765551234 (libphonenumber-js); null when none could be read. */
    phone: text("phone"),
    /** Staff's own notes about this customer (shown on the customer's page, never to the customer). */
    notes: text("notes"),
    searchRowid: integer("search_rowid"),
    /**
     * ISO day (Jamaica) of this customer's earliest visit done; null: none. Kept by the triggers of
     * migrations/0019_overview_summaries.sql (recomputed at every write of one of their visits); read by
     * the overview's repeat customers (app/server/overview/figures.server.ts): a customer is new in a range
     * when this day is in it.
     */
    firstDoneDay: text("first_done_day"),
    /** When the customer's data was erased (app/server/data-rights/erase.server.ts); null: never. */
    erasedAt: integer("erased_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    check("customers_email_lower_check", sql`${table.email} IS NULL OR ${table.email} = lower(${table.email})`),
    index("customers_email_idx").on(table.email),
    index("customers_phone_idx").on(table.phone),
    index("customers_name_idx").on(table.name, table.id),
    uniqueIndex("customers_search_rowid_idx").on(table.searchRowid),
    // The overview's repeat customers: the customers first served in a range of days.
    index("customers_first_done_day_idx").on(table.firstDoneDay),
  ],
);

export type Customer = typeof customers.$inferSelect;

export const quoteRequests = sqliteTable(
  "quote_requests",
  {
    id: text("id").primaryKey(),
    ...timestamps,
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    serviceType: text("service_type", { enum: SERVICE_TYPES }).notNull(),
    propertySize: text("property_size", { enum: PROPERTY_SIZES }),
    frequency: text("frequency", { enum: FREQUENCIES }),
    preferredDate: text("preferred_date"),
    additionalInfo: text("additional_info"),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("pending"),
    /** "MB-" and 5 characters (app/domain/reference.ts); 10 for requests stored before references. */
    reference: text("reference"),
    /** The private status page's token: 32 hex characters (docs/decisions/011-status-page-token.md). */
    statusToken: text("status_token"),
    /** When the customer first heard back: a quote sent or marked quoted (docs/product.md §10 "Time to first reply"). */
    firstReplyAt: integer("first_reply_at", { mode: "timestamp_ms" }),
    /** The customer (customers.id) it belongs to; null until matched. No REFERENCES: adding one would rebuild the table. */
    customerId: text("customer_id"),
    /**
     * When its first priced quote was sent (MIN of customer_replies.created_at of kind 'quote' with
     * amount_jmd > 0); null: none yet. Kept by a trigger of migrations/0019_overview_summaries.sql; read by
     * the overview's conversion (app/server/overview/figures.server.ts).
     */
    firstQuoteAt: integer("first_quote_at", { mode: "timestamp_ms" }),
    /**
     * When its first visit was booked (MIN of its visits' created_at); null: never booked. Kept by a
     * trigger of migrations/0019_overview_summaries.sql; read by the overview's conversion.
     */
    firstVisitAt: integer("first_visit_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    check("quote_requests_service_type_check", oneOf(table.serviceType, SERVICE_TYPES)),
    check("quote_requests_property_size_check", sql`${table.propertySize} IS NULL OR ${oneOf(table.propertySize, PROPERTY_SIZES)}`),
    check("quote_requests_frequency_check", sql`${table.frequency} IS NULL OR ${oneOf(table.frequency, FREQUENCIES)}`),
    check(
      "quote_requests_preferred_date_check",
      sql`${table.preferredDate} IS NULL OR ${table.preferredDate} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`,
    ),
    check("quote_requests_status_check", oneOf(table.status, QUOTE_STATUSES)),
    index("quote_requests_created_at_idx").on(table.createdAt),
    uniqueIndex("quote_requests_reference_idx").on(table.reference),
    uniqueIndex("quote_requests_status_token_idx").on(table.statusToken),
    // The admin list's order (newest first, then id) with and without its filters: paging
    // and counting read these indexes only (docs/decisions/009-admin-search.md).
    index("quote_requests_created_at_id_idx").on(table.createdAt, table.id),
    index("quote_requests_status_created_at_idx").on(table.status, table.createdAt, table.id),
    index("quote_requests_service_type_created_at_idx").on(table.serviceType, table.createdAt, table.id),
    index("quote_requests_customer_idx").on(table.customerId, table.createdAt),
    // The overview's time to the first answer (app/server/overview/figures.server.ts): arrivals of a range with their first reply, read from the index alone.
    index("quote_requests_created_reply_idx").on(table.createdAt, table.firstReplyAt),
    // The overview's repeat customers: a visit's customer (request id → customer) and a customer's requests, read from the indexes alone.
    index("quote_requests_id_customer_idx").on(table.id, table.customerId),
    index("quote_requests_customer_id_idx").on(table.customerId, table.id),
    // The overview's conversion: the requests first quoted in a range, and whether booked, read from the index alone.
    index("quote_requests_first_quote_idx").on(table.firstQuoteAt, table.firstVisitAt),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    ...timestamps,
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    status: text("status", { enum: CONTACT_STATUSES }).notNull().default("unread"),
    /** As quote_requests.reference; unique across both tables (app/server/visitor-forms/reference.server.ts draws them). */
    reference: text("reference"),
    /** As quote_requests.status_token. */
    statusToken: text("status_token"),
    /** When the customer first heard back: a reply sent or marked responded. */
    firstReplyAt: integer("first_reply_at", { mode: "timestamp_ms" }),
    /** As quote_requests.customer_id. */
    customerId: text("customer_id"),
  },
  (table) => [
    check("contact_messages_status_check", oneOf(table.status, CONTACT_STATUSES)),
    index("contact_messages_created_at_idx").on(table.createdAt),
    uniqueIndex("contact_messages_reference_idx").on(table.reference),
    uniqueIndex("contact_messages_status_token_idx").on(table.statusToken),
    index("contact_messages_created_at_id_idx").on(table.createdAt, table.id),
    index("contact_messages_status_created_at_idx").on(table.status, table.createdAt, table.id),
    index("contact_messages_customer_idx").on(table.customerId, table.createdAt),
    // The overview's time to the first answer (app/server/overview/figures.server.ts), as quote_requests_created_reply_idx.
    index("contact_messages_created_reply_idx").on(table.createdAt, table.firstReplyAt),
  ],
);

/** A photo stored in R2 under `r2Key`, belonging to a quote request or contact message. */
export const attachments = sqliteTable(
  "attachments",
  {
    id: text("id").primaryKey(),
    ownerKind: text("owner_kind", { enum: ATTACHMENT_OWNER_KINDS }).notNull(),
    ownerId: text("owner_id").notNull(),
    r2Key: text("r2_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    /** Sniffed from the bytes, never the browser's claim. */
    contentType: text("content_type", { enum: ACCEPTED_IMAGE_TYPES }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("attachments_owner_kind_check", oneOf(table.ownerKind, ATTACHMENT_OWNER_KINDS)),
    check("attachments_content_type_check", oneOf(table.contentType, ACCEPTED_IMAGE_TYPES)),
    check("attachments_size_check", sql`${table.sizeBytes} > 0 AND ${table.sizeBytes} <= ${sql.raw(String(MAX_PHOTO_BYTES))}`),
    index("attachments_owner_idx").on(table.ownerKind, table.ownerId),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored lower-case. */
    email: text("email").notNull().unique(),
    /** scrypt hash string with its parameters inside (see app/server/auth/password.server.ts). */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** Set by each successful sign-in (shown on the team page). */
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
    /**
     * Wrong second-step codes since the last sign-in that finished (or password reset): past
     * TWO_STEP.maxConsecutiveFailures codes are refused (docs/decisions/015-two-step-sign-in.md).
     */
    secondStepFailures: integer("second_step_failures").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("users_role_check", oneOf(table.role, USER_ROLES)),
    check("users_email_lower_check", sql`${table.email} = lower(${table.email})`),
  ],
);

/** A signed-in session. `id` is the SHA-256 (hex) of the cookie's token, never the token. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/**
 * A passkey (a WebAuthn credential) of a staff account (docs/decisions/015-two-step-sign-in.md):
 * `id` is the credential id (base64url), `publicKey` the key it signs with (base64: SEC1
 * uncompressed for ES256, PKCS#1 for RS256, as `algorithm`, a COSE number, says). `signCount`
 * is the authenticator's counter at the last use (0 when it keeps none).
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What its owner calls it on the security page ('Passkey added Nov 25, 2026' by default). */
    name: text("name").notNull(),
    algorithm: integer("algorithm").notNull(),
    publicKey: text("public_key").notNull(),
    signCount: integer("sign_count").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("passkeys_user_id_idx").on(table.userId)],
);

/**
 * The authenticator app (TOTP, RFC 6238) of a staff account, one at most. The key is stored
 * encrypted (AES-GCM under a key derived from SESSION_SECRET); `lastUsedStep` is the time step
 * of the last code accepted, so a code works once (docs/decisions/015-two-step-sign-in.md).
 */
export const totpCredentials = sqliteTable("totp_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  encryptedKey: text("encrypted_key").notNull(),
  lastUsedStep: integer("last_used_step").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * A single-use recovery code of a staff account: only its scrypt hash (app/server/auth/password.server.ts),
 * made with a salt the account's ten codes share, so one hash finds the code typed.
 */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("recovery_codes_user_id_idx").on(table.userId)],
);

/**
 * A WebAuthn challenge handed to a browser: `id` is its SHA-256 (hex). Used once (deleted when
 * the answer comes), valid until `expiresAt`; for adding a passkey it names the account.
 */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    id: text("id").primaryKey(),
    ceremony: text("ceremony", { enum: PASSKEY_CEREMONIES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [check("passkey_challenges_ceremony_check", oneOf(table.ceremony, PASSKEY_CEREMONIES))],
);

/**
 * The team's sign-in rules, one row (id 1) once an admin first changes them: whether every
 * admin must use two-step sign-in. No row: not required.
 */
export const securityPolicy = sqliteTable(
  "security_policy",
  {
    id: integer("id").primaryKey(),
    twoStepRequired: integer("two_step_required", { mode: "boolean" }).notNull(),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [check("security_policy_single_row_check", sql`${table.id} = 1`)],
);

/** The audit trail: who moved which record from which status to which, and when. */
export const statusChanges = sqliteTable(
  "status_changes",
  {
    id: text("id").primaryKey(),
    entity: text("entity", { enum: AUDITED_ENTITIES }).notNull(),
    entityId: text("entity_id").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    /** Why, when staff gave a reason (a cancellation's, a reopening's). */
    note: text("note"),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("status_changes_entity_check", oneOf(table.entity, AUDITED_ENTITIES)),
    check(
      "status_changes_status_check",
      sql`${oneOf(table.fromStatus, [...QUOTE_STATUSES, ...CONTACT_STATUSES])} AND ${oneOf(table.toStatus, [...QUOTE_STATUSES, ...CONTACT_STATUSES])}`,
    ),
    index("status_changes_entity_idx").on(table.entity, table.entityId),
  ],
);

/**
 * One failed sign-in: which address was tried and from which client, both as SHA-256 hex so
 * neither is kept in clear. Read by app/server/auth/sign-in-throttle.server.ts over its window,
 * cleared for an account by a successful sign-in or password reset, swept daily.
 */
export const signInFailures = sqliteTable(
  "sign_in_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountKey: text("account_key").notNull(),
    clientKey: text("client_key").notNull(),
    failedAt: integer("failed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("sign_in_failures_account_idx").on(table.accountKey, table.failedAt)],
);

/**
 * An internal note on a quote request or contact message: staff only, shown in the record's
 * history beside its status changes. The author is kept while the account exists.
 */
export const recordNotes = sqliteTable(
  "record_notes",
  {
    id: text("id").primaryKey(),
    entity: text("entity", { enum: AUDITED_ENTITIES }).notNull(),
    entityId: text("entity_id").notNull(),
    body: text("body").notNull(),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("record_notes_entity_check", oneOf(table.entity, AUDITED_ENTITIES)),
    check("record_notes_body_check", sql`length(${table.body}) BETWEEN 1 AND ${sql.raw(String(TEXT_LIMITS.note))}`),
    index("record_notes_entity_idx").on(table.entity, table.entityId),
  ],
);

/**
 * An invitation to join the team as an admin: `tokenHash` is the SHA-256 (hex) of the link's
 * token, never the token. Single use (`acceptedAt`), valid until `expiresAt`.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    /** Always stored lower-case. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    check("invitations_email_lower_check", sql`${table.email} = lower(${table.email})`),
    index("invitations_email_idx").on(table.email),
  ],
);

/**
 * The team's audit trail: who invited, promoted, demoted or removed which account, and when.
 * The subject is kept by e-mail address so the row outlives a deleted account.
 */
export const teamChanges = sqliteTable(
  "team_changes",
  {
    id: text("id").primaryKey(),
    action: text("action", { enum: TEAM_ACTIONS }).notNull(),
    subjectEmail: text("subject_email").notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("team_changes_action_check", oneOf(table.action, TEAM_ACTIONS)),
    index("team_changes_created_at_idx").on(table.createdAt),
  ],
);

/**
 * Every outgoing e-mail (the outbox, docs/architecture.md §4.15): written before the message
 * is put on the mail queue, claimed by the queue's consumer before it sends, so a message
 * delivered twice sends one e-mail. `id` is the queue message's idempotency key. The text is
 * kept for mails about a request (for 'Resend'); an account mail's text travels only in its
 * queue message, because it holds a sign-in link.
 */
export const mailDeliveries = sqliteTable(
  "mail_deliveries",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    entity: text("entity", { enum: MAIL_ENTITIES }),
    entityId: text("entity_id"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text"),
    /** JSON array of the mail's links, in order. */
    links: text("links"),
    replyTo: text("reply_to"),
    status: text("status", { enum: MAIL_STATUSES }).notNull(),
    /** Sends tried so far (the queue's own count restarts with 'Resend'). */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    check("mail_deliveries_kind_check", oneOf(table.kind, MAIL_KINDS)),
    check("mail_deliveries_entity_check", sql`${table.entity} IS NULL OR ${oneOf(table.entity, MAIL_ENTITIES)}`),
    check("mail_deliveries_status_check", oneOf(table.status, MAIL_STATUSES)),
    index("mail_deliveries_entity_idx").on(table.entity, table.entityId),
    // The daily retention job (app/server/retention): the mails whose text and links are still kept, oldest first.
    index("mail_deliveries_body_kept_idx")
      .on(table.createdAt)
      .where(sql`${table.bodyText} IS NOT NULL OR ${table.links} IS NOT NULL`),
  ],
);

/**
 * A quote or a reply staff sent a customer from a record page (docs/product.md §10 "Send
 * quote", "Reply"): what was sent, by whom, when, and the e-mail that carried it. Amounts are
 * whole Jamaican (and optionally US) dollars.
 */
export const customerReplies = sqliteTable(
  "customer_replies",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: CUSTOMER_REPLY_KINDS }).notNull(),
    entity: text("entity", { enum: AUDITED_ENTITIES }).notNull(),
    entityId: text("entity_id").notNull(),
    amountJmd: integer("amount_jmd"),
    amountUsd: integer("amount_usd"),
    included: text("included"),
    validDays: integer("valid_days"),
    message: text("message").notNull(),
    mailDeliveryId: text("mail_delivery_id"),
    sentByUserId: text("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** For a quote: when its one follow-up reminder was queued (the daily cron; null: not yet). */
    followUpSentAt: integer("follow_up_sent_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    check("customer_replies_kind_check", oneOf(table.kind, CUSTOMER_REPLY_KINDS)),
    check("customer_replies_entity_check", oneOf(table.entity, AUDITED_ENTITIES)),
    check(
      "customer_replies_quote_check",
      sql`${table.kind} <> 'quote' OR (${table.amountJmd} > 0 AND ${table.validDays} BETWEEN 1 AND 365)`,
    ),
    index("customer_replies_entity_idx").on(table.entity, table.entityId, table.createdAt),
    // The quotes still valid at an instant (app/server/lifecycle `quotesWaitingQuery`): a range of the instant each
    // quote expires (sent + valid_days days, in ms; the query writes the same expression), read from the index alone.
    index("customer_replies_quote_valid_idx").on(
      table.kind,
      table.entity,
      sql`(${table.createdAt} + ${table.validDays} * 86400000)`,
      table.entityId,
    ),
    // Whether a request had a priced quote, and its first.
    index("customer_replies_quote_request_idx").on(table.entity, table.entityId, table.kind, table.createdAt, table.amountJmd),
  ],
);

/**
 * A reply template staff edit on /admin/templates (docs/product.md §10 "Reply templates"):
 * plain text with placeholders ({name}, {reference}, …, app/domain/templates.ts), the
 * starting text of a quote's message or a reply.
 */
export const replyTemplates = sqliteTable(
  "reply_templates",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: CUSTOMER_REPLY_KINDS }).notNull(),
    name: text("name").notNull(),
    body: text("body").notNull(),
    updatedByUserId: text("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("reply_templates_kind_check", oneOf(table.kind, CUSTOMER_REPLY_KINDS)),
    index("reply_templates_kind_idx").on(table.kind, table.name),
  ],
);

/**
 * A customer review staff add on /admin/reviews (docs/product.md §10 "Reviews"). Only
 * published ones reach public pages. `reviewedOn` is the ISO date the customer gave it.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    author: text("author").notNull(),
    area: text("area"),
    serviceType: text("service_type", { enum: SERVICE_TYPES }).notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    reviewedOn: text("reviewed_on").notNull(),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    /** Written by the customer of a done visit through a review link (app/server/reviews/review-requests.server.ts): shown as "Verified customer". */
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /** The visit it is about, for a verified review (null once that visit is deleted). */
    visitId: text("visit_id").references((): AnySQLiteColumn => visits.id, { onDelete: "set null" }),
    updatedByUserId: text("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("reviews_service_type_check", oneOf(table.serviceType, SERVICE_TYPES)),
    check("reviews_rating_check", sql`${table.rating} BETWEEN 1 AND 5`),
    check("reviews_reviewed_on_check", sql`${table.reviewedOn} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
    index("reviews_published_idx").on(table.published, table.reviewedOn),
    // A day's reviews and stars for the overview (migrations/0029_overview_days_folded.sql), recomputed from the index alone.
    index("reviews_reviewed_on_idx").on(table.reviewedOn, table.rating),
    // A request's stage (app/server/lifecycle/stage.server.ts): whether a done visit has a review.
    index("reviews_visit_idx").on(table.visitId),
  ],
);

/**
 * A photo staff uploaded for the gallery (docs/architecture.md §4.19). Its id is the first 128
 * bits of the SHA-256 of its bytes, in hex: the same photo uploaded twice is one row, and the
 * R2 objects and public URLs named after it (`gallery/<id>/…`, `/media/<id>-<width>.<format>`)
 * never change content. Width and height are the uploaded file's pixels.
 */
export const galleryPhotos = sqliteTable(
  "gallery_photos",
  {
    id: text("id").primaryKey(),
    contentType: text("content_type", { enum: GALLERY_SOURCE_TYPES }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("gallery_photos_id_check", sql`length(${table.id}) = 32 AND ${table.id} NOT GLOB '*[^0-9a-f]*'`),
    check("gallery_photos_content_type_check", oneOf(table.contentType, GALLERY_SOURCE_TYPES)),
    check(
      "gallery_photos_size_check",
      sql`${table.width} > 0 AND ${table.height} > 0 AND ${table.sizeBytes} BETWEEN 1 AND ${sql.raw(String(MAX_PHOTO_BYTES))}`,
    ),
  ],
);

/**
 * What the gallery shows (docs/product.md §10 "Gallery"): a photo (title, category, alt text)
 * or a before/after pair of one job (title, service type, description; `beforePhotoId` is its
 * "before", `photoId` its "after"). Only published items reach public pages; `position` orders
 * the items of one kind (1 first).
 */
export const galleryItems = sqliteTable(
  "gallery_items",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: GALLERY_ITEM_KINDS }).notNull(),
    title: text("title").notNull(),
    category: text("category", { enum: GALLERY_CATEGORIES }),
    altText: text("alt_text"),
    serviceType: text("service_type", { enum: SERVICE_TYPES }),
    description: text("description"),
    photoId: text("photo_id")
      .notNull()
      .references(() => galleryPhotos.id),
    beforePhotoId: text("before_photo_id").references(() => galleryPhotos.id),
    position: integer("position").notNull(),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    updatedByUserId: text("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("gallery_items_kind_check", oneOf(table.kind, GALLERY_ITEM_KINDS)),
    check(
      "gallery_items_fields_check",
      sql`(${table.kind} = 'photo' AND ${table.category} IS NOT NULL AND ${oneOf(table.category, GALLERY_CATEGORIES)} AND ${table.altText} IS NOT NULL AND ${table.serviceType} IS NULL AND ${table.description} IS NULL AND ${table.beforePhotoId} IS NULL)
        OR (${table.kind} = 'pair' AND ${table.serviceType} IS NOT NULL AND ${oneOf(table.serviceType, SERVICE_TYPES)} AND ${table.description} IS NOT NULL AND ${table.beforePhotoId} IS NOT NULL AND ${table.category} IS NULL AND ${table.altText} IS NULL)`,
    ),
    index("gallery_items_kind_position_idx").on(table.kind, table.position),
    index("gallery_items_photo_idx").on(table.photoId),
    index("gallery_items_before_photo_idx").on(table.beforePhotoId),
  ],
);

/**
 * The version of what staff publish (reviews, the gallery): one row, bumped in the
 * same D1 batch as every change, and part of the page cache's key (app/worker/page-cache.ts),
 * so the next anonymous request gets the new page.
 */
export const contentVersion = sqliteTable(
  "content_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
  },
  (table) => [check("content_version_one_row_check", sql`${table.id} = 1`)],
);

/**
 * The owner-edited content (app/domain/site-content.ts, docs/product.md §13): every version of
 * each section ever published, as JSON checked by that section's schema. A section's live
 * content is its row with the highest id; a restore adds a new row with an old row's body
 * (`restored_from`), so the history only grows. The author is kept by e-mail address too, so
 * the history outlives a deleted account.
 */
export const siteContentRevisions = sqliteTable(
  "site_content_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    section: text("section", { enum: CONTENT_SECTIONS }).notNull(),
    body: text("body").notNull(),
    action: text("action", { enum: CONTENT_REVISION_ACTIONS }).notNull(),
    restoredFrom: integer("restored_from"),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("site_content_revisions_section_check", oneOf(table.section, CONTENT_SECTIONS)),
    check("site_content_revisions_action_check", oneOf(table.action, CONTENT_REVISION_ACTIONS)),
    check("site_content_revisions_body_check", sql`json_valid(${table.body})`),
    index("site_content_revisions_section_idx").on(table.section, table.id),
  ],
);

export type QuoteRequest = typeof quoteRequests.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type Attachment = typeof attachments.$inferSelect;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type StatusChange = typeof statusChanges.$inferSelect;
export type RecordNote = typeof recordNotes.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type MailDelivery = typeof mailDeliveries.$inferSelect;
export type CustomerReply = typeof customerReplies.$inferSelect;
export type ReplyTemplate = typeof replyTemplates.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type GalleryPhoto = typeof galleryPhotos.$inferSelect;
export type GalleryItem = typeof galleryItems.$inferSelect;

/**
 * The staff's availability settings (app/domain/booking.ts `AvailabilitySettings`), one row
 * (id 1) once they are first saved; no row: DEFAULT_AVAILABILITY. `windows` is JSON
 * ([{ "start": "09:00", "end": "11:00" }, …]), `working_days` JSON ISO weekdays ([1, …, 6]).
 */
export const availabilitySettings = sqliteTable(
  "availability_settings",
  {
    id: integer("id").primaryKey(),
    workingDays: text("working_days", { mode: "json" }).$type<number[]>().notNull(),
    windows: text("windows", { mode: "json" }).$type<Array<{ start: string; end: string }>>().notNull(),
    capacity: integer("capacity").notNull(),
    minNoticeDays: integer("min_notice_days").notNull(),
    maxDaysAhead: integer("max_days_ahead").notNull(),
    changeCutoffHours: integer("change_cutoff_hours").notNull(),
    /** Days after a quote is sent, unaccepted, before its one follow-up reminder; 0 turns follow-ups off. */
    quoteFollowUpDays: integer("quote_follow_up_days").notNull().default(3),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("availability_settings_single_row_check", sql`${table.id} = 1`),
    check("availability_settings_capacity_check", sql`${table.capacity} BETWEEN 1 AND 50`),
  ],
);

/** A day nobody can book (a public holiday, the company's own days off): ISO date, and its name. */
export const daysOff = sqliteTable("days_off", {
  day: text("day").primaryKey(),
  name: text("name").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * How far Jamaica's public holidays have been added to the days off (one row, id 1): the daily
 * cron adds those after `through` up to twelve months ahead, so a holiday the staff removed is
 * not added again (app/server/booking/availability.server.ts `extendPublicHolidays`).
 */
export const publicHolidaysFilled = sqliteTable(
  "public_holidays_filled",
  {
    id: integer("id").primaryKey(),
    through: text("through").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [check("public_holidays_filled_single_row_check", sql`${table.id} = 1`)],
);

/**
 * A crew: a named team that cleans together ("Crew A: Keisha and Andre"). Active crews are the
 * capacity of each arrival window (app/server/booking/crews.server.ts); a crew is made inactive,
 * never deleted, so its past visits keep it.
 */
export const crews = sqliteTable(
  "crews",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Who is in it, as staff write it ("Keisha and Andre"). */
    members: text("members"),
    /** The ISO weekdays it works (1 Monday … 7 Sunday), JSON: its share of each day's capacity. */
    workingDays: text("working_days", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[1,2,3,4,5,6]'`),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** Its place in lists and on the schedule, 1 first. */
    position: integer("position").notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex("crews_name_unique").on(table.name)],
);

export type Crew = typeof crews.$inferSelect;

/**
 * A series of regular visits (weekly, every two weeks, monthly): an RFC 5545 recurrence rule
 * (`rrule`, e.g. "FREQ=WEEKLY;INTERVAL=2") from `dtstart` (ISO day, Jamaica) in one arrival
 * window, with what its quote said. Its visits are rows of `visits` (series_id), made ahead by
 * the daily cron up to 60 days (app/server/booking/series.server.ts); `generated_through` is
 * the last day made so far, `until` (inclusive) where "this and all later ones" ended it.
 */
export const visitSeries = sqliteTable(
  "visit_series",
  {
    id: text("id").primaryKey(),
    quoteRequestId: text("quote_request_id")
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    quoteId: text("quote_id").notNull(),
    rrule: text("rrule").notNull(),
    dtstart: text("dtstart").notNull(),
    until: text("until"),
    windowStart: text("window_start").notNull(),
    windowEnd: text("window_end").notNull(),
    crewId: text("crew_id").references(() => crews.id, { onDelete: "set null" }),
    status: text("status", { enum: SERIES_STATUSES }).notNull(),
    generatedThrough: text("generated_through").notNull(),
    address: text("address").notNull(),
    serviceType: text("service_type", { enum: SERVICE_TYPES }).notNull(),
    amountJmd: integer("amount_jmd").notNull(),
    amountUsd: integer("amount_usd"),
    included: text("included"),
    notes: text("notes"),
    ...timestamps,
  },
  (table) => [
    check("visit_series_status_check", oneOf(table.status, SERIES_STATUSES)),
    check("visit_series_service_type_check", oneOf(table.serviceType, SERVICE_TYPES)),
    index("visit_series_quote_request_idx").on(table.quoteRequestId),
    index("visit_series_status_idx").on(table.status),
  ],
);

export type VisitSeries = typeof visitSeries.$inferSelect;

/**
 * A booked visit (a job): a quote request's accepted quote on one day, in one arrival window
 * (Jamaica time), with what the quote said: the address, the service, the price and what is
 * included. A window never holds more `scheduled` visits than the capacity: the booking
 * statement itself counts them (app/server/booking/visits.server.ts).
 */
export const visits = sqliteTable(
  "visits",
  {
    id: text("id").primaryKey(),
    quoteRequestId: text("quote_request_id")
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    /** The quote accepted (a customer_replies row of kind "quote"). */
    quoteId: text("quote_id").notNull(),
    day: text("day").notNull(),
    windowStart: text("window_start").notNull(),
    windowEnd: text("window_end").notNull(),
    status: text("status", { enum: VISIT_STATUSES }).notNull(),
    address: text("address").notNull(),
    serviceType: text("service_type", { enum: SERVICE_TYPES }).notNull(),
    amountJmd: integer("amount_jmd").notNull(),
    amountUsd: integer("amount_usd"),
    included: text("included"),
    notes: text("notes"),
    /** The crew that does it, once assigned (null: not yet; set null if the crew row goes). */
    crewId: text("crew_id").references(() => crews.id, { onDelete: "set null" }),
    /** The series it belongs to (null: a single visit), and the day its rule gave it (before any move). */
    seriesId: text("series_id").references(() => visitSeries.id, { onDelete: "set null" }),
    occurrenceDay: text("occurrence_day"),
    /** Its calendar event's SEQUENCE (RFC 5545 §3.8.7.4): 0 when booked, one more at each move or cancellation. */
    sequence: integer("sequence").notNull().default(0),
    reminderSentAt: integer("reminder_sent_at", { mode: "timestamp_ms" }),
    /**
     * When a deposit is needed to confirm it (billing_settings): the instant its deposit invoice
     * must be paid by, or the window is released (null: no deposit asked). Whether it is paid is
     * read from that invoice's entries, never stored here.
     */
    depositDueAt: integer("deposit_due_at", { mode: "timestamp_ms" }),
    /**
     * Its request's customer (quote_requests.customer_id; null: none). Kept by the triggers of
     * migrations/0019_overview_summaries.sql (set when the visit is stored, followed when the request's
     * customer changes: a merge or split); read by the overview's repeat customers
     * (app/server/overview/figures.server.ts) and by those triggers (customers.first_done_day).
     */
    customerId: text("customer_id"),
    ...timestamps,
  },
  (table) => [
    check("visits_status_check", oneOf(table.status, VISIT_STATUSES)),
    check("visits_service_type_check", oneOf(table.serviceType, SERVICE_TYPES)),
    index("visits_slot_idx").on(table.day, table.windowStart, table.status),
    index("visits_quote_request_idx").on(table.quoteRequestId),
    index("visits_quote_idx").on(table.quoteId),
    // A crew is in one place at a time: at most one scheduled visit per crew, day and window start.
    uniqueIndex("visits_crew_slot_unique")
      .on(table.crewId, table.day, table.windowStart)
      .where(sql`${table.status} = 'scheduled' AND ${table.crewId} IS NOT NULL`),
    // A series makes each of its days once, whatever became of it (moved, skipped).
    uniqueIndex("visits_series_occurrence_unique").on(table.seriesId, table.occurrenceDay),
    index("visits_crew_day_idx").on(table.crewId, table.day),
    // The overview (app/server/overview/figures.server.ts): revenue booked, repeat customers' visits done and the crew
    // load of a range of days, read from the index alone.
    index("visits_day_status_idx").on(table.day, table.status, table.amountJmd, table.quoteRequestId, table.crewId),
    // The overview's repeat customers: whether a request had a visit done before a day.
    index("visits_request_status_day_idx").on(table.quoteRequestId, table.status, table.day),
    // The overview's repeat customers: the customers served in a range of days, read from the index alone.
    index("visits_status_day_customer_idx").on(table.status, table.day, table.customerId),
    // A customer's earliest visit done (customers.first_done_day, recomputed by migrations/0019_overview_summaries.sql).
    index("visits_customer_status_day_idx").on(table.customerId, table.status, table.day),
  ],
);

export type Visit = typeof visits.$inferSelect;

/**
 * A visit's history: booked, moved (from which day and window), cancelled, done; by the customer
 * or a staff member (`actor_user_id`, null once that account is deleted).
 */
export const visitChanges = sqliteTable(
  "visit_changes",
  {
    id: text("id").primaryKey(),
    visitId: text("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: VISIT_CHANGE_KINDS }).notNull(),
    day: text("day").notNull(),
    windowStart: text("window_start").notNull(),
    windowEnd: text("window_end").notNull(),
    fromDay: text("from_day"),
    fromWindowStart: text("from_window_start"),
    fromWindowEnd: text("from_window_end"),
    /** For "assigned": the crew's name then (null: unassigned). */
    crewName: text("crew_name"),
    actor: text("actor", { enum: VISIT_ACTORS }).notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("visit_changes_kind_check", oneOf(table.kind, VISIT_CHANGE_KINDS)),
    check("visit_changes_actor_check", oneOf(table.actor, VISIT_ACTORS)),
    index("visit_changes_visit_idx").on(table.visitId),
  ],
);

/**
 * A private calendar feed (iCalendar, app/server/booking/feeds.server.ts): one crew's visits, or
 * the whole team's (`crew_id` null), at /calendar/<token>.ics. Only the token's SHA-256 is kept;
 * revoking sets `revoked_at`, after which the URL answers 404.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: text("id").primaryKey(),
    crewId: text("crew_id").references(() => crews.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (table) => [uniqueIndex("calendar_feeds_token_hash_unique").on(table.tokenHash), index("calendar_feeds_crew_idx").on(table.crewId)],
);

export type CalendarFeed = typeof calendarFeeds.$inferSelect;

/**
 * A done visit's request for a review: its e-mail is queued from `send_after` (the morning after)
 * by the daily cron, its one-time link (only the token's SHA-256 is kept) works until
 * `expires_at` (30 days) and once (`used_at`, with the review it gave).
 */
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    id: text("id").primaryKey(),
    visitId: text("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    sendAfter: integer("send_after", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    reviewId: text("review_id").references(() => reviews.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("review_requests_visit_unique").on(table.visitId),
    uniqueIndex("review_requests_token_hash_unique").on(table.tokenHash),
    index("review_requests_send_idx").on(table.sentAt, table.sendAfter),
  ],
);

export type ReviewRequest = typeof reviewRequests.$inferSelect;

/**
 * The owner's billing settings, one row (docs/product.md §15): General Consumption Tax (off until
 * the business says it is registered, then its TRN and GCT registration number), payment terms,
 * the deposit a booking needs, when an unpaid deposit releases its window, the automatic
 * reminder, and the payment instructions printed on every invoice.
 */
export const billingSettings = sqliteTable(
  "billing_settings",
  {
    id: integer("id").primaryKey(),
    gctRegistered: integer("gct_registered", { mode: "boolean" }).notNull().default(false),
    /** Taxpayer Registration Number, 9 digits (shown on a Tax Invoice). */
    trn: text("trn"),
    gctNumber: text("gct_number"),
    /** Days after the work an invoice is due (0: on the day). */
    paymentTermsDays: integer("payment_terms_days").notNull().default(0),
    depositRule: text("deposit_rule", { enum: DEPOSIT_RULES }).notNull().default("none"),
    depositPercent: integer("deposit_percent").notNull().default(25),
    depositFixedCents: integer("deposit_fixed_cents").notNull().default(0),
    /** Hours after booking an unpaid deposit releases the window. */
    depositHoldHours: integer("deposit_hold_hours").notNull().default(48),
    /** Days after the due date of the one automatic reminder (0: none). */
    reminderDays: integer("reminder_days").notNull().default(7),
    /** How to pay other than by card (bank account, Lynk handle), printed on invoices. */
    paymentInstructions: text("payment_instructions"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("billing_settings_single_row_check", sql`${table.id} = 1`),
    check("billing_settings_deposit_rule_check", oneOf(table.depositRule, DEPOSIT_RULES)),
    check("billing_settings_gct_check", sql`${table.gctRegistered} = 0 OR (${table.trn} IS NOT NULL AND ${table.gctNumber} IS NOT NULL)`),
    check("billing_settings_terms_check", sql`${table.paymentTermsDays} BETWEEN 0 AND 90`),
    check("billing_settings_deposit_check", sql`${table.depositPercent} BETWEEN 1 AND 100 AND ${table.depositFixedCents} >= 0`),
    check("billing_settings_hold_check", sql`${table.depositHoldHours} BETWEEN 1 AND 720`),
    check("billing_settings_reminder_check", sql`${table.reminderDays} BETWEEN 0 AND 90`),
  ],
);

/**
 * An invoice or a credit note (docs/product.md §15). A draft has no number and can change; issuing
 * gives it the next number of its series (`series` "INV-2026", `seq` 1, 2, …; `number`
 * "INV-2026-0001"), freezes its customer, lines, figures and GCT, and gives it the private link's
 * `token` (as the status page's, docs/decisions/011-status-page-token.md). From then on the
 * database itself refuses any change to what it says and any deletion (triggers in
 * migrations/0016_billing_guards.sql); only voiding (with a credit note), reminders and the
 * customer it belongs to (a merge) change. Whether it is paid is read from its entries.
 * `customer_id`, `quote_request_id` and `visit_id` carry no foreign key: an invoice outlives what
 * it billed (kept 6 years).
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    purpose: text("purpose", { enum: INVOICE_PURPOSES }).notNull(),
    series: text("series"),
    seq: integer("seq"),
    number: text("number"),
    customerId: text("customer_id").notNull(),
    quoteRequestId: text("quote_request_id"),
    visitId: text("visit_id"),
    /** A credit note: the invoice it corrects. */
    creditForId: text("credit_for_id"),
    /** A month of visits: "YYYY-MM". */
    period: text("period"),
    billToName: text("bill_to_name").notNull(),
    billToEmail: text("bill_to_email"),
    billToPhone: text("bill_to_phone"),
    billToAddress: text("bill_to_address"),
    /** ISO dates in Jamaica: the issue day (null while a draft) and the due day. */
    issueDate: text("issue_date"),
    dueDate: text("due_date").notNull(),
    /** GCT in basis points (1500 = 15%; 0 when not registered), and the business's numbers, as issued. */
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    businessTrn: text("business_trn"),
    businessGctNumber: text("business_gct_number"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    notes: text("notes"),
    /** The private link's token, 32 lower-case hex characters, set when issued. */
    token: text("token"),
    voidReason: text("void_reason"),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    /** The last reminder sent (by staff or the daily task), and whether the automatic one went. */
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    autoReminderSentAt: integer("auto_reminder_sent_at", { mode: "timestamp_ms" }),
    createdByUserId: text("created_by_user_id"),
    issuedByUserId: text("issued_by_user_id"),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (table) => [
    check("invoices_kind_check", oneOf(table.kind, INVOICE_KINDS)),
    check("invoices_status_check", oneOf(table.status, INVOICE_STATUSES)),
    check("invoices_purpose_check", oneOf(table.purpose, INVOICE_PURPOSES)),
    check(
      "invoices_figures_check",
      sql`${table.discountCents} >= 0 AND ${table.taxCents} >= 0 AND ${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.taxCents} AND ${table.totalCents} >= 0`,
    ),
    check(
      "invoices_issued_check",
      sql`${table.status} = 'draft' OR (${table.number} IS NOT NULL AND ${table.seq} IS NOT NULL AND ${table.issueDate} IS NOT NULL AND ${table.token} IS NOT NULL)`,
    ),
    check("invoices_credit_check", sql`(${table.kind} = 'credit_note') = (${table.creditForId} IS NOT NULL)`),
    uniqueIndex("invoices_series_seq_unique").on(table.series, table.seq),
    uniqueIndex("invoices_number_unique").on(table.number),
    uniqueIndex("invoices_token_unique").on(table.token),
    index("invoices_customer_idx").on(table.customerId, table.status),
    index("invoices_quote_request_idx").on(table.quoteRequestId),
    index("invoices_visit_idx").on(table.visitId),
    // A balance's credit notes (app/server/billing/balance.server.ts `creditedSql`): read from this index alone.
    index("invoices_credit_for_idx").on(table.creditForId, table.kind, table.status, table.totalCents),
    index("invoices_status_due_idx").on(table.status, table.dueDate),
    index("invoices_issue_date_idx").on(table.issueDate),
    // The invoices list, newest first (app/server/billing `listInvoices`): a page read in this order, its balances worked out
    // for that page's rows only, not for every invoice before a sort.
    index("invoices_created_idx").on(table.createdAt, table.id),
    // The Unpaid view and its totals (app/server/billing/reports.server.ts): the issued invoices' balances
    // read from this index alone, in id order (each invoice's payments are then read in the same order).
    index("invoices_kind_status_idx").on(table.kind, table.status, table.id, table.dueDate, table.totalCents),
  ],
);

export type Invoice = typeof invoices.$inferSelect;

/**
 * A line of an invoice or credit note, in order (`position`). `amount_cents` = quantity × unit;
 * a negative unit only deducts a deposit already invoiced. `visit_id`: the visit it bills (a
 * visit is on at most one invoice that is not void).
 */
export const invoiceLines = sqliteTable(
  "invoice_lines",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    visitId: text("visit_id"),
  },
  (table) => [
    check(
      "invoice_lines_amount_check",
      sql`${table.amountCents} = ${table.quantity} * ${table.unitCents} AND ${table.quantity} BETWEEN 1 AND 1000`,
    ),
    uniqueIndex("invoice_lines_position_unique").on(table.invoiceId, table.position),
    index("invoice_lines_visit_idx").on(table.visitId),
  ],
);

export type InvoiceLine = typeof invoiceLines.$inferSelect;

/**
 * An entry of money against an invoice: a payment received or a refund given, never changed or
 * deleted (migrations/0016_billing_guards.sql). An invoice's balance is its total, less its credit
 * notes, less its payments, plus its refunds: always summed, never stored. `idempotency_key` is
 * unique: the payment form's own key (a double submit records once), or the card provider's
 * transaction ("wipay:<transaction id>", a replayed return records once). `tip_cents`: what a
 * customer paid above the balance as a tip (not owed, not counted against the invoice).
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    tipCents: integer("tip_cents").notNull().default(0),
    /** A bank transfer's reference, a card slip's number, the provider's transaction id. */
    reference: text("reference"),
    /** ISO date in Jamaica the money moved. */
    paidOn: text("paid_on").notNull(),
    note: text("note"),
    recordedByUserId: text("recorded_by_user_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("payments_kind_check", oneOf(table.kind, PAYMENT_KINDS)),
    check("payments_method_check", oneOf(table.method, PAYMENT_METHODS)),
    check("payments_amount_check", sql`${table.amountCents} > 0 AND ${table.tipCents} >= 0`),
    uniqueIndex("payments_idempotency_unique").on(table.idempotencyKey),
    // A balance's payments and refunds (app/server/billing/balance.server.ts `paidSql`): read from this index alone.
    index("payments_invoice_idx").on(table.invoiceId, table.kind, table.amountCents),
    index("payments_paid_on_idx").on(table.paidOn),
    // The overview's money collected (app/server/overview/figures.server.ts), read from the index alone.
    index("payments_paid_on_kind_idx").on(table.paidOn, table.kind, table.amountCents),
  ],
);

export type Payment = typeof payments.$inferSelect;

/**
 * The overview's daily summary (app/server/overview/figures.server.ts `daysQuery`, where each
 * figure is defined): one row a Jamaica day on which something was written, read once for every
 * figure it holds. Kept by the triggers of migrations/0019_overview_summaries.sql,
 * 0024_overview_answers_served.sql and 0029_overview_days_folded.sql, which RECOMPUTE the day's
 * values from their rows at each write (never add or subtract, so they cannot drift):
 * `booked_cents` and `collected_cents` (revenue), `requests`, `quoted` and `quoted_booked`
 * (requests and conversion), `answered` and `answer_wait_ms` (the first answer), `first_served`
 * (the customers whose first visit done is that day) and `reviews` and `review_stars` (rating).
 */
export const overviewDays = sqliteTable("overview_days", {
  day: text("day").primaryKey(),
  bookedCents: integer("booked_cents").notNull().default(0),
  collectedCents: integer("collected_cents").notNull().default(0),
  requests: integer("requests").notNull().default(0),
  quoted: integer("quoted").notNull().default(0),
  quotedBooked: integer("quoted_booked").notNull().default(0),
  answered: integer("answered").notNull().default(0),
  answerWaitMs: integer("answer_wait_ms").notNull().default(0),
  firstServed: integer("first_served").notNull().default(0),
  reviews: integer("reviews").notNull().default(0),
  reviewStars: integer("review_stars").notNull().default(0),
});

/** The rows of `record_totals`: the two kinds of record, the customers and the invoices (their lists' totals). */
export const COUNTED_TABLES = [...AUDITED_ENTITIES, "customer", "invoice"] as const;

/**
 * How many quote requests, contact messages, customers and invoices there are (the admin tabs'
 * totals, app/server/inbox/records.server.ts `tabCountReads`; the customers and invoices lists',
 * `listCustomers` and `listInvoices`, credit notes counted as invoices): one row each
 * ('quote_request', 'contact_message', 'customer', 'invoice'). Kept by
 * triggers (migrations/0025_record_totals.sql, migrations/0027_list_totals.sql), one more on
 * each insert and one fewer on each delete, so a total is one row read rather than every
 * record (D1 bills each row a `count(*)` reads: 50,000 on every admin page at five years).
 */
export const recordTotals = sqliteTable(
  "record_totals",
  {
    entity: text("entity").primaryKey(),
    total: integer("total").notNull().default(0),
  },
  (table) => [check("record_totals_entity_check", oneOf(table.entity, COUNTED_TABLES))],
);

/**
 * The customers served per month (app/server/overview/figures.server.ts, the repeat customers):
 * one row per calendar month ("2026-11") and customer with at least one visit done on a day of
 * that month (visits.customer_id, status 'done'). Kept by the triggers of
 * migrations/0024_overview_answers_served.sql, which re-check a pair against the visits at each
 * write of a done visit, so it cannot drift. Read instead of the visits for the whole months of a
 * range: the customers served in it are the distinct customer ids of its whole months here and of
 * the visits done on its other days.
 */
export const overviewServedMonths = sqliteTable(
  "overview_served_months",
  {
    month: text("month").notNull(),
    customerId: text("customer_id").notNull(),
    /** The customer's month served before this one ("2026-09"), "" when none (migrations/0030_overview_served_since.sql). */
    since: text("since").notNull().default(""),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.customerId] }),
    // A customer's months in order, for `since` (migrations/0030_overview_served_since.sql).
    index("overview_served_months_customer_idx").on(table.customerId, table.month),
  ],
);

/**
 * How many customers were served in a calendar month ("2026-11") whose month served before it was
 * `since` ("2026-09"; "": none, their first): the rows of overview_served_months by (month,
 * since), kept by the triggers of migrations/0030_overview_served_since.sql. The customers served
 * in whole months M1..M2 are the sum over those months of the rows with `since` before M1 (each
 * counted in the first of their months in the range), so a year reads a few hundred of these
 * instead of its thousands of pairs (app/server/overview/figures.server.ts `servedQuery`).
 */
export const overviewServedSince = sqliteTable(
  "overview_served_since",
  {
    month: text("month").notNull(),
    since: text("since").notNull(),
    customers: integer("customers").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.since] })],
);

/**
 * How many customers were served in each calendar month ("2026-11"): the rows of
 * overview_served_months for that month, kept by the triggers of
 * migrations/0028_overview_served_counts.sql, one more on each insert there and one fewer on each
 * delete, so the overview's trend of repeat customers reads a row a month, not every pair.
 */
export const overviewServedCounts = sqliteTable("overview_served_counts", {
  month: text("month").primaryKey(),
  customers: integer("customers").notNull().default(0),
});

/**
 * The invoices still owing (docs/product.md §15 "Who owes what"): one row per issued invoice (kind
 * 'invoice') whose balance is above 0, with that balance in cents and its due day. A copy kept by
 * the triggers of migrations/0021_open_invoices.sql, which RECOMPUTE an invoice's row from its
 * own rows (app/server/billing/balance.server.ts `balanceSql`'s rule: total, less issued credit
 * notes, less payments, plus refunds) whenever a payment is recorded or an invoice or credit note
 * is stored or changes status; never written by the app. Read by the Unpaid totals
 * (app/server/billing `unpaidTotalsQuery`), so they sum a few hundred rows rather than work out
 * every invoice's balance; tests/integration/overview-board.test.ts proves it equal to the rule.
 */
export const openInvoices = sqliteTable(
  "open_invoices",
  {
    invoiceId: text("invoice_id")
      .primaryKey()
      .references(() => invoices.id),
    dueDate: text("due_date").notNull(),
    balanceCents: integer("balance_cents").notNull(),
  },
  (table) => [check("open_invoices_balance_check", sql`${table.balanceCents} > 0`)],
);

/**
 * A card checkout at the payment provider (docs/decisions/022-invoices-and-payments.md): the order
 * sent (its id is the provider's `order_id`), for how much, and what became of it. A return is
 * believed only when its hash, order, amount and currency match this row and the provider
 * confirms the transaction; its payment's idempotency key is the provider's transaction id.
 */
export const cardCheckouts = sqliteTable(
  "card_checkouts",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("JMD"),
    status: text("status", { enum: CHECKOUT_STATUSES }).notNull(),
    transactionId: text("transaction_id"),
    paymentId: text("payment_id"),
    lastMessage: text("last_message"),
    ...timestamps,
  },
  (table) => [
    check("card_checkouts_status_check", oneOf(table.status, CHECKOUT_STATUSES)),
    check("card_checkouts_amount_check", sql`${table.amountCents} > 0`),
    index("card_checkouts_invoice_idx").on(table.invoiceId),
    uniqueIndex("card_checkouts_transaction_unique").on(table.transactionId),
  ],
);

/**
 * The owner's retention settings and the daily job's last run (docs/product.md §17 "Retention";
 * app/server/retention): one row, id 1, made by its migration with the defaults of
 * app/domain/retention.ts. The last run's counts are the totals of the runs of `last_run_day`
 * (a Jamaica day): a run of the same day adds to them, a run of a later day starts them anew.
 */
export const retentionSettings = sqliteTable(
  "retention_settings",
  {
    id: integer("id").primaryKey(),
    /** Months after a quote request is closed before its photos are deleted. */
    photoMonths: integer("photo_months").notNull().default(RETENTION_DEFAULTS.photoMonths),
    /** Months after their last activity before never-booked requests and contact messages are anonymised. */
    neverBookedMonths: integer("never_booked_months").notNull().default(RETENTION_DEFAULTS.neverBookedMonths),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /** The latest run's instant; null: never run. */
    lastRunAt: integer("last_run_at", { mode: "timestamp_ms" }),
    /** Its day in Jamaica (ISO), the day the counts below add up over. */
    lastRunDay: text("last_run_day"),
    lastPhotosDeleted: integer("last_photos_deleted").notNull().default(0),
    lastRequestsAnonymised: integer("last_requests_anonymised").notNull().default(0),
    lastMessagesAnonymised: integer("last_messages_anonymised").notNull().default(0),
    lastMailBodiesCleared: integer("last_mail_bodies_cleared").notNull().default(0),
  },
  (table) => [
    check("retention_settings_single_row_check", sql`${table.id} = 1`),
    check(
      "retention_settings_months_check",
      sql`${table.photoMonths} BETWEEN ${sql.raw(String(RETENTION_MONTHS.min))} AND ${sql.raw(String(RETENTION_MONTHS.max))} AND ${table.neverBookedMonths} BETWEEN ${sql.raw(String(RETENTION_MONTHS.min))} AND ${sql.raw(String(RETENTION_MONTHS.max))}`,
    ),
  ],
);
