/**
 * What the admin reads and changes: quote requests and contact messages, newest first,
 * filtered by status and paged by 50; status changes through the status machine with an
 * audit row (status_changes) naming the acting admin, in one D1 batch.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { attachments, contactMessages, quoteRequests, statusChanges, users } from "../../drizzle/schema";
import type { AuditedEntity, ContactStatus, QuoteStatus } from "~/domain/enumerations";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import { CONTACT_STEPS, isAllowedStep, QUOTE_STEPS } from "~/domain/status";
import type { Database } from "./db.server";

const PAGE_SIZE = ADMIN_PAGE_SIZE;

const ENTITIES = {
  quote_request: { table: quoteRequests, steps: QUOTE_STEPS, ownerKind: "quote" },
  contact_message: { table: contactMessages, steps: CONTACT_STEPS, ownerKind: "contact" },
} as const;

export async function countAll(db: Database): Promise<{ quotes: number; messages: number }> {
  const [quotes, messages] = await db.batch([
    db.select({ n: count() }).from(quoteRequests),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { quotes: quotes[0]?.n ?? 0, messages: messages[0]?.n ?? 0 };
}

export interface ListOptions<S extends string> {
  status: S | null;
  /** 1-based. */
  page: number;
}

export async function listQuoteRequests(db: Database, { status, page }: ListOptions<QuoteStatus>) {
  const where = status ? eq(quoteRequests.status, status) : undefined;
  const [rows, total] = await db.batch([
    db
      .select()
      .from(quoteRequests)
      .where(where)
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(quoteRequests).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function listContactMessages(db: Database, { status, page }: ListOptions<ContactStatus>) {
  const where = status ? eq(contactMessages.status, status) : undefined;
  const [rows, total] = await db.batch([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One record's photos and audit trail, for the detail views. */
export async function recordExtras(db: Database, entity: AuditedEntity, id: string) {
  const { ownerKind } = ENTITIES[entity];
  const [photos, history] = await db.batch([
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
  ]);
  return { photos, history };
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
  // previous statement changed). Table names are fixed constants, never input.
  const tableName = entity === "quote_request" ? "quote_requests" : "contact_messages";
  const [update] = await db.$client.batch([
    db.$client
      .prepare(`UPDATE ${tableName} SET status = ?1, updated_at = ?2 WHERE id = ?3 AND status = ?4`)
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
