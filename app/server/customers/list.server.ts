/**
 * The list of customers (/admin/customers, docs/product.md §14): every customer once, newest
 * activity first (`updated_at`: a request or message stored, a merge), 50 a page, searched by
 * name, e-mail and phone through the FTS5 table `customers_search` (migrations/0013_customers_search.sql),
 * with the same MATCH expression as the inbox (docs/decisions/009-admin-search.md). Each row
 * carries its counts of requests and messages and its total booked.
 */
import { count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { integer, QueryBuilder, sqliteTable } from "drizzle-orm/sqlite-core";
import { customers, recordTotals } from "../../../drizzle/schema";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import type { Database } from "~/server/platform";

/**
 * The search's FTS5 table (its `rowid` is a customer's `search_rowid`), declared here and not in
 * drizzle/schema.ts because migrations/0013_customers_search.sql writes it by hand.
 */
const customersSearch = sqliteTable("customers_search", { rowid: integer("rowid").notNull() });
const subquery = new QueryBuilder();

/** A whole amount of Jamaican dollars as the admin reads it: "J$18,000". */
export function jmdLabel(amount: number): string {
  return `J$${Math.round(amount).toLocaleString("en-US")}`;
}

/** A row of the list: the customer and its figures. */
export interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** Last activity, ms since the epoch. */
  lastActivity: number;
  requests: number;
  messages: number;
  /** Sum of its visits' amount_jmd, cancelled and skipped ones left out, whole J$. */
  bookedJmd: number;
}

/** Visits that count in "total booked": all but cancelled and skipped ones (a select with `visits` in it). */
export const BOOKED_VISIT = sql.raw(`"visits"."status" NOT IN ('cancelled', 'skipped')`);

/**
 * The figures of the `customers` row in scope, as columns of a select over `customers`. Written
 * with aliases and the table's full name, because Drizzle leaves a single-table select's columns
 * unqualified and an inner "id" would be the subquery's own.
 */
export function customerFigures() {
  return {
    requests: sql<number>`(SELECT count(*) FROM quote_requests q WHERE q.customer_id = "customers"."id")`,
    messages: sql<number>`(SELECT count(*) FROM contact_messages m WHERE m.customer_id = "customers"."id")`,
    bookedJmd: sql<number>`(SELECT coalesce(sum(v.amount_jmd), 0) FROM visits v JOIN quote_requests q ON q.id = v.quote_request_id WHERE q.customer_id = "customers"."id" AND v.status NOT IN ('cancelled', 'skipped'))`,
  };
}

/**
 * One page of customers. In: the database, the MATCH expression of a search (from the inbox's
 * `matchExpression`; null: every customer) and the page (1-based). Out: the page's rows, newest
 * activity first, and how many customers match in all. Throws when D1 fails.
 */
export async function listCustomers(db: Database, match: string | null, page: number): Promise<{ rows: CustomerRow[]; total: number }> {
  const where: SQL | undefined = match
    ? inArray(
        customers.searchRowid,
        subquery
          .select({ rowid: customersSearch.rowid })
          .from(customersSearch)
          .where(sql`${customersSearch} MATCH ${match}`),
      )
    : undefined;
  const newestFirst = [desc(customers.updatedAt), desc(customers.id)];
  // The page's ids first, from the (updated_at, id) index alone, then only those rows.
  const pageIds = db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(...newestFirst)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const [rows, total] = await db.batch([
    db
      .select({
        id: customers.id,
        name: customers.name,
        email: customers.email,
        phone: customers.phone,
        updatedAt: customers.updatedAt,
        ...customerFigures(),
      })
      .from(customers)
      .where(inArray(customers.id, pageIds))
      .orderBy(...newestFirst),
    // Every customer: the row the writes keep (record_totals), not a count of the whole table.
    where
      ? db.select({ n: count() }).from(customers).where(where)
      : db.select({ n: recordTotals.total }).from(recordTotals).where(eq(recordTotals.entity, "customer")),
  ]);
  return {
    rows: rows.map(({ updatedAt, ...row }) => ({ ...row, lastActivity: updatedAt.getTime() })),
    total: total[0]?.n ?? 0,
  };
}
