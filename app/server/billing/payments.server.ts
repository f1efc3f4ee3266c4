/**
 * Recording money against an invoice (docs/product.md §15): a payment received or a refund
 * given, by staff or by the card provider's verified return. ONE guarded INSERT … SELECT decides
 * and writes, so two payments racing for the same balance cannot both pass, and the same
 * idempotency key (a double submit, a replayed return) records once.
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { daysBetween, formatCents, MAX_AMOUNT_CENTS } from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import { PAYMENT_KINDS, PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from "~/domain/enumerations";
import { insertWhere, type Database } from "~/server/platform";
import { invoices, payments } from "../../../drizzle/schema";
import { balanceSql, fromAlias, paidSql } from "./balance.server";
import { actorUserId } from "./documents.server";
import type { BillingActor } from "./types";

/** The longest payment reference and note, in characters. */
const MAX_PAYMENT_REFERENCE = 100;
const MAX_PAYMENT_NOTE = 500;

/** What to do with a payment above the balance: refuse it, keep the extra as a tip, or record it all (the customer is then in credit). */
export type PaymentExcess = "refuse" | "tip" | "credit";

/** A payment or refund to record. Amounts in cents; `paidOn` an ISO day (Jamaica). */
export interface PaymentInput {
  invoiceId: string;
  kind: PaymentKind;
  method: PaymentMethod;
  amountCents: number;
  excess: PaymentExcess;
  reference: string | null;
  paidOn: string;
  note: string | null;
  /** The form's own key, or "wipay:<transaction id>": the same key records once. */
  idempotencyKey: string;
}

export type PaymentResult =
  | { status: "recorded"; paymentId: string; balanceCents: number }
  | { status: "duplicate"; paymentId: string }
  | { status: "refused"; field?: string; message: string };

/** The latest day a payment may be dated before its invoice's issue day. */
const EARLIEST_BEFORE_ISSUE_DAYS = 366;

/** Why the fields of `input` are refused on `today` (ISO day, Jamaica), with the field; null when fine. Pure. */
export function paymentInputProblem(
  input: PaymentInput,
  issueDate: string | null,
  today: string,
): { field: string; message: string } | null {
  if (!PAYMENT_KINDS.includes(input.kind)) return { field: "kind", message: "Choose a payment or a refund." };
  if (!PAYMENT_METHODS.includes(input.method)) return { field: "method", message: "Choose how the money moved." };
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) return { field: "amount", message: "Enter an amount above J$0.00." };
  if (input.amountCents > MAX_AMOUNT_CENTS) return { field: "amount", message: `Enter at most ${formatCents(MAX_AMOUNT_CENTS)}.` };
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(input.paidOn) ||
    Number.isNaN(Date.parse(`${input.paidOn}T12:00:00Z`)) ||
    new Date(`${input.paidOn}T12:00:00Z`).toISOString().slice(0, 10) !== input.paidOn
  ) {
    return { field: "paidOn", message: "Enter the date the money moved." };
  }
  if (input.paidOn > today) return { field: "paidOn", message: "The date cannot be in the future." };
  if (issueDate && daysBetween(input.paidOn, issueDate) > EARLIEST_BEFORE_ISSUE_DAYS) {
    return { field: "paidOn", message: "The date is more than a year before the invoice." };
  }
  if ((input.reference ?? "").length > MAX_PAYMENT_REFERENCE)
    return { field: "reference", message: `Keep the reference to ${MAX_PAYMENT_REFERENCE} characters.` };
  if ((input.note ?? "").length > MAX_PAYMENT_NOTE) return { field: "note", message: `Keep the note to ${MAX_PAYMENT_NOTE} characters.` };
  if (input.idempotencyKey.trim() === "" || input.idempotencyKey.length > 200)
    return { field: "idempotencyKey", message: "Reload the page and try again." };
  return null;
}

/**
 * Records a payment or refund against an issued (or void) invoice, in ONE guarded
 * INSERT … SELECT … WHERE (docs/decisions/022-invoices-and-payments.md):
 * - a payment up to the balance; above it only when `excess` says "credit" (all of it recorded,
 *   the customer in credit) or "tip" (the balance recorded, the rest in `tip_cents`; refused when
 *   nothing is owed);
 * - a refund up to what was paid so far (payments - refunds);
 * - the same `idempotencyKey` records once (ON CONFLICT DO NOTHING, then read back by key).
 * Fields checked first (`paymentInputProblem`): method, amount 1..MAX_AMOUNT_CENTS, `paidOn`
 * not in the future (Jamaica) nor over a year before the issue day, reference <= 100, note <= 500.
 * Out: `recorded` with the payment's id and the balance after; `duplicate` with the id recorded
 * earlier under that key; `refused` with the field and a sentence saying what is owed or paid.
 * Throws what D1 threw.
 */
export async function recordPayment(db: Database, input: PaymentInput, actor: BillingActor, now: Date): Promise<PaymentResult> {
  const earlier = await paymentByKey(db, input.idempotencyKey);
  if (earlier) return { status: "duplicate", paymentId: earlier };
  const found = await db
    .select({ invoice: invoices, balance: balanceSql(invoices), paid: paidSql(invoices) })
    .from(invoices)
    .where(eq(invoices.id, input.invoiceId))
    .get();
  if (!found) return { status: "refused", message: "This invoice no longer exists." };
  const problem = paymentInputProblem(input, found.invoice.issueDate, todayInJamaica(now));
  if (problem) return { status: "refused", ...problem };
  if (found.invoice.kind !== "invoice") return { status: "refused", message: "Money is recorded against an invoice, not a credit note." };
  if (found.invoice.status === "draft") return { status: "refused", message: "Issue the invoice before recording money against it." };

  const target = alias(invoices, "paid_invoice");
  const balance = sql<number>`(SELECT ${balanceSql(target)} FROM ${fromAlias(target)} WHERE ${target.id} = ${input.invoiceId})`;
  const paid = sql<number>`(SELECT ${paidSql(target)} FROM ${fromAlias(target)} WHERE ${target.id} = ${input.invoiceId})`;
  const amount = input.amountCents;
  const tipping = input.kind === "payment" && input.excess === "tip";
  const guard =
    input.kind === "refund"
      ? sql`${amount} <= ${paid}`
      : input.excess === "credit"
        ? sql`1`
        : input.excess === "tip"
          ? sql`${balance} > 0`
          : sql`${amount} <= ${balance}`;
  const id = crypto.randomUUID();
  const inserted = await insertWhere(
    db,
    payments,
    {
      id,
      invoiceId: input.invoiceId,
      kind: input.kind,
      method: input.method,
      amountCents: tipping ? sql`MIN(${amount}, ${balance})` : amount,
      tipCents: tipping ? sql`MAX(${amount} - ${balance}, 0)` : 0,
      reference: input.reference?.trim() || null,
      paidOn: input.paidOn,
      note: input.note?.trim() || null,
      recordedByUserId: actorUserId(actor),
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
    },
    sql`EXISTS (SELECT 1 FROM ${fromAlias(target)} WHERE ${target.id} = ${input.invoiceId} AND ${target.kind} = 'invoice' AND ${target.status} IN ('issued', 'void'))`,
    guard,
  )
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning({ id: payments.id });
  if (inserted.length > 0) {
    const after = await db
      .select({ balance: balanceSql(invoices) })
      .from(invoices)
      .where(eq(invoices.id, input.invoiceId))
      .get();
    return { status: "recorded", paymentId: id, balanceCents: Number(after?.balance ?? 0) };
  }
  const raced = await paymentByKey(db, input.idempotencyKey);
  if (raced) return { status: "duplicate", paymentId: raced };
  return { status: "refused", field: "amount", message: await refusal(db, input) };
}

/** The id of the payment recorded under `key`, if any. */
async function paymentByKey(db: Database, key: string): Promise<string | null> {
  return (await db.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, key)).get())?.id ?? null;
}

/** The sentence of a refused amount, with what is owed or paid now. */
async function refusal(db: Database, input: PaymentInput): Promise<string> {
  const now = await db
    .select({ balance: balanceSql(invoices), paid: paidSql(invoices), status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId)))
    .get();
  const balance = Number(now?.balance ?? 0);
  const paid = Number(now?.paid ?? 0);
  if (input.kind === "refund") {
    return paid > 0 ? `This is more than the ${formatCents(paid)} paid so far.` : "Nothing has been paid on this invoice to refund.";
  }
  if (balance <= 0) return "Nothing is owed on this invoice. Tick 'credit' to record the money as the customer's credit.";
  return `This is more than the ${formatCents(balance)} still owed. Tick 'tip' or 'credit' to record the extra.`;
}
