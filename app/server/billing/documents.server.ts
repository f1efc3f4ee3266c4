/**
 * Issuing documents (docs/product.md §15, docs/decisions/022-invoices-and-payments.md): a draft
 * becomes an issued invoice by ONE guarded UPDATE that gives it the next number of its series,
 * its issue day, its private link's token and the GCT of the day; a deposit invoice is written and
 * issued in one batch; a credit note corrects an issued invoice (written as a draft with its lines
 * and issued in the same batch); voiding is a credit note of everything left and the invoice's
 * status void, one batch. D1 runs one statement at a time, so numbers follow each other without
 * gaps; the unique index on (series, seq) is the backstop (a clash is retried once).
 */
import { and, asc, eq, exists, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import {
  documentSeries,
  formatCents,
  GCT_RATE_BP,
  invoiceTotals,
  MAX_AMOUNT_CENTS,
  MAX_INVOICE_LINES,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
  type InvoiceTotals,
} from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import type { InvoiceKind } from "~/domain/enumerations";
import { insertWhere, type Database } from "~/server/platform";
import { invoiceLines, invoices, type Invoice } from "../../../drizzle/schema";
import { creditedSql, fromAlias } from "./balance.server";
import { summaryColumns } from "./invoices.server";
import { readBillingSettings } from "./settings.server";
import type { BillingActor, BillingSettings, LineInput } from "./types";

/** Subqueries inside other statements. */
const subquery = new QueryBuilder();

/** The longest reason of a credit note or a void, in characters. */
const MAX_REASON_LENGTH = 500;

/** A new private link token: 32 lower-case hex characters from 16 random bytes. */
export function newInvoiceToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The user id an actor writes in `*_by_user_id` (null for the site itself). */
export function actorUserId(actor: BillingActor): string | null {
  return "userId" in actor ? actor.userId : null;
}

/** GCT as it is frozen on an invoice at issue: the rate and the business's numbers of the day. */
export interface IssueTax {
  rateBp: number;
  trn: string | null;
  gctNumber: string | null;
}

/** The GCT the settings charge today (0 and no numbers when not registered). */
function taxOfSettings(settings: BillingSettings): IssueTax {
  return settings.gctRegistered
    ? { rateBp: GCT_RATE_BP, trn: settings.trn, gctNumber: settings.gctNumber }
    : { rateBp: 0, trn: null, gctNumber: null };
}

/** True for D1's error of a UNIQUE index (a number or token taken meanwhile). */
function isUniqueClash(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(`${error.message} ${String(error.cause ?? "")}`);
}

/**
 * The ONE UPDATE that issues the draft `id` of `kind`: status issued, series (`documentSeries`),
 * seq = MAX(seq)+1 of the series, number "<series>-<seq, 4 digits>", issue_date `today`, the
 * token, who and when; with `tax`, also the rate and numbers of the day and tax/total recomputed
 * with them (GCT = (subtotal - discount) × rate, rounded half up, as `invoiceTotals`). Writes
 * only while the row is a draft with at least one line and a total above 0. Returning: number, token.
 */
function issueStatement(
  db: Database,
  draft: { id: string; kind: InvoiceKind },
  today: string,
  tax: IssueTax | null,
  actor: BillingActor,
  now: Date,
) {
  const series = documentSeries(draft.kind, today);
  const numbered = alias(invoices, "numbered");
  const nextSeq = sql`(SELECT COALESCE(MAX(${numbered.seq}), 0) + 1 FROM ${fromAlias(numbered)} WHERE ${numbered.series} = ${series})`;
  const taxable = sql`(${invoices.subtotalCents} - ${invoices.discountCents})`;
  const taxCents = tax
    ? sql`(CASE WHEN ${taxable} > 0 THEN CAST((${taxable} * CAST(${tax.rateBp} AS INTEGER) + 5000) / 10000 AS INTEGER) ELSE 0 END)`
    : sql`${invoices.taxCents}`;
  const total = sql`(${taxable} + ${taxCents})`;
  return db
    .update(invoices)
    .set({
      status: "issued",
      series,
      seq: nextSeq,
      number: sql`${series} || '-' || printf('%04d', ${nextSeq})`,
      issueDate: today,
      token: newInvoiceToken(),
      ...(tax ? { taxRateBp: tax.rateBp, businessTrn: tax.trn, businessGctNumber: tax.gctNumber, taxCents, totalCents: total } : {}),
      issuedByUserId: actorUserId(actor),
      issuedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(invoices.id, draft.id),
        eq(invoices.status, "draft"),
        exists(subquery.select({ id: invoiceLines.id }).from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id))),
        sql`${total} > 0`,
      ),
    )
    .returning({ id: invoices.id, number: invoices.number, token: invoices.token });
}

/**
 * Issues the draft `id`: its number (the next of its series, "INV-2026-0001"), today's date in
 * Jamaica, its private link's token, and the GCT of the settings AT ISSUE (rate, TRN, GCT number;
 * tax and total recomputed). From then on the database refuses any edit (migrations/0016_billing_guards.sql).
 * Out: `issued` with the number and token; `not_found`; `not_draft` (issued or void already, e.g.
 * a second click); `empty` (no line, or a total of 0). Throws what D1 threw.
 */
export async function issueInvoice(
  db: Database,
  id: string,
  actor: BillingActor,
  now: Date,
): Promise<{ status: "issued"; number: string; token: string } | { status: "not_draft" } | { status: "not_found" } | { status: "empty" }> {
  const found = await db.select({ kind: invoices.kind, status: invoices.status }).from(invoices).where(eq(invoices.id, id)).get();
  if (!found) return { status: "not_found" };
  if (found.status !== "draft") return { status: "not_draft" };
  const tax = taxOfSettings(await readBillingSettings(db));
  const today = todayInJamaica(now);
  for (let attempt = 0; ; attempt++) {
    try {
      const [issued] = await issueStatement(db, { id, kind: found.kind }, today, tax, actor, now);
      if (issued?.number && issued.token) return { status: "issued", number: issued.number, token: issued.token };
      break;
    } catch (error) {
      if (attempt === 0 && isUniqueClash(error)) continue;
      throw error;
    }
  }
  const after = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)).get();
  if (!after) return { status: "not_found" };
  return after.status === "draft" ? { status: "empty" } : { status: "not_draft" };
}

/** What a deposit invoice is made of (the deposits rule, app/server/billing/deposits.server.ts). */
export interface DepositInvoiceInput {
  visitId: string;
  customerId: string;
  quoteRequestId: string;
  billToName: string;
  billToEmail: string | null;
  billToPhone: string | null;
  billToAddress: string | null;
  /** The deposit before GCT, in cents (> 0); GCT is added at the settings' rate. */
  amountCents: number;
  /** ISO day (Jamaica) it is due. */
  dueDate: string;
  /** The one line's text, e.g. "Deposit to confirm your cleaning on Monday, Nov 30, 2026". */
  description: string;
}

/** A draft invoices row with every column, for an insert (figures from `totals`). */
export function draftRow(
  fields: Pick<Invoice, "id" | "kind" | "purpose" | "customerId" | "billToName" | "dueDate"> &
    Partial<
      Pick<
        Invoice,
        | "quoteRequestId"
        | "visitId"
        | "creditForId"
        | "period"
        | "billToEmail"
        | "billToPhone"
        | "billToAddress"
        | "notes"
        | "businessTrn"
        | "businessGctNumber"
      >
    >,
  totals: InvoiceTotals,
  taxRateBp: number,
  actor: BillingActor,
  now: Date,
): typeof invoices.$inferInsert & Required<Pick<typeof invoices.$inferInsert, "id">> {
  return {
    id: fields.id,
    kind: fields.kind,
    status: "draft",
    purpose: fields.purpose,
    series: null,
    seq: null,
    number: null,
    customerId: fields.customerId,
    quoteRequestId: fields.quoteRequestId ?? null,
    visitId: fields.visitId ?? null,
    creditForId: fields.creditForId ?? null,
    period: fields.period ?? null,
    billToName: fields.billToName,
    billToEmail: fields.billToEmail ?? null,
    billToPhone: fields.billToPhone ?? null,
    billToAddress: fields.billToAddress ?? null,
    issueDate: null,
    dueDate: fields.dueDate,
    taxRateBp,
    businessTrn: fields.businessTrn ?? null,
    businessGctNumber: fields.businessGctNumber ?? null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    notes: fields.notes ?? null,
    token: null,
    voidReason: null,
    voidedAt: null,
    remindedAt: null,
    autoReminderSentAt: null,
    createdByUserId: actorUserId(actor),
    issuedByUserId: null,
    issuedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** invoice_lines rows of `invoiceId` from `lines`, positions 1, 2, … */
export function lineRows(invoiceId: string, lines: readonly LineInput[]): Array<typeof invoiceLines.$inferInsert> {
  return lines.map((line, index) => ({
    id: crypto.randomUUID(),
    invoiceId,
    position: index + 1,
    description: line.description,
    quantity: line.quantity,
    unitCents: line.unitCents,
    amountCents: line.quantity * line.unitCents,
    visitId: line.visitId ?? null,
  }));
}

/**
 * Makes a visit's deposit invoice (purpose deposit, the visit's id), issued at once: the draft,
 * its one line and the issuing UPDATE in ONE batch (all or nothing), GCT at the settings' rate.
 * The caller (the deposits rule) decides whether one is asked. Out: its id, number and token.
 * Throws RangeError when `amountCents` is not a whole number of cents in 1..MAX_AMOUNT_CENTS,
 * Error when it could not be issued, else what D1 threw.
 */
export async function createDepositInvoice(
  db: Database,
  input: DepositInvoiceInput,
  now: Date,
): Promise<{ id: string; number: string; token: string }> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError("A deposit is a whole number of cents above 0");
  }
  const tax = taxOfSettings(await readBillingSettings(db));
  const today = todayInJamaica(now);
  const actor: BillingActor = { system: "booking" };
  const lines: LineInput[] = [{ description: input.description.slice(0, MAX_LINE_DESCRIPTION), quantity: 1, unitCents: input.amountCents }];
  for (let attempt = 0; ; attempt++) {
    const id = crypto.randomUUID();
    const row = draftRow(
      {
        id,
        kind: "invoice",
        purpose: "deposit",
        customerId: input.customerId,
        quoteRequestId: input.quoteRequestId,
        visitId: input.visitId,
        billToName: input.billToName,
        billToEmail: input.billToEmail,
        billToPhone: input.billToPhone,
        billToAddress: input.billToAddress,
        dueDate: input.dueDate,
      },
      invoiceTotals(lines, 0, tax.rateBp),
      tax.rateBp,
      actor,
      now,
    );
    try {
      const [, , issued] = await db.batch([
        db.insert(invoices).values(row),
        db.insert(invoiceLines).values(lineRows(id, lines)),
        issueStatement(db, { id, kind: "invoice" }, today, tax, actor, now),
      ]);
      const made = issued[0];
      if (!made?.number || !made.token) throw new Error("The deposit invoice was not issued");
      return { id, number: made.number, token: made.token };
    } catch (error) {
      if (attempt === 0 && isUniqueClash(error)) continue;
      throw error;
    }
  }
}

/** An issued-or-not invoice as the corrections read it, with what its credit notes took off already. */
async function readForCorrection(db: Database, invoiceId: string) {
  return db.select(summaryColumns).from(invoices).where(eq(invoices.id, invoiceId)).get();
}

/** Why lines of a credit note are refused, or null when they are fine (positive amounts, limits of app/domain/billing.ts). */
export function creditLinesProblem(lines: readonly LineInput[]): string | null {
  if (lines.length === 0) return "Add at least one line to credit.";
  if (lines.length > MAX_INVOICE_LINES) return `A credit note has at most ${MAX_INVOICE_LINES} lines.`;
  for (const line of lines) {
    const description = line.description.trim();
    if (description === "" || description.length > MAX_LINE_DESCRIPTION)
      return `Describe each line in 1 to ${MAX_LINE_DESCRIPTION} characters.`;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
      return `Each line's quantity is a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
    }
    if (!Number.isInteger(line.unitCents) || line.unitCents <= 0 || line.unitCents > MAX_AMOUNT_CENTS) {
      return "Each line credits an amount above J$0.00.";
    }
  }
  return null;
}

/** Why a correction's reason is refused, or null. */
function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text === "") return "Say why.";
  if (text.length > MAX_REASON_LENGTH) return `Say why in at most ${MAX_REASON_LENGTH} characters.`;
  return null;
}

/** Why the invoice `row` cannot be corrected (credited or voided), or null. */
function correctionProblem(row: Awaited<ReturnType<typeof readForCorrection>>): string | null {
  if (!row) return "This invoice no longer exists.";
  if (row.invoice.kind !== "invoice") return "A credit note is not corrected: correct the invoice it belongs to.";
  if (row.invoice.status === "draft") return "A draft is not credited: edit it, or delete it.";
  if (row.invoice.status === "void") return "This invoice is void already.";
  return null;
}

/**
 * The statements that write the credit note `noteId` of `invoice` and issue it (CN series), to
 * run in one batch: the draft (only while the invoice is issued and `total - credited` is still
 * exactly `leftCents`, so nothing credited it meanwhile), its lines (only while it is a draft),
 * and the issuing UPDATE (the invoice's tax rate and numbers, not today's).
 */
function creditNoteStatements(
  db: Database,
  invoice: Invoice,
  note: { id: string; lines: LineInput[]; figures: InvoiceTotals; reason: string; leftCents: number },
  actor: BillingActor,
  now: Date,
) {
  const today = todayInJamaica(now);
  const target = alias(invoices, "credited_invoice");
  const stillLeft = exists(
    subquery
      .select({ id: target.id })
      .from(target)
      .where(
        and(
          eq(target.id, invoice.id),
          eq(target.status, "issued"),
          eq(target.kind, "invoice"),
          sql`${target.totalCents} - ${creditedSql(target)} = ${note.leftCents}`,
        ),
      ),
  );
  const row = draftRow(
    {
      id: note.id,
      kind: "credit_note",
      purpose: "credit",
      customerId: invoice.customerId,
      quoteRequestId: invoice.quoteRequestId,
      creditForId: invoice.id,
      billToName: invoice.billToName,
      billToEmail: invoice.billToEmail,
      billToPhone: invoice.billToPhone,
      billToAddress: invoice.billToAddress,
      dueDate: today,
      notes: note.reason,
      businessTrn: invoice.businessTrn,
      businessGctNumber: invoice.businessGctNumber,
    },
    note.figures,
    invoice.taxRateBp,
    actor,
    now,
  );
  const isDraft: SQL = exists(
    subquery
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, note.id), eq(invoices.status, "draft"))),
  );
  return [
    insertWhere(db, invoices, row as Parameters<typeof insertWhere<typeof invoices>>[2], stillLeft),
    ...lineRows(
      note.id,
      note.lines.map((line) => ({ ...line, visitId: null })),
    ).map((line) => insertWhere(db, invoiceLines, line as Parameters<typeof insertWhere<typeof invoiceLines>>[2], isDraft)),
    issueStatement(db, { id: note.id, kind: "credit_note" }, today, null, actor, now),
  ] as const;
}

/**
 * Issues a credit note against the issued invoice `invoiceId` (docs/product.md §15): `lines`
 * (positive unit prices before GCT: what is credited), taxed at the invoice's own rate; `reason`
 * (1-500 characters) printed on it. Refused: a draft, a void invoice, a credit note, lines out of
 * the limits, or more than is left after earlier credit notes (checked again in the statement).
 * Out: `issued` with the credit note's id and number ("CN-2026-0001"), or `refused` with a
 * sentence to show. Throws what D1 threw.
 */
export async function issueCreditNote(
  db: Database,
  invoiceId: string,
  input: { lines: LineInput[]; reason: string },
  actor: BillingActor,
  now: Date,
): Promise<{ status: "issued"; id: string; number: string } | { status: "refused"; message: string }> {
  const problem = reasonProblem(input.reason) ?? creditLinesProblem(input.lines);
  if (problem) return { status: "refused", message: problem };
  const row = await readForCorrection(db, invoiceId);
  const refused = correctionProblem(row);
  if (refused || !row) return { status: "refused", message: refused ?? "This invoice no longer exists." };
  const { invoice } = row;
  const leftCents = invoice.totalCents - Number(row.creditedCents);
  const lines = input.lines.map((line) => ({ ...line, description: line.description.trim() }));
  const figures = invoiceTotals(lines, 0, invoice.taxRateBp);
  if (figures.totalCents > leftCents) {
    return {
      status: "refused",
      message: `This is more than the ${formatCents(Math.max(leftCents, 0))} left to credit on ${invoice.number}.`,
    };
  }
  const id = crypto.randomUUID();
  const statements = creditNoteStatements(db, invoice, { id, lines, figures, reason: input.reason.trim(), leftCents }, actor, now);
  const results = await runWithRetry(db, statements);
  const issued = results.at(-1) as Array<{ number: string | null }>;
  if (!issued[0]?.number) return { status: "refused", message: "The invoice changed meanwhile. Reload it and try again." };
  return { status: "issued", id, number: issued[0].number };
}

/** Runs a batch, once more on a UNIQUE clash (a number taken between the read and the write). */
async function runWithRetry(db: Database, statements: readonly unknown[]): Promise<unknown[]> {
  try {
    return Array.from(await db.batch(statements as unknown as Parameters<Database["batch"]>[0]));
  } catch (error) {
    if (!isUniqueClash(error)) throw error;
    return Array.from(await db.batch(statements as unknown as Parameters<Database["batch"]>[0]));
  }
}

/**
 * Voids the issued invoice `invoiceId` (docs/product.md §15): a credit note of everything its
 * earlier credit notes left (its own lines and figures when none was issued; otherwise one line
 * of what is left), and the invoice's status void with `reason` and the time, in ONE batch.
 * Payments already received stay (the customer is then in credit: refund them). Refused: a
 * draft (delete it instead), a credit note, an invoice already void, a reason empty or over 500
 * characters. Out: `voided` with the credit note's id and number (both null when nothing was left
 * to credit), or `refused` with a sentence. Throws what D1 threw.
 */
export async function voidInvoice(
  db: Database,
  invoiceId: string,
  reason: string,
  actor: BillingActor,
  now: Date,
): Promise<{ status: "voided"; creditNoteId: string | null; number: string | null } | { status: "refused"; message: string }> {
  const problem = reasonProblem(reason);
  if (problem) return { status: "refused", message: problem };
  const row = await readForCorrection(db, invoiceId);
  const refused = correctionProblem(row);
  if (refused || !row) return { status: "refused", message: refused ?? "This invoice no longer exists." };
  const { invoice } = row;
  const credited = Number(row.creditedCents);
  const leftCents = invoice.totalCents - credited;
  const voidStatement = (noteId: string | null) =>
    db
      .update(invoices)
      .set({ status: "void", voidReason: reason.trim(), voidedAt: now, updatedAt: now })
      .where(
        and(
          eq(invoices.id, invoice.id),
          eq(invoices.status, "issued"),
          noteId === null
            ? sql`1`
            : exists(
                subquery
                  .select({ id: invoices.id })
                  .from(invoices)
                  .where(and(eq(invoices.id, noteId), eq(invoices.status, "issued"))),
              ),
        ),
      )
      .returning({ id: invoices.id });
  if (leftCents <= 0) {
    const [voided] = await voidStatement(null);
    if (!voided) return { status: "refused", message: "The invoice changed meanwhile. Reload it and try again." };
    return { status: "voided", creditNoteId: null, number: null };
  }
  let lines: LineInput[];
  let figures: InvoiceTotals;
  if (credited === 0) {
    const own = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position));
    lines = own.map((line) => ({ description: line.description, quantity: line.quantity, unitCents: line.unitCents }));
    figures = {
      subtotalCents: invoice.subtotalCents,
      discountCents: invoice.discountCents,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
    };
  } else {
    const notes = await db
      .select({
        net: sql<number>`COALESCE(SUM(${invoices.subtotalCents} - ${invoices.discountCents}), 0)`,
        tax: sql<number>`COALESCE(SUM(${invoices.taxCents}), 0)`,
      })
      .from(invoices)
      .where(and(eq(invoices.creditForId, invoice.id), eq(invoices.kind, "credit_note"), eq(invoices.status, "issued")))
      .get();
    let tax = invoice.taxCents - Number(notes?.tax ?? 0);
    if (tax < 0 || tax > leftCents) tax = 0;
    const net = leftCents - tax;
    lines = [{ description: `Balance of ${invoice.number} cancelled`, quantity: 1, unitCents: net }];
    figures = { subtotalCents: net, discountCents: 0, taxCents: tax, totalCents: leftCents };
  }
  const id = crypto.randomUUID();
  const statements = [
    ...creditNoteStatements(db, invoice, { id, lines, figures, reason: reason.trim(), leftCents }, actor, now),
    voidStatement(id),
  ];
  const results = await runWithRetry(db, statements);
  const issued = results.at(-2) as Array<{ number: string | null }>;
  const voided = results.at(-1) as Array<{ id: string }>;
  if (!issued[0]?.number || !voided[0]) return { status: "refused", message: "The invoice changed meanwhile. Reload it and try again." };
  return { status: "voided", creditNoteId: id, number: issued[0].number };
}
