/**
 * What an invoice still owes, in SQL, defined once (docs/product.md §15): its total, less its
 * issued credit notes, less its payments, plus its refunds. Never stored on the invoice: every
 * read (a summary, the page, the lists, the Unpaid view, a customer's balance, the accountant's
 * CSV, a payment's guard, the deposit rule) uses these expressions. The one copy is open_invoices
 * (drizzle/schema.ts `openInvoices`): the invoices still owing, which migrations/0021_open_invoices.sql's
 * triggers recompute by this same rule at every write that changes a balance, for the Unpaid
 * totals (tests/integration/overview-board.test.ts proves the two equal).
 */
import { getTableName, sql, type SQL } from "drizzle-orm";
import { alias, type AnySQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
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
