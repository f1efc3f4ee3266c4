/**
 * What the admin reads and changes of quote requests and contact messages, each written once
 * for both kinds (`AuditedEntity`): the tabs' figures; a list, newest first, filtered by
 * status, service type, arrival date, overdue and a full-text search, paged by 50; the CSV
 * export's batches; one record with its photos, audit trail and internal notes; notes; and
 * status changes through the status machine with an audit row (status_changes) naming the
 * acting admin, in one D1 batch (docs/product.md §4, §10; docs/architecture.md §4.5). A quote
 * request's list rows and export rows carry its stage (app/server/lifecycle) and every list row
 * whether its customer wrote before; a quote request is completed, cancelled (with a reason)
 * and reopened here (`changeQuoteStatus`), each change with its audit row in the same batch.
 */
import { and, count, desc, eq, getTableColumns, getTableName, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  attachments,
  customerReplies,
  quoteRequests,
  recordNotes,
  recordTotals,
  statusChanges,
  users,
  visits,
} from "../../../drizzle/schema";
import type { AuditedEntity, QuoteStatus, ServiceType } from "~/domain/enumerations";
import type { JobStage, StageFacts } from "~/domain/lifecycle";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import {
  ATTENTION_STATUS,
  CONTACT_STEPS,
  isAllowedStep,
  OVERDUE_AFTER_MS,
  QUOTE_CANCEL_FROM,
  QUOTE_REOPEN_FROM,
  QUOTE_STEPS,
  reopenStatus,
  REPLIED_STATUS,
  type Step,
} from "~/domain/status";
import { matchesSearch } from "./search.server";
import {
  type Database,
  insertWhere,
  PREVIOUS_CHANGED_ONE,
  recordExists,
  type RecordRow,
  RECORDS,
  type RecordStatus,
  type RecordTable,
} from "~/server/platform";
import { noScheduledVisit } from "~/server/booking";
import { stageColumns, stageCondition, stageFacts } from "~/server/lifecycle";

/** What differs between the kinds beyond their table: the status machine and the photos' owner kind. */
const KINDS = {
  quote_request: { steps: QUOTE_STEPS, ownerKind: "quote" },
  contact_message: { steps: CONTACT_STEPS, ownerKind: "contact" },
} as const satisfies Record<AuditedEntity, { steps: Partial<Record<string, Step<string>>>; ownerKind: string }>;

/** A tab's figures: every record, those waiting for a reply, and those waiting past the promise. */
export interface TabCounts {
  total: number;
  attention: number;
  overdue: number;
}

/** How many records of `entity` there are, as `{ n }`: the row the writes keep (record_totals), one row read. */
function totalRead(db: Database, entity: AuditedEntity) {
  return db
    .select({ n: sql<number>`coalesce(max(${recordTotals.total}), 0)` })
    .from(recordTotals)
    .where(eq(recordTotals.entity, entity));
}

/**
 * A tab's three counts at `now` as one-row reads for a caller's statement (the admin frame,
 * app/server/inbox/frame.server.ts; the overview's Needs you): each answers `{ n }`, in
 * TabCounts order (total, attention, overdue: waiting `OVERDUE_AFTER_MS` or longer,
 * app/domain/status.ts). The total is the row the writes keep (record_totals,
 * migrations/0025_record_totals.sql): one row read, not the whole table.
 */
export function tabCountReads(db: Database, entity: AuditedEntity, now: Date) {
  const table: RecordTable = RECORDS[entity];
  const waiting = eq(table.status, ATTENTION_STATUS[entity]);
  const due = new Date(now.getTime() - OVERDUE_AFTER_MS);
  return [
    totalRead(db, entity),
    db.select({ n: count() }).from(table).where(waiting),
    db
      .select({ n: count() })
      .from(table)
      .where(and(waiting, lte(table.createdAt, due))),
  ] as const;
}

/** TabCounts from the rows of `tabCountReads`, in their order. */
export function tabCountsOf(rows: ReadonlyArray<{ n: number | null }>): TabCounts {
  const n = (index: number) => Number(rows[index]?.n ?? 0);
  return { total: n(0), attention: n(1), overdue: n(2) };
}

/** What an admin list shows: the status tab, the filters and the page (docs/product.md §10). */
export interface ListQuery {
  /** One of the kind's statuses (checked by the caller), or null for all. */
  status: string | null;
  /** Quote requests only. */
  service: ServiceType | null;
  /** Quote requests only: one stage (app/domain/lifecycle.ts), or null for all. */
  stage: JobStage | null;
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
function listWhere(entity: AuditedEntity, query: ListQuery, now: Date, countingSearch = false): SQL | undefined {
  const table: RecordTable = RECORDS[entity];
  const plain = !(countingSearch && query.match);
  const column = (of: AnySQLiteColumn) => (plain ? sql`${of}` : sql`+${of}`);
  const parts: Array<SQL | undefined> = [];
  if (query.status) parts.push(sql`${column(table.status)} = ${query.status}`);
  if (query.service && entity === "quote_request") parts.push(sql`${column(quoteRequests.serviceType)} = ${query.service}`);
  if (query.stage && entity === "quote_request") parts.push(stageCondition(query.stage, now));
  if (query.fromMs !== null) parts.push(sql`${column(table.createdAt)} >= ${query.fromMs}`);
  if (query.toMs !== null) parts.push(sql`${column(table.createdAt)} < ${query.toMs}`);
  if (query.overdue) {
    parts.push(sql`${column(table.status)} = ${ATTENTION_STATUS[entity]}`);
    parts.push(sql`${column(table.createdAt)} <= ${now.getTime() - OVERDUE_AFTER_MS}`);
  }
  if (query.match) parts.push(matchesSearch(entity, query.match));
  if (query.reference) parts.push(eq(table.reference, query.reference));
  return and(...parts);
}

/** Newest first, then by id: the order of every list and export. */
const newestFirst = (table: RecordTable) => [desc(table.createdAt), desc(table.id)];

/**
 * 1 when another quote request or contact message has the same (non-null) customer as the
 * `table` row in scope: a repeat customer. Correlated EXISTS over the indexed customer_id.
 */
function repeatCustomerSql(table: RecordTable): SQL<number> {
  // Written with their table: Drizzle writes a one-table select's columns bare, and a bare
  // "customer_id" inside the subqueries would name the subquery's own row.
  const column = (name: string) => sql`${sql.identifier(getTableName(table))}.${sql.identifier(name)}`;
  const customer = column("customer_id");
  const id = column("id");
  return sql<number>`(${customer} IS NOT NULL AND (
    EXISTS (SELECT 1 FROM quote_requests o WHERE o.customer_id = ${customer} AND o.id <> ${id})
    OR EXISTS (SELECT 1 FROM contact_messages o WHERE o.customer_id = ${customer} AND o.id <> ${id})))`;
}

/** Whether the customer of record `id` of `entity` has another request or message (false for an unknown id). Throws when D1 fails. */
export async function isRepeatCustomer(db: Database, entity: AuditedEntity, id: string): Promise<boolean> {
  const table: RecordTable = RECORDS[entity];
  const row = await db
    .select({ repeat: repeatCustomerSql(table) })
    .from(table)
    .where(eq(table.id, id))
    .get();
  return Boolean(row?.repeat);
}

/** What a list row carries beside its record: its stage (quote requests only, else null) and whether its customer wrote before. */
export interface ListRowFacts {
  stage: StageFacts | null;
  repeat: boolean;
}

/** The columns a list or export select reads beside the record's own: the stage (quote requests) and the repeat mark. */
function factColumns(entity: AuditedEntity, now: Date) {
  const table: RecordTable = RECORDS[entity];
  const stage =
    entity === "quote_request" ? stageColumns(now) : { stage: sql<null>`NULL`, priced: sql<null>`NULL`, nextVisit: sql<null>`NULL` };
  return { ...getTableColumns(table), ...stage, repeat: repeatCustomerSql(table) };
}

/** A row read with `factColumns` as the record and its ListRowFacts. */
function withFacts<E extends AuditedEntity>(entity: E, row: Record<string, unknown>): RecordRow<E> & ListRowFacts {
  const { stage, priced, nextVisit, repeat, ...record } = row;
  return {
    ...(record as RecordRow<E>),
    stage:
      entity === "quote_request"
        ? stageFacts({ stage: String(stage), priced: Number(priced), nextVisit: (nextVisit as string | null) ?? null })
        : null,
    repeat: Boolean(repeat),
  };
}

/**
 * One page of the records of `entity` matching `query`, newest first, and how many match in
 * all, in one batch; each row with its ListRowFacts: a quote request's stage (read through
 * app/server/lifecycle's `stageColumns` in the same select, its next visit included) and
 * whether its customer wrote before. Throws when D1 fails (the loader shows the product's
 * failure text).
 */
export async function listRecords<E extends AuditedEntity>(
  db: Database,
  entity: E,
  query: ListQuery,
  now: Date = new Date(),
): Promise<{ rows: Array<RecordRow<E> & ListRowFacts>; total: number }> {
  const table: RecordTable = RECORDS[entity];
  // The page's ids first, from the (created_at, id) indexes alone, then only those rows: an
  // OFFSET never reads the rows it skips.
  const pageIds = db
    .select({ id: table.id })
    .from(table)
    .where(listWhere(entity, query, now))
    .orderBy(...newestFirst(table))
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE);
  const counted = listWhere(entity, query, now, true);
  const [rows, total] = await db.batch([
    db
      .select(factColumns(entity, now))
      .from(table)
      .where(inArray(table.id, pageIds))
      .orderBy(...newestFirst(table)),
    // Unfiltered, the total is the kept row, not a count of the whole table.
    counted ? db.select({ n: count() }).from(table).where(counted) : totalRead(db, entity),
  ]);
  return { rows: rows.map((row) => withFacts(entity, row)), total: total[0]?.n ?? 0 };
}

/** Where an export batch stops: the last row's arrival and id (rows are newest first). */
export type ExportCursor = Pick<RecordRow<AuditedEntity>, "createdAt" | "id">;

/**
 * Up to `limit` records of `entity` matching `query` (its page ignored) after `cursor`,
 * newest first, each with its ListRowFacts: one batch of the CSV export, read by keyset (arrival, id).
 */
export async function exportRecords<E extends AuditedEntity>(
  db: Database,
  entity: E,
  query: ListQuery,
  cursor: ExportCursor | null,
  limit: number,
  now: Date = new Date(),
): Promise<Array<RecordRow<E> & ListRowFacts>> {
  const table: RecordTable = RECORDS[entity];
  const after = cursor
    ? or(lt(table.createdAt, cursor.createdAt), and(eq(table.createdAt, cursor.createdAt), lt(table.id, cursor.id)))
    : undefined;
  const rows = await db
    .select(factColumns(entity, now))
    .from(table)
    .where(and(listWhere(entity, query, now), after))
    .orderBy(...newestFirst(table))
    .limit(limit);
  return rows.map((row) => withFacts(entity, row));
}

/** One record of `entity`, or undefined when there is no such id. */
export async function getRecord<E extends AuditedEntity>(db: Database, entity: E, id: string): Promise<RecordRow<E> | undefined> {
  const table: RecordTable = RECORDS[entity];
  return (await db.select().from(table).where(eq(table.id, id)).get()) as RecordRow<E> | undefined;
}

/** One record's photos, audit trail (each change with its reason, if any) and internal notes, for the detail views. */
export async function recordExtras(db: Database, entity: AuditedEntity, id: string) {
  const { ownerKind } = KINDS[entity];
  const [photos, history, notes] = await db.batch([
    db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerKind, ownerKind), eq(attachments.ownerId, id)))
      .orderBy(attachments.createdAt),
    db
      .select({
        from: statusChanges.fromStatus,
        to: statusChanges.toStatus,
        note: statusChanges.note,
        at: statusChanges.createdAt,
        actor: users.email,
      })
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
 * Adds an internal note to a record, written only if the record exists (one statement:
 * `INSERT … SELECT … WHERE EXISTS (the record)`), so a note never points at a record that is
 * gone. In: the record's kind and id, the note's text (1 to TEXT_LIMITS.note characters,
 * checked by the caller's schema and by the table's CHECK), the author. Out: "added" or
 * "not-found".
 */
export async function addNote(
  db: Database,
  entity: AuditedEntity,
  id: string,
  body: string,
  authorUserId: string,
  now: Date = new Date(),
): Promise<"added" | "not-found"> {
  const row = { id: crypto.randomUUID(), entity, entityId: id, body, authorUserId, createdAt: now };
  const result = await insertWhere(db, recordNotes, row, recordExists({ entity, id })).run();
  return result.meta.changes === 1 ? "added" : "not-found";
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

/** A step of a record's status: which record, from the status it was read with, to which. */
export interface StatusStep {
  entity: AuditedEntity;
  id: string;
  from: RecordStatus;
  to: RecordStatus;
}

/**
 * The statement that moves a record from `step.from` to `step.to`: an `UPDATE … WHERE id = …
 * AND status = <from>`, which changes nothing once another admin has moved the record.
 * Reaching the replied status (REPLIED_STATUS: a quote given, a message answered, by e-mail
 * or by phone) sets the first reply time once (`coalesce`). For a batch; its `meta.changes`
 * is 1 when it moved the record. `conditions`: more that must hold as it runs.
 */
export function moveStatement(db: Database, step: StatusStep, now: Date, ...conditions: SQL[]) {
  const table: RecordTable = RECORDS[step.entity];
  const replied = step.to === REPLIED_STATUS[step.entity];
  return db
    .update(table)
    .set({
      status: step.to,
      updatedAt: now,
      ...(replied ? { firstReplyAt: sql`coalesce(${table.firstReplyAt}, ${now.getTime()})` } : {}),
    })
    .where(and(eq(table.id, step.id), eq(table.status, step.from), ...conditions));
}

/**
 * Whether `moveStatement` moved its record, from its D1 result. `> 0`, not `=== 1`: D1's
 * `meta.changes` also counts the rows the record's triggers write (a first reply recomputes its
 * day's summary, migrations/0024_overview_answers_served.sql), and an update that matched no row
 * fires none.
 */
export const moved = (result: { meta: { changes: number } }) => result.meta.changes > 0;

/**
 * The statement that writes the audit row of `step` by `actorUserId`, only when `condition`
 * holds as it runs (`changes() = 1` after the update, or the record still at `from`); `note`
 * is the change's reason (a cancellation's, a reopening's), or null.
 */
export function auditStatement(db: Database, step: StatusStep, actorUserId: string, now: Date, condition: SQL, note: string | null = null) {
  const row = {
    id: crypto.randomUUID(),
    entity: step.entity,
    entityId: step.id,
    fromStatus: step.from,
    toStatus: step.to,
    note,
    actorUserId,
    createdAt: now,
  };
  return insertWhere(db, statusChanges, row, condition);
}

/** What a status step came to (updateStatus). */
export type StatusUpdate = "updated" | "not-found" | "not-allowed" | "visit-scheduled";

/**
 * Moves a record one step along its status machine (app/domain/status.ts). The update only
 * applies while the record still has the status it was read with, so two admins clicking at
 * once cannot skip a step; the audit row is written in the same batch, only if the update
 * changed the record (SQLite's `changes()` counts the rows the previous statement changed).
 * A quote request is completed only while none of its visits is still scheduled (its visits
 * done or cancelled first), checked by the update itself.
 * Out: "updated", "not-found", "not-allowed" (not the next step, or moved meanwhile), or
 * "visit-scheduled".
 */
export async function updateStatus(
  db: Database,
  entity: AuditedEntity,
  id: string,
  to: string,
  actorUserId: string,
  now: Date = new Date(),
): Promise<StatusUpdate> {
  const table: RecordTable = RECORDS[entity];
  const record = await db.select({ status: table.status }).from(table).where(eq(table.id, id)).get();
  if (!record) return "not-found";
  const from = record.status;
  if (!isAllowedStep<RecordStatus>(KINDS[entity].steps, from, to)) return "not-allowed";
  const step = { entity, id, from, to };
  const closing = entity === "quote_request" && to === "completed";
  // One D1 batch (one transaction).
  const [update] = await db.batch([
    moveStatement(db, step, now, ...(closing ? [noScheduledVisit(id)] : [])),
    auditStatement(db, step, actorUserId, now, PREVIOUS_CHANGED_ONE),
  ]);
  if (moved(update)) return "updated";
  if (!closing) return "not-allowed";
  return (await hasVisitScheduled(db, id)) ? "visit-scheduled" : "not-allowed";
}

/** Whether a visit of quote request `id` is still scheduled: why a completion changed nothing. */
async function hasVisitScheduled(db: Database, id: string): Promise<boolean> {
  const scheduled = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.quoteRequestId, id), eq(visits.status, "scheduled")))
    .get();
  return scheduled !== undefined;
}

/** A change of a quote request's status beside the steps: complete (confirmed), cancel or reopen. */
export type QuoteChange = "complete" | "cancel" | "reopen";

/** What changeQuoteStatus came to; `to` the status reached. */
export type QuoteChangeOutcome = { status: "changed"; to: QuoteStatus } | { status: "not-found" | "not-allowed" | "visit-scheduled" };

/**
 * Completes, cancels or reopens quote request `id` (app/domain/status.ts says from which
 * statuses): `complete` from quoted, refused while a visit of it is scheduled (checked by the
 * update itself); `cancel` from pending or quoted; `reopen` from completed or cancelled, back
 * to quoted when a quote was sent or it was marked quoted before (an audit row to quoted),
 * else to pending. One D1 batch: the update, guarded by the status it was read with (two
 * admins at once cannot both apply it), then its audit row with `note` (the reason, or null),
 * written only if the update changed the record. Visits are not touched here: the caller
 * cancels them through app/server/booking (before a completion, after a cancellation).
 * Out: "changed" with the status reached, "not-found", "not-allowed" (not from this status, or
 * moved meanwhile) or "visit-scheduled". Throws when D1 fails.
 */
export async function changeQuoteStatus(
  db: Database,
  id: string,
  change: QuoteChange,
  note: string | null,
  actorUserId: string,
  now: Date = new Date(),
): Promise<QuoteChangeOutcome> {
  const record = await db.select({ status: quoteRequests.status }).from(quoteRequests).where(eq(quoteRequests.id, id)).get();
  if (!record) return { status: "not-found" };
  const from = record.status;
  let to: QuoteStatus;
  if (change === "complete") {
    if (!isAllowedStep(QUOTE_STEPS, from, "completed")) return { status: "not-allowed" };
    to = "completed";
  } else if (change === "cancel") {
    if (!QUOTE_CANCEL_FROM.includes(from)) return { status: "not-allowed" };
    to = "cancelled";
  } else {
    if (!QUOTE_REOPEN_FROM.includes(from)) return { status: "not-allowed" };
    const [quoted] = await db.batch([
      db
        .select({ id: customerReplies.id })
        .from(customerReplies)
        .where(and(eq(customerReplies.entity, "quote_request"), eq(customerReplies.entityId, id), eq(customerReplies.kind, "quote")))
        .limit(1),
      db
        .select({ id: statusChanges.id })
        .from(statusChanges)
        .where(and(eq(statusChanges.entity, "quote_request"), eq(statusChanges.entityId, id), eq(statusChanges.toStatus, "quoted")))
        .limit(1),
    ]);
    to = reopenStatus(quoted.length > 0);
  }
  const step = { entity: "quote_request" as const, id, from, to };
  const closing = change === "complete";
  const [update] = await db.batch([
    moveStatement(db, step, now, ...(closing ? [noScheduledVisit(id)] : [])),
    auditStatement(db, step, actorUserId, now, PREVIOUS_CHANGED_ONE, note),
  ]);
  if (moved(update)) return { status: "changed", to };
  if (!closing) return { status: "not-allowed" };
  return { status: (await hasVisitScheduled(db, id)) ? "visit-scheduled" : "not-allowed" };
}
