/**
 * What the admin reads and changes: quote requests and contact messages, newest first,
 * filtered by status, service type, arrival date, overdue and a full-text search, paged by
 * 50; internal notes; status changes through the status machine with an audit row
 * (status_changes) naming the acting admin, in one D1 batch.
 */
import { and, count, desc, eq, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { attachments, contactMessages, quoteRequests, recordNotes, statusChanges, users } from "../../../drizzle/schema";
import type { AuditedEntity, ContactStatus, QuoteStatus, ServiceType } from "~/domain/enumerations";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import { ATTENTION_STATUS, CONTACT_STEPS, isAllowedStep, OVERDUE_AFTER_MS, QUOTE_STEPS, REPLIED_STATUS } from "~/domain/status";
import { matchesSearch } from "./search.server";
import { RECORD_TABLES, type Database } from "../platform/db.server";

const PAGE_SIZE = ADMIN_PAGE_SIZE;

const ENTITIES = {
  quote_request: { table: quoteRequests, steps: QUOTE_STEPS, ownerKind: "quote" },
  contact_message: { table: contactMessages, steps: CONTACT_STEPS, ownerKind: "contact" },
} as const;

/** A tab's figures: every record, those waiting for a reply, and those waiting past the promise. */
export interface TabCounts {
  total: number;
  attention: number;
  overdue: number;
}

/**
 * The figures beside the admin's tabs (docs/product.md §10 "New and overdue"), in one batch.
 * In: the database and now. Out: `{ quotes, messages }`, each TabCounts.
 */
export async function countAll(db: Database, now: Date = new Date()): Promise<{ quotes: TabCounts; messages: TabCounts }> {
  const due = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const q = quoteRequests;
  const m = contactMessages;
  const [quotes, quotesWaiting, quotesOverdue, messages, messagesWaiting, messagesOverdue] = await db.batch([
    db.select({ n: count() }).from(q),
    db.select({ n: count() }).from(q).where(eq(q.status, ATTENTION_STATUS.quote_request)),
    db
      .select({ n: count() })
      .from(q)
      .where(and(eq(q.status, ATTENTION_STATUS.quote_request), lte(q.createdAt, due))),
    db.select({ n: count() }).from(m),
    db.select({ n: count() }).from(m).where(eq(m.status, ATTENTION_STATUS.contact_message)),
    db
      .select({ n: count() })
      .from(m)
      .where(and(eq(m.status, ATTENTION_STATUS.contact_message), lte(m.createdAt, due))),
  ]);
  const n = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;
  return {
    quotes: { total: n(quotes), attention: n(quotesWaiting), overdue: n(quotesOverdue) },
    messages: { total: n(messages), attention: n(messagesWaiting), overdue: n(messagesOverdue) },
  };
}

/** What an admin list shows: the status tab, the filters and the page (docs/product.md §10). */
export interface ListQuery<S extends string> {
  status: S | null;
  /** Quote requests only. */
  service: ServiceType | null;
  /** Arrived at or after this time (ms since the epoch), or null. */
  fromMs: number | null;
  /** Arrived before this time (ms since the epoch), or null. */
  toMs: number | null;
  /** Only records still waiting for a reply past the promise. */
  overdue: boolean;
  /** An FTS5 MATCH expression from search.server.ts, or null for no search. */
  match: string | null;
  /** A reference searched for ("MB-7K4Q2"), or null. */
  reference: string | null;
  /** 1-based. */
  page: number;
}

/**
 * The `where` of a list: every filter of `query` that is set, joined with AND.
 * `countingSearch`: for counting a search's matches, the filters are written `+column` so
 * SQLite starts from the (usually few) matches and checks each in the covering index
 * `*_search_filter_idx` (migrations/0003_search_index.sql), instead of walking every record
 * of a status; measured 4 times faster at 50,000 records (docs/decisions/009-admin-search.md).
 */
function listWhere(entity: AuditedEntity, query: ListQuery<string>, now: Date, countingSearch = false): SQL | undefined {
  const table = ENTITIES[entity].table as typeof quoteRequests | typeof contactMessages;
  const plain = !(countingSearch && query.match);
  const column = (of: AnySQLiteColumn) => (plain ? sql`${of}` : sql`+${of}`);
  const parts: Array<SQL | undefined> = [];
  if (query.status) parts.push(sql`${column(table.status)} = ${query.status}`);
  if (query.service && entity === "quote_request") parts.push(sql`${column(quoteRequests.serviceType)} = ${query.service}`);
  if (query.fromMs !== null) parts.push(sql`${column(table.createdAt)} >= ${query.fromMs}`);
  if (query.toMs !== null) parts.push(sql`${column(table.createdAt)} < ${query.toMs}`);
  if (query.overdue) {
    parts.push(sql`${column(table.status)} = ${ATTENTION_STATUS[entity]}`);
    parts.push(sql`${column(table.createdAt)} <= ${now.getTime() - OVERDUE_AFTER_MS}`);
  }
  if (query.match) parts.push(matchesSearch(entity, query.match));
  if (query.reference) parts.push(sql`${table.reference} = ${query.reference}`);
  return and(...parts);
}

/**
 * One page of quote requests matching `query`, newest first, and how many match in all.
 * Throws when D1 fails (the loader shows the product's failure text).
 */
export async function listQuoteRequests(db: Database, query: ListQuery<QuoteStatus>, now: Date = new Date()) {
  const where = listWhere("quote_request", query, now);
  const order = [desc(quoteRequests.createdAt), desc(quoteRequests.id)];
  // The page's ids first, from the (created_at, id) indexes alone, then only those rows: an
  // OFFSET never reads the rows it skips.
  const pageIds = db
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const [rows, total] = await db.batch([
    db
      .select()
      .from(quoteRequests)
      .where(inArray(quoteRequests.id, pageIds))
      .orderBy(...order),
    db
      .select({ n: count() })
      .from(quoteRequests)
      .where(listWhere("quote_request", query, now, true)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One page of contact messages matching `query`, newest first, and how many match in all. */
export async function listContactMessages(db: Database, query: ListQuery<ContactStatus>, now: Date = new Date()) {
  const where = listWhere("contact_message", query, now);
  const order = [desc(contactMessages.createdAt), desc(contactMessages.id)];
  // The page's ids first, from the (created_at, id) indexes alone, then only those rows: an
  // OFFSET never reads the rows it skips.
  const pageIds = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const [rows, total] = await db.batch([
    db
      .select()
      .from(contactMessages)
      .where(inArray(contactMessages.id, pageIds))
      .orderBy(...order),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(listWhere("contact_message", query, now, true)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Where an export batch stops: the last row's arrival and id (rows are newest first). */
export interface ExportCursor {
  createdAt: Date;
  id: string;
}

/** The `where` of the rows after `cursor` in newest-first order. */
function afterCursor(table: typeof quoteRequests | typeof contactMessages, cursor: ExportCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(table.createdAt, cursor.createdAt), and(eq(table.createdAt, cursor.createdAt), lt(table.id, cursor.id)));
}

/**
 * Up to `limit` quote requests matching `query` (its page ignored) after `cursor`, newest
 * first, with their photo counts: one batch of the CSV export.
 */
export async function exportQuoteRequests(
  db: Database,
  query: ListQuery<QuoteStatus>,
  cursor: ExportCursor | null,
  limit: number,
  now: Date = new Date(),
) {
  return db
    .select()
    .from(quoteRequests)
    .where(and(listWhere("quote_request", query, now), afterCursor(quoteRequests, cursor)))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(limit);
}

/** Up to `limit` contact messages matching `query` after `cursor`, newest first. */
export async function exportContactMessages(
  db: Database,
  query: ListQuery<ContactStatus>,
  cursor: ExportCursor | null,
  limit: number,
  now: Date = new Date(),
) {
  return db
    .select()
    .from(contactMessages)
    .where(and(listWhere("contact_message", query, now), afterCursor(contactMessages, cursor)))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/** One record's photos, audit trail and internal notes, for the detail views. */
export async function recordExtras(db: Database, entity: AuditedEntity, id: string) {
  const { ownerKind } = ENTITIES[entity];
  const [photos, history, notes] = await db.batch([
    db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerKind, ownerKind), eq(attachments.ownerId, id)))
      .orderBy(attachments.createdAt),
    db
      .select({ from: statusChanges.fromStatus, to: statusChanges.toStatus, at: statusChanges.createdAt, actor: users.email })
      .from(statusChanges)
      .leftJoin(users, eq(statusChanges.actorUserId, users.id))
      .where(and(eq(statusChanges.entity, entity), eq(statusChanges.entityId, id)))
      .orderBy(desc(statusChanges.createdAt)),
    db
      .select({ id: recordNotes.id, body: recordNotes.body, at: recordNotes.createdAt, author: users.email })
      .from(recordNotes)
      .leftJoin(users, eq(recordNotes.authorUserId, users.id))
      .where(and(eq(recordNotes.entity, entity), eq(recordNotes.entityId, id)))
      .orderBy(desc(recordNotes.createdAt)),
  ]);
  return { photos, history, notes };
}

/**
 * Adds an internal note to a record, written only if the record exists (one statement).
 * In: the record's kind and id, the note's text (1 to TEXT_LIMITS.note characters, checked
 * by the caller's schema and by the table's CHECK), the author. Out: "added" or "not-found".
 */
export async function addNote(
  db: Database,
  entity: AuditedEntity,
  id: string,
  body: string,
  authorUserId: string,
  now: Date = new Date(),
): Promise<"added" | "not-found"> {
  const tableName = RECORD_TABLES[entity];
  const result = await db.$client
    .prepare(
      `INSERT INTO record_notes (id, entity, entity_id, body, author_user_id, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM ${tableName} WHERE id = ?3)`,
    )
    .bind(crypto.randomUUID(), entity, id, body, authorUserId, now.getTime())
    .run();
  return result.meta.changes === 1 ? "added" : "not-found";
}

export async function getQuoteRequest(db: Database, id: string) {
  return db.select().from(quoteRequests).where(eq(quoteRequests.id, id)).get();
}

export async function getContactMessage(db: Database, id: string) {
  return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}

/**
 * A stored photo: its attachment row (name, checked type) and its bytes from R2, or null
 * when either is missing.
 */
export async function getAttachmentPhoto(db: Database, bucket: R2Bucket, id: string) {
  const row = await db.select().from(attachments).where(eq(attachments.id, id)).get();
  const object = row ? await bucket.get(row.r2Key) : null;
  return row && object ? { row, object } : null;
}

export type StatusUpdate = "updated" | "not-found" | "not-allowed";

/**
 * Moves a record one step along its status machine. The update only applies while the
 * record still has the status it was read with, so two admins clicking at once cannot skip a
 * step; the audit row is written in the same batch.
 */
export async function updateStatus(
  db: Database,
  entity: AuditedEntity,
  id: string,
  to: string,
  actorUserId: string,
  now: Date = new Date(),
): Promise<StatusUpdate> {
  const { table, steps } = ENTITIES[entity];
  const record = await db.select({ status: table.status }).from(table).where(eq(table.id, id)).get();
  if (!record) return "not-found";
  const from = record.status as string;
  if (!isAllowedStep(steps as Record<string, { to: string; label: string }>, from, to)) return "not-allowed";
  // One D1 batch (one transaction): the update applies only while the status is still
  // `from`; the audit row is written only if it did (SQLite's changes() counts the rows the
  // previous statement changed). Table names are fixed constants, never input. Reaching the
  // replied status (a quote given or a message answered by phone) sets the first reply time once.
  const tableName = RECORD_TABLES[entity];
  const replied = to === REPLIED_STATUS[entity] ? ", first_reply_at = coalesce(first_reply_at, ?2)" : "";
  const [update] = await db.$client.batch([
    db.$client
      .prepare(`UPDATE ${tableName} SET status = ?1, updated_at = ?2${replied} WHERE id = ?3 AND status = ?4`)
      .bind(to, now.getTime(), id, from),
    db.$client
      .prepare(
        `INSERT INTO status_changes (id, entity, entity_id, from_status, to_status, actor_user_id, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() = 1`,
      )
      .bind(crypto.randomUUID(), entity, id, from, to, actorUserId, now.getTime()),
  ]);
  return update?.meta.changes === 1 ? "updated" : "not-allowed";
}
