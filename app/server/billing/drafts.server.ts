/**
 * Draft invoices (docs/product.md §15): made from a visit, a quote request's priced quote, or a
 * customer's month of done visits; edited (lines, discount, bill-to, due day) while a draft;
 * deleted while a draft. A draft has no number and no link; `issueInvoice`
 * (./documents.server.ts) freezes it. "Already invoiced" is checked inside the statement that
 * inserts, so two clicks make one draft.
 */
import { and, asc, desc, eq, gte, lte, ne, not, sql, type SQL } from "drizzle-orm";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { format } from "date-fns";
import {
  dollarsToCents,
  dueDay,
  GCT_RATE_BP,
  invoiceTotals,
  MAX_AMOUNT_CENTS,
  MAX_INVOICE_LINES,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
} from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type InvoicePurpose } from "~/domain/enumerations";
import { insertWhere, type Database } from "~/server/platform";
import { customerReplies, customers, invoiceLines, invoices, quoteRequests, visits } from "../../../drizzle/schema";
import { balanceSql, fromAlias, nested } from "./balance.server";
import { draftRow, lineRows } from "./documents.server";
import { readBillingSettings } from "./settings.server";
import type { DraftInput, DraftSource, LineInput } from "./types";

/** A visit's line text: "<service> on <day>", e.g. "Residential Cleaning on Mon, Nov 30, 2026". */
export function visitLineDescription(serviceLabel: string, day: string): string {
  return `${serviceLabel} on ${format(new Date(`${day}T12:00:00Z`), "EEE, MMM d, yyyy")}`.slice(0, MAX_LINE_DESCRIPTION);
}

/** A column compared with a list of visits. */
type VisitColumn = AnySQLiteColumn | SQL;

/**
 * SQL true when `column` is one of `visitIds`. The ids travel as ONE bound parameter (a JSON
 * array read by `json_each`): D1 binds at most 100 parameters a statement, and a month's insert
 * binds its row's columns besides.
 */
function amongVisits(column: VisitColumn, visitIds: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(visitIds)}))`;
}

/** SQL true when `column` is a visit of the quote request `quoteRequestId` (any status). */
function visitOfRequest(column: VisitColumn, quoteRequestId: string): SQL {
  const visit = alias(visits, "request_visit");
  return sql`${column} IN (SELECT ${visit.id} FROM ${fromAlias(visit)} WHERE ${visit.quoteRequestId} = ${quoteRequestId})`;
}

/**
 * SQL true when a visit `visitIn` accepts is on a line of an invoice that is not void (a visit is
 * billed once). Deposit invoices carry no visit on their line, so they do not count.
 */
function billedSql(visitIn: (column: VisitColumn) => SQL): SQL {
  const line = alias(invoiceLines, "billed_line");
  const owner = alias(invoices, "billed_invoice");
  return sql`EXISTS (SELECT 1 FROM ${fromAlias(line)} INNER JOIN ${fromAlias(owner)} ON ${owner.id} = ${line.invoiceId} WHERE ${visitIn(line.visitId)} AND ${owner.status} <> 'void' AND ${owner.kind} = 'invoice')`;
}

/**
 * SQL true when a quote request `requestIn` accepts has an invoice from its quote that is not
 * void: its visits are billed by it, never by a visit's or a month's invoice (and the other way
 * round, `billedSql`).
 */
function quoteInvoicedSql(requestIn: (column: VisitColumn) => SQL): SQL {
  const quoteInvoice = alias(invoices, "quote_invoice");
  return sql`EXISTS (SELECT 1 FROM ${fromAlias(quoteInvoice)} WHERE ${requestIn(quoteInvoice.quoteRequestId)} AND ${quoteInvoice.purpose} = 'quote' AND ${quoteInvoice.kind} = 'invoice' AND ${quoteInvoice.status} <> 'void')`;
}

/** The id and number (null: a draft) of an invoice not void holding a visit `visitIn` accepts on a line, if any. */
async function invoiceOfVisits(db: Database, visitIn: (column: VisitColumn) => SQL): Promise<{ id: string; number: string | null } | null> {
  const row = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(visitIn(invoiceLines.visitId), ne(invoices.status, "void"), eq(invoices.kind, "invoice")))
    .get();
  return row ?? null;
}

/** The id and number (null: a draft) of the invoice not void from the quote of a request `requestIn` accepts, if any. */
async function quoteInvoiceOf(
  db: Database,
  requestIn: (column: VisitColumn) => SQL,
): Promise<{ id: string; number: string | null } | null> {
  const row = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      and(requestIn(invoices.quoteRequestId), eq(invoices.purpose, "quote"), eq(invoices.kind, "invoice"), ne(invoices.status, "void")),
    )
    .get();
  return row ?? null;
}

/** How a refusal names an invoice: its number, or "a draft" before it is issued. */
const named = (invoice: { number: string | null }) => invoice.number ?? "a draft";

/** The refusal of a visit's or a month's invoice when the visit's request is invoiced from its quote. */
const quoteInvoiced = (invoice: { number: string | null }): Refusal => ({
  status: "refused",
  message: `This request is already invoiced from its quote (${named(invoice)}).`,
});

/**
 * Lines deducting the paid deposit invoices of the visits `visitIn` accepts ("Less deposit paid,
 * INV-…"): a deposit counts once its balance is 0 or less, for the net it was actually paid (its
 * subtotal - discount, less the subtotal - discount of its issued credit notes); none when a
 * credit note waived it all.
 */
async function depositLines(db: Database, visitIn: (column: VisitColumn) => SQL): Promise<LineInput[]> {
  const note = alias(invoices, "deposit_credit_note");
  const paid = await db
    .select({
      number: invoices.number,
      net: nested(
        sql`${invoices.subtotalCents} - ${invoices.discountCents} - (SELECT COALESCE(SUM(${note.subtotalCents} - ${note.discountCents}), 0) FROM ${fromAlias(note)} WHERE ${note.creditForId} = ${invoices.id} AND ${note.kind} = 'credit_note' AND ${note.status} = 'issued')`,
      ),
    })
    .from(invoices)
    .where(
      and(
        visitIn(invoices.visitId),
        eq(invoices.purpose, "deposit"),
        eq(invoices.kind, "invoice"),
        eq(invoices.status, "issued"),
        sql`${balanceSql(invoices)} <= 0`,
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
  return paid
    .filter((row) => Number(row.net) > 0)
    .map((row) => ({ description: `Less deposit paid, ${row.number}`, quantity: 1, unitCents: -Number(row.net), visitId: null }));
}

/** What a new draft is made of, before it is written. */
interface DraftPlan {
  purpose: InvoicePurpose;
  customerId: string;
  quoteRequestId: string | null;
  visitId: string | null;
  period: string | null;
  billToName: string;
  billToEmail: string | null;
  billToPhone: string | null;
  billToAddress: string | null;
  lines: LineInput[];
  /** The day of the work (due date counts from it), or null. */
  workDay: string | null;
  /**
   * SQL true when what this draft bills already has an invoice that is not void: the same visit,
   * quote or month, or a quote invoice and a visit's (or month's) invoice of the same request.
   */
  taken: SQL;
  /**
   * Looked up when the insert wrote nothing: `exists` with the invoice that bills the same thing,
   * or a refusal naming the one that bills it another way; null when none is found (any more).
   */
  existing: () => Promise<{ status: "exists"; id: string } | Refusal | null>;
}

type Refusal = { status: "refused"; message: string };

/** A customer's bill-to, their own contact first, the request's as a fallback. */
function billTo(
  customer: { name: string; email: string | null; phone: string | null } | null,
  request: { name: string; email: string; phone: string; address: string },
) {
  return {
    billToName: customer?.name || request.name,
    billToEmail: customer?.email ?? request.email,
    billToPhone: customer?.phone ?? request.phone,
  };
}

const NO_CUSTOMER = "Link this request to a customer before invoicing it.";

async function planOfVisit(db: Database, visitId: string): Promise<DraftPlan | Refusal> {
  const found = await db
    .select({ visit: visits, request: quoteRequests, customer: customers })
    .from(visits)
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .leftJoin(customers, eq(customers.id, quoteRequests.customerId))
    .where(eq(visits.id, visitId))
    .get();
  if (!found) return { status: "refused", message: "This visit no longer exists." };
  const { visit, request, customer } = found;
  if (visit.status !== "done" && visit.status !== "scheduled")
    return { status: "refused", message: "Only a scheduled or done visit is invoiced." };
  if (!customer) return { status: "refused", message: NO_CUSTOMER };
  const thisVisit = (column: VisitColumn) => amongVisits(column, [visit.id]);
  const thisRequest = (column: VisitColumn) => sql`${column} = ${request.id}`;
  const lines: LineInput[] = [
    {
      description: visitLineDescription(SERVICE_TYPE_LABELS[visit.serviceType], visit.day),
      quantity: 1,
      unitCents: dollarsToCents(visit.amountJmd),
      visitId: visit.id,
    },
    ...(await depositLines(db, thisVisit)),
  ];
  return {
    purpose: "visit",
    customerId: customer.id,
    quoteRequestId: request.id,
    visitId: visit.id,
    period: null,
    ...billTo(customer, request),
    billToAddress: visit.address,
    lines,
    workDay: visit.day,
    taken: sql`(${billedSql(thisVisit)} OR ${quoteInvoicedSql(thisRequest)})`,
    existing: async () => {
      const billed = await invoiceOfVisits(db, thisVisit);
      if (billed) return { status: "exists", id: billed.id };
      const fromQuote = await quoteInvoiceOf(db, thisRequest);
      return fromQuote ? quoteInvoiced(fromQuote) : null;
    },
  };
}

async function planOfQuote(db: Database, quoteRequestId: string): Promise<DraftPlan | Refusal> {
  const found = await db
    .select({ request: quoteRequests, customer: customers })
    .from(quoteRequests)
    .leftJoin(customers, eq(customers.id, quoteRequests.customerId))
    .where(eq(quoteRequests.id, quoteRequestId))
    .get();
  if (!found) return { status: "refused", message: "This request no longer exists." };
  const { request, customer } = found;
  if (!customer) return { status: "refused", message: NO_CUSTOMER };
  const quote = await db
    .select()
    .from(customerReplies)
    .where(
      and(
        eq(customerReplies.entity, "quote_request"),
        eq(customerReplies.entityId, request.id),
        eq(customerReplies.kind, "quote"),
        sql`${customerReplies.amountJmd} > 0`,
      ),
    )
    .orderBy(desc(customerReplies.createdAt), desc(customerReplies.id))
    .get();
  if (!quote?.amountJmd) return { status: "refused", message: "Nothing to bill: this request has no priced quote." };
  const label = SERVICE_TYPE_LABELS[request.serviceType];
  const included = quote.included?.trim().replace(/\s+/g, " ");
  const itsVisits = (column: VisitColumn) => visitOfRequest(column, request.id);
  const thisRequest = (column: VisitColumn) => sql`${column} = ${request.id}`;
  return {
    purpose: "quote",
    customerId: customer.id,
    quoteRequestId: request.id,
    visitId: null,
    period: null,
    ...billTo(customer, request),
    billToAddress: request.address,
    lines: [
      {
        description: (included ? `${label}: ${included}` : label).slice(0, MAX_LINE_DESCRIPTION),
        quantity: 1,
        unitCents: dollarsToCents(quote.amountJmd),
      },
      // The quote bills the request's visits: their paid deposits are deducted, as a visit's invoice does.
      ...(await depositLines(db, itsVisits)),
    ],
    workDay: null,
    taken: sql`(${quoteInvoicedSql(thisRequest)} OR ${billedSql(itsVisits)})`,
    existing: async () => {
      const fromQuote = await quoteInvoiceOf(db, thisRequest);
      if (fromQuote) return { status: "exists", id: fromQuote.id };
      const billed = await invoiceOfVisits(db, itsVisits);
      return billed ? { status: "refused", message: `This request's visits are already invoiced on their own (${named(billed)}).` } : null;
    },
  };
}

/** The month's days, "YYYY-MM" → first and last ISO day; null when not a month. */
export function monthDays(month: string): { first: string; last: string } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const last = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, "0")}` };
}

async function planOfMonth(
  db: Database,
  customerId: string,
  month: string,
): Promise<DraftPlan | Refusal | { status: "exists"; id: string }> {
  const days = monthDays(month);
  if (!days) return { status: "refused", message: "Choose a month." };
  const customer = await db.select().from(customers).where(eq(customers.id, customerId)).get();
  if (!customer) return { status: "refused", message: "This customer no longer exists." };
  const monthInvoice = alias(invoices, "month_invoice");
  const existingMonth = async () =>
    (
      await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(eq(invoices.customerId, customerId), eq(invoices.period, month), eq(invoices.purpose, "month"), ne(invoices.status, "void")),
        )
        .get()
    )?.id ?? null;
  const already = await existingMonth();
  if (already) return { status: "exists", id: already };
  const done = await db
    .select({ visit: visits, request: quoteRequests })
    .from(visits)
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .where(
      and(
        eq(quoteRequests.customerId, customerId),
        eq(visits.status, "done"),
        gte(visits.day, days.first),
        lte(visits.day, days.last),
        not(billedSql((column) => sql`${column} = ${visits.id}`)),
        // A request invoiced from its quote has its visits billed there.
        not(quoteInvoicedSql((column) => sql`${column} = ${quoteRequests.id}`)),
      ),
    )
    .orderBy(asc(visits.day), asc(visits.windowStart));
  if (done.length === 0) return { status: "refused", message: "Nothing to bill: no done visit of that month is left to invoice." };
  if (done.length > MAX_INVOICE_LINES)
    return { status: "refused", message: `Too many visits for one invoice (at most ${MAX_INVOICE_LINES}).` };
  const visitIds = done.map(({ visit }) => visit.id);
  const theseVisits = (column: VisitColumn) => amongVisits(column, visitIds);
  const visitRequest = alias(visits, "month_visit");
  const theirRequests = (column: VisitColumn) =>
    sql`${column} IN (SELECT ${visitRequest.quoteRequestId} FROM ${fromAlias(visitRequest)} WHERE ${amongVisits(visitRequest.id, visitIds)})`;
  const deductions = await depositLines(db, theseVisits);
  // Every line counts: a deduction is never cut off to fit.
  if (done.length + deductions.length > MAX_INVOICE_LINES) {
    return {
      status: "refused",
      message: `This month's ${done.length} visits and ${deductions.length} deposits to deduct come to more than ${MAX_INVOICE_LINES} lines for one invoice. Invoice some of its visits on their own first.`,
    };
  }
  const lines: LineInput[] = [
    ...done.map(({ visit }) => ({
      description: visitLineDescription(SERVICE_TYPE_LABELS[visit.serviceType], visit.day),
      quantity: 1,
      unitCents: dollarsToCents(visit.amountJmd),
      visitId: visit.id,
    })),
    ...deductions,
  ];
  const first = done[0]!;
  const addresses = new Set(done.map(({ visit }) => visit.address));
  return {
    purpose: "month",
    customerId,
    quoteRequestId: new Set(done.map(({ request }) => request.id)).size === 1 ? first.request.id : null,
    visitId: null,
    period: month,
    billToName: customer.name || first.request.name,
    billToEmail: customer.email ?? first.request.email,
    billToPhone: customer.phone ?? first.request.phone,
    billToAddress: addresses.size === 1 ? first.visit.address : first.request.address,
    lines,
    workDay: done.at(-1)!.visit.day,
    taken: sql`(${billedSql(theseVisits)} OR ${quoteInvoicedSql(theirRequests)} OR EXISTS (SELECT 1 FROM ${fromAlias(monthInvoice)} WHERE ${monthInvoice.customerId} = ${customerId} AND ${monthInvoice.period} = ${month} AND ${monthInvoice.purpose} = 'month' AND ${monthInvoice.status} <> 'void'))`,
    existing: async () => {
      const id = (await existingMonth()) ?? (await invoiceOfVisits(db, theseVisits))?.id;
      if (id) return { status: "exists", id };
      const fromQuote = await quoteInvoiceOf(db, theirRequests);
      return fromQuote
        ? { status: "refused", message: `A request of this month is already invoiced from its quote (${named(fromQuote)}).` }
        : null;
    },
  };
}

/**
 * Makes a draft invoice (docs/product.md §15) from:
 * - a visit (scheduled or done): one line "<service> on <day>" at its price (whole dollars →
 *   cents), the visit on the line and the invoice; less its deposit when that deposit invoice is
 *   paid ("Less deposit paid, INV-…", minus the net the deposit was paid: its net amount less
 *   its credit notes' net, so GCT is right overall);
 * - a quote request: its newest priced quote (what it includes in the line's text), less the
 *   paid deposits of the request's visits (as above);
 * - a customer's month "YYYY-MM": one line for each done visit of that month not yet on an
 *   invoice that is not void and whose request is not invoiced from its quote (deposits
 *   deducted as above); refused when the visits and deductions exceed MAX_INVOICE_LINES.
 * A request is billed either from its quote or by its visits (one by one or by month), never
 * both: a quote invoice refuses its visits' invoices and the other way round.
 * Bill-to from the customer (the request's contact as a fallback) and the address of the work;
 * due = `dueDay(today, day of the work, payment terms)`; totals with today's GCT (the rate is
 * set again at issue). The "already invoiced" check is inside the insert (two clicks: one draft).
 * Out: `created` with the id; `exists` with the id of the invoice that already bills it (not
 * void); `refused` with a sentence (nothing to bill, no customer linked, a visit not billable,
 * the request already billed the other way, naming that invoice, too many lines, deposits
 * above what is billed).
 * Throws what D1 threw.
 */
export async function createDraft(
  db: Database,
  source: DraftSource,
  actor: { userId: string },
  now: Date,
): Promise<{ status: "created" | "exists"; id: string } | { status: "refused"; message: string }> {
  const plan =
    source.from === "visit"
      ? await planOfVisit(db, source.visitId)
      : source.from === "quote"
        ? await planOfQuote(db, source.quoteRequestId)
        : await planOfMonth(db, source.customerId, source.month);
  if ("status" in plan) return plan;
  if (invoiceTotals(plan.lines, 0, 0).subtotalCents < 0)
    return { status: "refused", message: "The deposits paid come to more than this invoice bills. Make the invoice by hand." };
  const settings = await readBillingSettings(db);
  const rate = settings.gctRegistered ? GCT_RATE_BP : 0;
  const today = todayInJamaica(now);
  const id = crypto.randomUUID();
  const row = draftRow(
    {
      id,
      kind: "invoice",
      purpose: plan.purpose,
      customerId: plan.customerId,
      quoteRequestId: plan.quoteRequestId,
      visitId: plan.visitId,
      period: plan.period,
      billToName: plan.billToName,
      billToEmail: plan.billToEmail,
      billToPhone: plan.billToPhone,
      billToAddress: plan.billToAddress,
      dueDate: dueDay(today, plan.workDay, settings.paymentTermsDays),
    },
    invoiceTotals(plan.lines, 0, rate),
    rate,
    actor,
    now,
  );
  const written = sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${id} AND ${invoices.status} = 'draft')`;
  const [inserted] = await db.batch([
    insertWhere(db, invoices, row as Parameters<typeof insertWhere<typeof invoices>>[2], sql`NOT ${plan.taken}`).returning({
      id: invoices.id,
    }),
    ...lineRows(id, plan.lines).map((line) =>
      insertWhere(db, invoiceLines, line as Parameters<typeof insertWhere<typeof invoiceLines>>[2], written),
    ),
  ]);
  if (inserted.length > 0) return { status: "created", id };
  return (await plan.existing()) ?? { status: "refused", message: "This has just been invoiced. Reload the page." };
}

/**
 * Why a draft's content is refused, or null (the limits of app/domain/billing.ts; the form shows
 * its own messages first, this is the server's check). Negative unit prices are allowed (a
 * deposit deducted); the subtotal is not.
 */
export function draftProblem(input: DraftInput): string | null {
  if (input.billToName.trim() === "") return "Enter who the invoice is for.";
  if (input.lines.length === 0) return "Add at least one line.";
  if (input.lines.length > MAX_INVOICE_LINES) return `An invoice has at most ${MAX_INVOICE_LINES} lines.`;
  for (const line of input.lines) {
    const description = line.description.trim();
    if (description === "" || description.length > MAX_LINE_DESCRIPTION)
      return `Describe each line in 1 to ${MAX_LINE_DESCRIPTION} characters.`;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
      return `Each line's quantity is a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
    }
    if (!Number.isInteger(line.unitCents) || Math.abs(line.unitCents) > MAX_AMOUNT_CENTS)
      return "Enter each line's price in dollars and cents.";
  }
  if (!Number.isInteger(input.discountCents) || input.discountCents < 0 || input.discountCents > MAX_AMOUNT_CENTS)
    return "Enter a discount of zero or more.";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate) || Number.isNaN(Date.parse(`${input.dueDate}T12:00:00Z`))) return "Enter the due date.";
  const totals = invoiceTotals(input.lines, input.discountCents, 0);
  if (totals.subtotalCents < 0) return "The lines add up to less than zero.";
  return null;
}

/**
 * Replaces a draft's content: bill-to, due day, notes, discount and lines (all deleted and
 * inserted again), totals recomputed with today's GCT, in ONE batch where every statement is
 * guarded by "still a draft" (an issued invoice is never touched). In: the draft's id, the
 * content (checked by `draftProblem`), the instant. Out: `saved`, `not_draft`, `not_found`.
 * Throws RangeError with `draftProblem`'s sentence when the content is refused, else what D1 threw.
 */
export async function saveDraft(
  db: Database,
  id: string,
  input: DraftInput,
  now: Date,
): Promise<{ status: "saved" } | { status: "not_draft" } | { status: "not_found" }> {
  const problem = draftProblem(input);
  if (problem) throw new RangeError(problem);
  const settings = await readBillingSettings(db);
  const rate = settings.gctRegistered ? GCT_RATE_BP : 0;
  const lines = input.lines.map((line) => ({ ...line, description: line.description.trim() }));
  const totals = invoiceTotals(lines, input.discountCents, rate);
  const isDraft = and(eq(invoices.id, id), eq(invoices.status, "draft"));
  const stillDraft = sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${id} AND ${invoices.status} = 'draft')`;
  const [updated] = await db.batch([
    db
      .update(invoices)
      .set({
        billToName: input.billToName.trim(),
        billToEmail: input.billToEmail,
        billToPhone: input.billToPhone,
        billToAddress: input.billToAddress,
        dueDate: input.dueDate,
        notes: input.notes,
        taxRateBp: rate,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        updatedAt: now,
      })
      .where(isDraft)
      .returning({ id: invoices.id }),
    db.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, id), stillDraft)),
    ...lineRows(id, lines).map((line) =>
      insertWhere(db, invoiceLines, line as Parameters<typeof insertWhere<typeof invoiceLines>>[2], stillDraft),
    ),
  ]);
  if (updated.length > 0) return { status: "saved" };
  return (await statusOf(db, id)) === null ? { status: "not_found" } : { status: "not_draft" };
}

/** The stored status of invoice `id`, or null when there is none. */
async function statusOf(db: Database, id: string) {
  return (await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)).get())?.status ?? null;
}

/**
 * Deletes a draft and its lines (one batch, guarded by "still a draft"; an issued invoice is
 * voided instead). Out: `deleted`, `not_draft`, `not_found`. Throws what D1 threw.
 */
export async function deleteDraft(
  db: Database,
  id: string,
): Promise<{ status: "deleted" } | { status: "not_draft" } | { status: "not_found" }> {
  const stillDraft = sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${id} AND ${invoices.status} = 'draft')`;
  const [, deleted] = await db.batch([
    db.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, id), stillDraft)),
    db
      .delete(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.status, "draft")))
      .returning({ id: invoices.id }),
  ]);
  if (deleted.length > 0) return { status: "deleted" };
  return (await statusOf(db, id)) === null ? { status: "not_found" } : { status: "not_draft" };
}
