/**
 * What an invoice still owes, in SQL, defined once (docs/product.md §15): its total, less its
 * issued credit notes, less its payments, plus its refunds. Never stored: every read (a summary,
 * the page, the lists, the Unpaid view, a customer's balance, the accountant's CSV, a payment's
 * guard, the deposit rule) uses these expressions; `balancesSubquery` is the same rule for many
 * invoices at once.
 */
import { and, eq, getTableName, sql, type SQL } from "drizzle-orm";
import { alias, type AnySQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "~/server/platform";
import { invoices, payments } from "../../../drizzle/schema";

/** The invoices table, or an alias of it (a statement on `invoices` that reads another row): the columns the balance reads. */
export interface InvoicesTable {
  id: AnySQLiteColumn;
  kind: AnySQLiteColumn;
  totalCents: AnySQLiteColumn;
}

/**
 * `expression` nested in another SQL: Drizzle writes the columns of a select's top-level `sql`
 * field without their table when the select reads one table, which inside a subquery would name
 * the subquery's own columns; nested, they keep it.
 */
export function nested(expression: SQL): SQL<number> {
  return sql<number>`${expression}`;
}

/**
 * An alias (drizzle's `alias`) as a FROM clause: `"invoices" AS "credit_note"`. A bare `${alias}`
 * in a `sql` template renders only the alias's name, which SQLite takes for a table.
 */
export function fromAlias(aliased: SQLiteTable): SQL {
  const original = (aliased as unknown as Record<symbol, string | undefined>)[Symbol.for("drizzle:OriginalName")] ?? getTableName(aliased);
  return sql`${sql.identifier(original)} AS ${sql.identifier(getTableName(aliased))}`;
}

/** A credit note of the invoice in scope (its own alias, so the outer statement may be on `invoices`). */
const creditNote = alias(invoices, "balance_credit_note");

/** A payment or refund of the invoice in scope. */
const entry = alias(payments, "balance_entry");

/**
 * SQL integer: Σ total_cents of the issued credit notes of the invoice row `invoice` (0 for a
 * credit note, which is never credited itself).
 */
export function creditedSql(invoice: InvoicesTable): SQL<number> {
  return nested(
    sql`(SELECT COALESCE(SUM(${creditNote.totalCents}), 0) FROM ${fromAlias(creditNote)} WHERE ${creditNote.creditForId} = ${invoice.id} AND ${creditNote.kind} = 'credit_note' AND ${creditNote.status} = 'issued')`,
  );
}

/** SQL integer: Σ payments - Σ refunds of the invoice row `invoice`, in cents (tips excluded). */
export function paidSql(invoice: InvoicesTable): SQL<number> {
  return nested(
    sql`(SELECT COALESCE(SUM(CASE WHEN ${entry.kind} = 'refund' THEN -${entry.amountCents} ELSE ${entry.amountCents} END), 0) FROM ${fromAlias(entry)} WHERE ${entry.invoiceId} = ${invoice.id})`,
  );
}

/**
 * SQL integer: what the invoice row `invoice` still owes, in cents: total - credited - paid
 * (negative: the customer is in credit). A credit note's balance is 0.
 */
export function balanceSql(invoice: InvoicesTable): SQL<number> {
  return nested(
    sql`(CASE WHEN ${invoice.kind} = 'credit_note' THEN 0 ELSE ${invoice.totalCents} - ${creditedSql(invoice)} - ${paidSql(invoice)} END)`,
  );
}

/** The credit notes of a set of invoices (an alias of its own, as `creditNote`). */
const setCreditNote = alias(invoices, "balances_credit_note");

/** The payments and refunds of a set of invoices. */
const setEntry = alias(payments, "balances_entry");

/**
 * The balances of many invoices at once, as a subquery for a caller's statement: the same rule as
 * `balanceSql` (total - Σ issued credit notes - (Σ payments - Σ refunds), tips excluded; a credit
 * note's balance is 0), with the credited amounts read as one grouped subquery and the payments
 * joined and summed per invoice, so each invoice's balance is worked out once by one pass in
 * invoice id order (invoices_kind_status_idx and payments_invoice_idx, indexes alone) instead of
 * two lookups per row. Equal to `balanceSql` row for row (tests/integration/overview-board.test.ts).
 * In: the database and a WHERE condition on `invoices` (which invoices; undefined: all). Out: a
 * subquery "balances" with `id`, `dueDate` (ISO day) and `balance` (cents; negative: in credit).
 */
export function balancesSubquery(db: Database, which: SQL | undefined) {
  const credited = db
    .select({ invoiceId: setCreditNote.creditForId, cents: sql<number>`SUM(${setCreditNote.totalCents})`.as("credited_cents") })
    .from(setCreditNote)
    .where(and(eq(setCreditNote.kind, "credit_note"), eq(setCreditNote.status, "issued")))
    .groupBy(setCreditNote.creditForId)
    .as("balances_credited");
  const paid = sql`SUM(CASE WHEN ${setEntry.kind} = 'refund' THEN -${setEntry.amountCents} ELSE ${setEntry.amountCents} END)`;
  return db
    .select({
      id: invoices.id,
      dueDate: invoices.dueDate,
      balance:
        sql<number>`(CASE WHEN ${invoices.kind} = 'credit_note' THEN 0 ELSE ${invoices.totalCents} - COALESCE(${credited.cents}, 0) - COALESCE(${paid}, 0) END)`.as(
          "balance",
        ),
    })
    .from(invoices)
    .leftJoin(credited, eq(credited.invoiceId, invoices.id))
    .leftJoin(setEntry, eq(setEntry.invoiceId, invoices.id))
    .where(which)
    .groupBy(invoices.id)
    .as("balances");
}
