/**
 * The Drizzle client over the D1 binding, and the few building blocks its statements share.
 * D1 has no interactive transactions: use `db.batch([...])` for anything that must be whole
 * or nothing (docs/architecture.md §4.5, §4.16).
 */
import { and, eq, exists, type SQL } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { QueryBuilder, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../../drizzle/schema";
import type { AuditedEntity } from "~/domain/enumerations";

/**
 * The client. Every statement goes through it (the query builder, or its `sql` template with
 * typed column references), so a renamed column fails `npm run typecheck`; the type leaves out
 * the raw binding so that no module writes SQL in strings.
 */
export type Database = DrizzleD1Database<typeof schema>;

/** The table of each kind of record (docs/product.md §3): quote requests and contact messages. */
export const RECORDS = { quote_request: schema.quoteRequests, contact_message: schema.contactMessages } as const satisfies Record<
  AuditedEntity,
  SQLiteTable
>;

/** The table of either kind of record. */
export type RecordTable = (typeof RECORDS)[AuditedEntity];

/** A row of the records of kind `E`, as drizzle/schema.ts declares it. */
export type RecordRow<E extends AuditedEntity> = (typeof RECORDS)[E]["$inferSelect"];

/** A status of either kind of record. */
export type RecordStatus = RecordRow<AuditedEntity>["status"];

/**
 * "Only while this record still has this status": a statement with this guard writes nothing
 * once another admin has changed the record, so a D1 batch of such statements is all or
 * nothing (docs/architecture.md §4.16).
 */
export interface RecordGuard {
  entity: AuditedEntity;
  id: string;
  status: RecordStatus;
}

/** Subqueries inside other statements (they run with the statement that holds them). */
const subquery = new QueryBuilder();

/**
 * The condition "record `id` of `entity` exists" (and, when `status` is given, still has
 * that status): `EXISTS (SELECT … FROM <record table> WHERE id = … [AND status = …])`.
 */
export function recordExists({ entity, id, status }: { entity: AuditedEntity; id: string; status?: RecordStatus }): SQL {
  const table: RecordTable = RECORDS[entity];
  const where = status === undefined ? eq(table.id, id) : and(eq(table.id, id), eq(table.status, status));
  return exists(subquery.select({ id: table.id }).from(table).where(where));
}

/**
 * A Drizzle client over the `DB` binding, or over one D1 session of it (the Sessions API: which
 * copy of the database answers, app/worker/d1-session.ts). The Worker makes one per request and
 * hands it to Remix as `context.db` (server.ts); the cron and the queue make one per run over
 * the binding (the primary). Nothing else constructs one.
 */
export function getDb(source: Pick<CloudflareBindings, "DB"> | D1DatabaseSession): Database {
  // A session has `prepare` and `batch`, the only calls Drizzle's D1 driver makes.
  const client = "DB" in source ? source.DB : (source as unknown as D1Database);
  return drizzle(client, { schema });
}
