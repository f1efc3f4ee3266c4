/**
 * What is owed and what moved (docs/product.md §15): the Unpaid view (issued invoices still
 * owing, by age), a customer's balance across their invoices, and the accountant's rows for a
 * period. Every figure comes from `balanceSql` (./balance.server.ts; the Unpaid totals from its kept copy, open_invoices); ages and "overdue" from
 * app/domain/billing.ts.
 */
import { and, asc, between, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { AGING_BUCKETS, agingBucket, daysBetween, formatCents, isOverdue } from "~/domain/billing";
import type { PaymentMethod } from "~/domain/enumerations";
import type { Database } from "~/server/platform";
import { invoiceLines, invoices, openInvoices, payments } from "../../../drizzle/schema";
import { fromAlias, nested } from "./balance.server";
import { summaryColumns, toSummary } from "./invoices.server";
import type { CustomerBalance, UnpaidReport } from "./types";

/**
 * The Unpaid view on `today` (ISO day, Jamaica): every issued invoice (not a credit note, not
 * void) whose balance is above 0, with its age bucket (`agingBucket` on its due day) and days
 * overdue (0 when not yet due), the longest overdue first; the four buckets always present, in
 * AGING_BUCKETS order, with their count and total; and the total owed. One read, of the invoices
 * open_invoices names (drizzle/schema.ts `openInvoices`), each balance by `balanceSql`.
 */
export async function unpaidReport(db: Database, today: string): Promise<UnpaidReport> {
  const found = await db
    .select(summaryColumns)
    .from(invoices)
    // open_invoices holds exactly the issued invoices still owing (drizzle/schema.ts `openInvoices`).
    // As `IN`, not a join: SQLite then looks up each of those few by id; joined, it walked every
    // invoice and looked each up in open_invoices (28,000 rows at five years, docs/benchmarks.md).
    .where(inArray(invoices.id, db.select({ id: openInvoices.invoiceId }).from(openInvoices)))
    .orderBy(asc(invoices.dueDate), asc(invoices.issueDate), asc(invoices.number));
  const rows = found.map((row) => {
    const summary = toSummary(row, today);
    return { ...summary, bucket: agingBucket(summary.dueDate, today), daysOverdue: Math.max(0, daysBetween(summary.dueDate, today)) };
  });
  const buckets = AGING_BUCKETS.map((bucket) => {
    const inBucket = rows.filter((row) => row.bucket === bucket);
    return { bucket, count: inBucket.length, totalCents: inBucket.reduce((sum, row) => sum + row.balanceCents, 0) };
  });
  return { buckets, totalCents: rows.reduce((sum, row) => sum + row.balanceCents, 0), rows };
}

/**
 * The Unpaid view's totals on `today` (ISO day, Jamaica) as one read for a caller's statement
 * (the overview's Needs you, app/server/overview/today.server.ts): the issued invoices (not a
 * credit note, not void) whose balance is above 0, as `unpaidReport` lists them, and of those the
 * overdue ones (due before `today`: app/domain/billing.ts `isOverdue`). Read from open_invoices,
 * the rows the writes keep of exactly those invoices with their balance (drizzle/schema.ts
 * `openInvoices`), so it sums the few invoices still owing rather than every invoice's balance.
 * Answers one row `{ count, cents, overdueCount, overdueCents }`, amounts in cents.
 */
export function unpaidTotalsQuery(db: Database, today: string) {
  const overdue = sql`${openInvoices.dueDate} < ${today}`;
  return db
    .select({
      count: sql<number>`count(*)`,
      cents: sql<number>`coalesce(sum(${openInvoices.balanceCents}), 0)`,
      overdueCount: sql<number>`coalesce(sum(CASE WHEN ${overdue} THEN 1 ELSE 0 END), 0)`,
      overdueCents: sql<number>`coalesce(sum(CASE WHEN ${overdue} THEN ${openInvoices.balanceCents} ELSE 0 END), 0)`,
    })
    .from(openInvoices);
}

/**
 * What the customer `customerId` owes on `today` (ISO day, Jamaica), across their issued and void
 * invoices (drafts and credit notes are not counted themselves; credit notes reduce what their
 * invoice asks): invoiced = Σ (total - credited), paid = Σ (payments - refunds), balance =
 * Σ balances (negative: in credit), open = issued invoices still owing, overdue = those past due.
 */
export async function customerBalance(db: Database, customerId: string, today: string): Promise<CustomerBalance> {
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.kind, "invoice"), inArray(invoices.status, ["issued", "void"])));
  const balance: CustomerBalance = { invoicedCents: 0, paidCents: 0, balanceCents: 0, openInvoices: 0, overdueInvoices: 0 };
  for (const row of rows) {
    const summary = toSummary(row, today);
    balance.invoicedCents += summary.totalCents - summary.creditedCents;
    balance.paidCents += summary.paidCents;
    balance.balanceCents += summary.balanceCents;
    if (summary.status === "issued" && summary.balanceCents > 0) balance.openInvoices++;
    if (isOverdue(summary.status, summary.balanceCents, summary.dueDate, today)) balance.overdueInvoices++;
  }
  return balance;
}

/** One row of the accountant's export. Amounts are positive cents; `type` says which way they go. */
export interface AccountingRow {
  type: "invoice" | "credit_note" | "payment" | "refund";
  /** ISO day (Jamaica): the issue day of a document, the day money moved for a payment or refund. */
  date: string;
  /** The document's number; null for a payment or refund (see `invoiceNumber`). */
  number: string | null;
  /** The bill-to name. */
  customer: string;
  /** A document's first line (and how many more), a credit note's reason, a payment's note. */
  description: string;
  /** Before GCT (subtotal - discount); null for a payment or refund. */
  netCents: number | null;
  /** GCT; null for a payment or refund. */
  taxCents: number | null;
  totalCents: number;
  method: PaymentMethod | null;
  reference: string | null;
  /** The invoice a credit note corrects or money was recorded against; null for an invoice. */
  invoiceNumber: string | null;
}

/**
 * The accountant's rows for the days `fromDay`..`toDay` (ISO, both included, Jamaica): every
 * invoice and credit note issued in the period (void ones too: their credit note cancels them)
 * and every payment and refund whose money moved in it, oldest first (documents before money on
 * the same day). Two reads.
 */
export async function accountingRows(db: Database, fromDay: string, toDay: string): Promise<AccountingRow[]> {
  const corrected = alias(invoices, "corrected_invoice");
  const firstLine = alias(invoiceLines, "first_line");
  const lineCount = alias(invoiceLines, "counted_line");
  const [documents, money] = await db.batch([
    db
      .select({
        invoice: invoices,
        // The corrected invoice's number, read by a subquery (nested: its own columns keep their table) and named
        // apart: in a batch D1 answers rows keyed by column name, and a second "number" would overwrite the first.
        corrected: (
          nested(
            sql`(SELECT ${corrected.number} FROM ${fromAlias(corrected)} WHERE ${corrected.id} = ${invoices.creditForId})`,
          ) as SQL<unknown> as SQL<string | null>
        ).as("corrected_number"),
        firstLine: nested(
          sql`(SELECT ${firstLine.description} FROM ${fromAlias(firstLine)} WHERE ${firstLine.invoiceId} = ${invoices.id} ORDER BY ${firstLine.position} LIMIT 1)`,
        ) as SQL<unknown> as SQL<string | null>,
        lines: nested(sql`(SELECT COUNT(*) FROM ${fromAlias(lineCount)} WHERE ${lineCount.invoiceId} = ${invoices.id})`),
      })
      .from(invoices)
      .where(and(inArray(invoices.status, ["issued", "void"]), between(invoices.issueDate, fromDay, toDay)))
      .orderBy(asc(invoices.issueDate), asc(invoices.kind), asc(invoices.seq)),
    db
      .select({ payment: payments, number: invoices.number, customer: invoices.billToName })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(between(payments.paidOn, fromDay, toDay))
      .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id)),
  ]);
  const rows: AccountingRow[] = [
    ...documents.map(({ invoice, corrected: correctedNumber, firstLine: first, lines }): AccountingRow => {
      const more = Number(lines) - 1;
      const description =
        invoice.kind === "credit_note"
          ? (invoice.notes ?? first ?? "")
          : `${first ?? ""}${more > 0 ? ` and ${more} more line${more === 1 ? "" : "s"}` : ""}`;
      return {
        type: invoice.kind,
        date: invoice.issueDate!,
        number: invoice.number,
        customer: invoice.billToName,
        description,
        netCents: invoice.subtotalCents - invoice.discountCents,
        taxCents: invoice.taxCents,
        totalCents: invoice.totalCents,
        method: null,
        reference: null,
        invoiceNumber: invoice.kind === "credit_note" ? correctedNumber : null,
      };
    }),
    ...money.map(({ payment, number, customer }): AccountingRow => {
      const tip = payment.tipCents > 0 ? `Tip of ${formatCents(payment.tipCents)} received besides` : "";
      return {
        type: payment.kind,
        date: payment.paidOn,
        number: null,
        customer,
        description: [payment.note ?? "", tip].filter(Boolean).join(". "),
        netCents: null,
        taxCents: null,
        totalCents: payment.amountCents,
        method: payment.method,
        reference: payment.reference,
        invoiceNumber: number,
      };
    }),
  ];
  // Stable: documents keep their order before money on the same day.
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}
