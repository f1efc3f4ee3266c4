/**
 * Reading invoices and credit notes (docs/product.md §15): one in full (the invoice page, the
 * customer's private link, the printout, the e-mails), a page of the list, those of a request
 * or a customer, and the reminder's mark. Figures that depend on entries (credited, paid,
 * balance) are read with `balanceSql` (./balance.server.ts); the state and "overdue" with
 * app/domain/billing.ts.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { invoiceState, isOverdue, type InvoiceState } from "~/domain/billing";
import type { InvoiceKind } from "~/domain/enumerations";
import type { Database } from "~/server/platform";
import { invoiceLines, invoices, payments, recordTotals, users, visits, type Invoice } from "../../../drizzle/schema";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { balanceSql, creditedSql, paidSql } from "./balance.server";
import type { InvoiceDetail, InvoiceSummary, PaymentEntry } from "./types";

/** Rows a page of the invoice list holds. */
const INVOICES_PAGE_SIZE = 50;

/** The columns of a summary: the row and its figures read from its entries. */
export const summaryColumns = {
  invoice: invoices,
  creditedCents: creditedSql(invoices),
  paidCents: paidSql(invoices),
  balanceCents: balanceSql(invoices),
};

/** A row selected with `summaryColumns`. */
export interface SummaryRow {
  invoice: Invoice;
  creditedCents: number;
  paidCents: number;
  balanceCents: number;
}

/** A row selected with `summaryColumns` as lists show it, its state and "overdue" on `today` (ISO day, Jamaica). */
export function toSummary(row: SummaryRow, today: string): InvoiceSummary {
  const { invoice } = row;
  const credited = invoice.kind === "credit_note" ? 0 : Number(row.creditedCents);
  const paid = invoice.kind === "credit_note" ? 0 : Number(row.paidCents);
  const balance = Number(row.balanceCents);
  return {
    id: invoice.id,
    kind: invoice.kind,
    status: invoice.status,
    purpose: invoice.purpose,
    number: invoice.number,
    state: invoiceState(invoice.status, invoice.totalCents - credited, balance),
    customerId: invoice.customerId,
    billToName: invoice.billToName,
    quoteRequestId: invoice.quoteRequestId,
    visitId: invoice.visitId,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    totalCents: invoice.totalCents,
    creditedCents: credited,
    paidCents: paid,
    balanceCents: balance,
    overdue: invoice.kind === "invoice" && isOverdue(invoice.status, balance, invoice.dueDate, today),
    token: invoice.token,
  };
}

/**
 * SQL true for the `invoices` row in scope when its derived state is `state` ("overdue": issued,
 * owing, due before `today`). The same rules as app/domain/billing.ts `invoiceState`/`isOverdue`.
 */
function stateSql(state: InvoiceState | "overdue" | "unpaid", today: string): SQL {
  const balance = balanceSql(invoices);
  const due = sql`(${invoices.totalCents} - ${creditedSql(invoices)})`;
  switch (state) {
    case "draft":
      return sql`${invoices.status} = 'draft'`;
    case "void":
      return sql`${invoices.status} = 'void'`;
    case "paid":
      return sql`${invoices.status} = 'issued' AND ${balance} <= 0`;
    case "partly_paid":
      return sql`${invoices.status} = 'issued' AND ${balance} > 0 AND ${balance} < ${due}`;
    case "issued":
      return sql`${invoices.status} = 'issued' AND ${balance} > 0 AND ${balance} >= ${due}`;
    case "overdue":
      return sql`${invoices.status} = 'issued' AND ${invoices.kind} = 'invoice' AND ${balance} > 0 AND ${invoices.dueDate} < ${today}`;
    // Issued or partly paid: the list's "Unpaid".
    case "unpaid":
      return sql`${invoices.status} = 'issued' AND ${invoices.kind} = 'invoice' AND ${balance} > 0`;
  }
}

/** `text` as a LIKE pattern matching it anywhere, its wildcards escaped (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An invoice or credit note in full, by id (any status), with its lines, payments (newest
 * last, with who recorded them), credit notes, the invoice it corrects and its visit. `today`:
 * the ISO day (Jamaica) "overdue" is read on. Out: null when there is no such row. Throws what
 * D1 threw.
 */
export async function readInvoice(db: Database, id: string, today: string): Promise<InvoiceDetail | null> {
  return readDocument(db, eq(invoices.id, id), today);
}

/**
 * The document of a private link /invoice/<token> (docs/decisions/011-status-page-token.md):
 * issued or void documents only (a draft has no token). In: the token as the URL gives it
 * (anything not 32 lower-case hex is not looked up). Out: as `readInvoice`, or null.
 */
export async function readInvoiceByToken(db: Database, token: string, today: string): Promise<InvoiceDetail | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  return readDocument(db, and(eq(invoices.token, token), inArray(invoices.status, ["issued", "void"]))!, today);
}

/**
 * The document `which` selects (at most one row of `invoices`) with the rest of it: its lines,
 * entries, credit notes, what it corrects and its visit, each read through a subquery of
 * `which`, so the whole is one D1 batch (one round trip). Out: null when no row matches.
 */
async function readDocument(db: Database, which: SQL, today: string): Promise<InvoiceDetail | null> {
  const of = (column: AnySQLiteColumn) => db.select({ value: column }).from(invoices).where(which);
  const [[row], lines, entries, notes, corrected, visit] = await db.batch([
    db.select(summaryColumns).from(invoices).where(which).limit(1),
    db
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, of(invoices.id)))
      .orderBy(asc(invoiceLines.position)),
    db
      .select({ payment: payments, recordedBy: users.email })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.recordedByUserId))
      .where(inArray(payments.invoiceId, of(invoices.id)))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select(summaryColumns)
      .from(invoices)
      .where(and(inArray(invoices.creditForId, of(invoices.id)), eq(invoices.kind, "credit_note")))
      .orderBy(asc(invoices.createdAt)),
    db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.id, of(invoices.creditForId))),
    db
      .select({ id: visits.id, day: visits.day, windowStart: visits.windowStart, windowEnd: visits.windowEnd })
      .from(visits)
      .where(inArray(visits.id, of(invoices.visitId))),
  ]);
  if (!row) return null;
  const { invoice } = row;
  return {
    ...toSummary(row, today),
    period: invoice.period,
    billToEmail: invoice.billToEmail,
    billToPhone: invoice.billToPhone,
    billToAddress: invoice.billToAddress,
    taxRateBp: invoice.taxRateBp,
    businessTrn: invoice.businessTrn,
    businessGctNumber: invoice.businessGctNumber,
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxCents: invoice.taxCents,
    notes: invoice.notes,
    voidReason: invoice.voidReason,
    voidedAt: invoice.voidedAt,
    remindedAt: invoice.remindedAt,
    issuedAt: invoice.issuedAt,
    createdAt: invoice.createdAt,
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unitCents: line.unitCents,
      amountCents: line.amountCents,
      visitId: line.visitId,
    })),
    payments: entries.map(({ payment, recordedBy }): PaymentEntry => ({
      id: payment.id,
      kind: payment.kind,
      method: payment.method,
      amountCents: payment.amountCents,
      tipCents: payment.tipCents,
      reference: payment.reference,
      paidOn: payment.paidOn,
      note: payment.note,
      recordedBy: payment.recordedByUserId ? (recordedBy ?? "a former staff member") : null,
      createdAt: payment.createdAt,
    })),
    creditNotes: notes.map((note) => toSummary(note, today)),
    creditFor: corrected[0] ?? null,
    visit: visit[0] ?? null,
  };
}

/**
 * A page of the invoice list (50 a page, newest first). In: `state` (a derived state,
 * "overdue", or "unpaid": issued or partly paid), `kind` (invoices or credit notes only), `q`
 * (matched anywhere in the number, the bill-to name or e-mail; LIKE wildcards
 * taken literally), `page` (1-based; below 1 reads as 1), `today` (ISO day, Jamaica). Out: the
 * rows and how many match in all.
 */
export async function listInvoices(
  db: Database,
  filter: { state?: InvoiceState | "overdue" | "unpaid"; kind?: InvoiceKind; q?: string; page: number },
  today: string,
): Promise<{ rows: InvoiceSummary[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(stateSql(filter.state, today));
  if (filter.kind) conditions.push(eq(invoices.kind, filter.kind));
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        sql`${invoices.number} LIKE ${pattern} ESCAPE '\\'`,
        sql`${invoices.billToName} LIKE ${pattern} ESCAPE '\\'`,
        sql`${invoices.billToEmail} LIKE ${pattern} ESCAPE '\\'`,
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const page = Math.max(1, Math.floor(filter.page) || 1);
  const [rows, counted] = await db.batch([
    db
      .select(summaryColumns)
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(INVOICES_PAGE_SIZE)
      .offset((page - 1) * INVOICES_PAGE_SIZE),
    // Unfiltered: the row the writes keep (record_totals), not a count of every invoice.
    where
      ? db
          .select({ count: sql<number>`count(*)` })
          .from(invoices)
          .where(where)
      : db.select({ count: recordTotals.total }).from(recordTotals).where(eq(recordTotals.entity, "invoice")),
  ]);
  return { rows: rows.map((row) => toSummary(row, today)), total: Number(counted[0]?.count ?? 0) };
}

/** The invoices and credit notes of a quote request (any status), oldest first. `today`: ISO day (Jamaica). */
export async function invoicesOfRequest(db: Database, quoteRequestId: string, today: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .where(eq(invoices.quoteRequestId, quoteRequestId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  return rows.map((row) => toSummary(row, today));
}

/** The invoices and credit notes of a customer (any status), newest first. `today`: ISO day (Jamaica). */
export async function invoicesOfCustomer(db: Database, customerId: string, today: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .where(eq(invoices.customerId, customerId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return rows.map((row) => toSummary(row, today));
}
