/**
 * Deposits that confirm a booking (docs/product.md §12, §15): when the owner's rule asks one
 * (billing_settings), a visit the customer books online is held until its deposit invoice is
 * paid, and released (cancelled, its window freed, the invoice void by a credit note) when it is
 * not paid in time, by the hourly task (server.ts `scheduled`).
 *
 * Whether a visit awaits its deposit is never stored: `awaitingDepositSql` reads it from the
 * visit (`deposit_due_at`) and its deposit invoice's entries (the core's `balanceSql`), and is the
 * one definition every page and the release use. A visit whose deposit invoice could not be made
 * (`deposit_due_at` set, no invoice) does not await one and is never released.
 */
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { depositCents, dollarsToCents, formatCents } from "~/domain/billing";
import { dayLabel } from "~/domain/booking";
import { HOUR_MS, MINUTE_MS, jamaicaInstant, todayInJamaica } from "~/domain/dates";
import { changeStatement } from "~/server/booking";
import { deadlineLabel, depositReleasedMail, depositRequestMail, enqueueMail, invoicePath, type MailQueueEnv } from "~/server/mail";
import { logFailure, readSiteUrl, type Database } from "~/server/platform";
import { readCompany } from "~/server/site";
import { cardCheckouts, customers, invoices, quoteRequests, visits, type Visit } from "../../../drizzle/schema";
import { balanceSql } from "./balance.server";
import { cardPaymentsEnabled } from "./card.server";
import { createDepositInvoice, voidInvoice } from "./documents.server";
import { readInvoice } from "./invoices.server";
import { readBillingSettings } from "./settings.server";

/**
 * An issued deposit invoice of the visit in the query, for a join or EXISTS. Its kind and status
 * are compared as `+column`, which no index serves: without it SQLite walks every issued invoice
 * by `invoices_kind_status_idx` (27,000 rows at five years, docs/benchmarks.md) instead of the
 * visit's few by `invoices_visit_idx`.
 */
const depositOfVisit = sql`${invoices.visitId} = ${visits.id} AND ${invoices.purpose} = 'deposit' AND +${invoices.kind} = 'invoice' AND +${invoices.status} = 'issued'`;

/**
 * SQL true for the `visits` row in scope when it awaits its deposit: scheduled, a deposit asked
 * (`deposit_due_at`), and its issued deposit invoice still owes money (balance > 0, the core's
 * `balanceSql`). Paid (or never made): false, and the visit reads as a normal booked one. Its
 * subquery's `invoices` is the nearest in scope, so a statement that joins `invoices` may use it.
 */
const awaitingDepositSql = sql`(${visits.status} = 'scheduled' AND ${visits.depositDueAt} IS NOT NULL AND EXISTS (SELECT 1 FROM ${invoices} WHERE ${depositOfVisit} AND ${balanceSql(invoices)} > 0))`;

/** A visit awaiting its deposit, as pages show it. */
export interface AwaitingDeposit {
  visitId: string;
  invoiceId: string;
  /** "INV-2026-0001". */
  number: string | null;
  /** The invoice's private link token (/invoice/<token>). */
  token: string;
  /** What is still owed on the deposit, in cents (GCT included when charged). */
  balanceCents: number;
  /** When the visit is released if the deposit is still unpaid. */
  dueAt: Date;
  /** `dueAt` as the customer reads it, e.g. "Friday, Nov 27, 2026, 3:00 PM (Jamaica time)" (app/server/mail `deadlineLabel`). */
  dueLabel: string;
  /** `balanceCents` formatted, e.g. "J$3,625.00". */
  amountLabel: string;
}

/**
 * How many visit ids one read binds: D1 allows 100 bound parameters a statement, and the read
 * binds a few of its own.
 */
const VISIT_IDS_PER_READ = 90;

/**
 * Which of the visits `visitIds` await their deposit (`awaitingDepositSql`), each with its
 * deposit invoice's number, token and balance. In: visit ids (any number, duplicates allowed;
 * none: no query). Out: a map by visit id, holding only the awaiting ones. One read per
 * `VISIT_IDS_PER_READ` ids.
 */
export async function awaitingDeposits(db: Database, visitIds: readonly string[]): Promise<Map<string, AwaitingDeposit>> {
  const ids = [...new Set(visitIds)];
  const chunks: string[][] = [];
  for (let at = 0; at < ids.length; at += VISIT_IDS_PER_READ) chunks.push(ids.slice(at, at + VISIT_IDS_PER_READ));
  return awaitingMap((await Promise.all(chunks.map((chunk) => awaitingRows(db, inArray(visits.id, chunk))))).flat());
}

/**
 * `awaitingDeposits` of every visit of the quote request `quoteRequestId`, in one read through
 * `visits_quote_request_idx` (a regular cleaning's years of visits bind nothing more).
 */
export async function awaitingDepositsOfRequest(db: Database, quoteRequestId: string): Promise<Map<string, AwaitingDeposit>> {
  return awaitingMap(await awaitingRows(db, eq(visits.quoteRequestId, quoteRequestId)));
}

/** `awaitingDeposits` of every visit on the days `from` to `to` (ISO, inclusive), in one read through the visits' day index: for the schedule's and the day sheets' reads beside the session. */
export async function awaitingDepositsOfDays(db: Database, from: string, to: string): Promise<Map<string, AwaitingDeposit>> {
  return awaitingMap(await awaitingRows(db, and(gte(visits.day, from), lte(visits.day, to))));
}

/** The awaiting deposits of `rows` (`awaitingRows`) by visit id: a deposit with a deadline, a token and a balance. */
function awaitingMap(rows: Awaited<ReturnType<typeof awaitingRows>>): Map<string, AwaitingDeposit> {
  const found = new Map<string, AwaitingDeposit>();
  for (const row of rows) {
    if (!row.dueAt || !row.token || row.balanceCents <= 0) continue;
    found.set(row.visitId, {
      visitId: row.visitId,
      invoiceId: row.invoiceId,
      number: row.number,
      token: row.token,
      balanceCents: row.balanceCents,
      dueAt: row.dueAt,
      dueLabel: deadlineLabel(row.dueAt),
      amountLabel: formatCents(row.balanceCents),
    });
  }
  return found;
}

/** The deposit invoices of the visits `which` selects (at most `VISIT_IDS_PER_READ` bound ids), awaiting or not yet checked: one read. */
function awaitingRows(db: Database, which: SQL | undefined) {
  return db
    .select({
      visitId: visits.id,
      dueAt: visits.depositDueAt,
      invoiceId: invoices.id,
      number: invoices.number,
      token: invoices.token,
      balanceCents: sql<number>`${balanceSql(invoices)}`,
    })
    .from(visits)
    .innerJoin(invoices, depositOfVisit)
    .where(and(which, awaitingDepositSql));
}

/**
 * Whether a deposit invoice may still be paid: its visit is still scheduled (not released,
 * cancelled, skipped or done). Any other invoice: true. In: the invoice's purpose and visit id.
 * Out: a boolean; a deposit invoice without a visit found is false. Throws what D1 threw.
 */
export async function depositPayable(db: Database, invoice: { purpose: string; visitId: string | null }): Promise<boolean> {
  if (invoice.purpose !== "deposit") return true;
  if (!invoice.visitId) return false;
  const visit = await db.select({ status: visits.status }).from(visits).where(eq(visits.id, invoice.visitId)).get();
  return visit?.status === "scheduled";
}

/** The Worker's bindings a deposit's e-mails need. */
export type DepositEnv = CloudflareBindings & MailQueueEnv;

/**
 * Asks the deposit of a visit the customer just booked online (never a staff booking: the caller
 * decides). When the owner's rule gives an amount above 0 for the visit's price
 * (`depositCents(rule, dollarsToCents(amountJmd))`): sets `deposit_due_at` (now + the hold
 * hours, never after the visit's window begins; only on a scheduled visit not asked already),
 * makes the deposit invoice, issued at once (the core's `createDepositInvoice`), and queues
 * `depositRequestMail` to the customer. Out: the visit's deposit as pages show it, or null when
 * none is asked (rule none, price 0, no customer linked, asked already). A failure after
 * `deposit_due_at` is set leaves a visit without its invoice, which reads as booked and is never
 * released (module header). Throws what D1 threw.
 */
export async function askDeposit(db: Database, env: DepositEnv, visitId: string, now: Date): Promise<AwaitingDeposit | null> {
  const [settings, found] = await Promise.all([
    readBillingSettings(db),
    db
      .select({ visit: visits, request: quoteRequests, customer: customers })
      .from(visits)
      .innerJoin(quoteRequests, eq(visits.quoteRequestId, quoteRequests.id))
      .leftJoin(customers, eq(quoteRequests.customerId, customers.id))
      .where(eq(visits.id, visitId))
      .get(),
  ]);
  if (!found || found.visit.status !== "scheduled" || found.visit.depositDueAt !== null) return null;
  const { visit, request, customer } = found;
  const amountCents = depositCents(settings.deposit, dollarsToCents(visit.amountJmd));
  if (amountCents <= 0) return null;
  if (!customer) {
    logFailure("deposit_not_asked", new Error("The request has no customer to bill"), { visitId });
    return null;
  }
  const visitStarts = jamaicaInstant(visit.day, visit.windowStart);
  const dueAt = new Date(Math.min(now.getTime() + settings.depositHoldHours * HOUR_MS, visitStarts));
  const [claimed] = await db
    .update(visits)
    .set({ depositDueAt: dueAt, updatedAt: now })
    .where(and(eq(visits.id, visit.id), eq(visits.status, "scheduled"), isNull(visits.depositDueAt)))
    .returning({ id: visits.id });
  if (!claimed) return null;
  const made = await createDepositInvoice(
    db,
    {
      visitId: visit.id,
      customerId: customer.id,
      quoteRequestId: request.id,
      billToName: customer.name || request.name,
      billToEmail: customer.email ?? request.email,
      billToPhone: customer.phone ?? request.phone,
      billToAddress: visit.address,
      amountCents,
      dueDate: todayInJamaica(dueAt),
      description: `Deposit to confirm your cleaning on ${dayLabel(visit.day)}`,
    },
    now,
  );
  const held = (await awaitingDeposits(db, [visit.id])).get(visit.id) ?? null;
  try {
    const invoice = await readInvoice(db, made.id, todayInJamaica(now));
    if (invoice?.billToEmail && invoice.token) {
      const siteUrl = readSiteUrl(env);
      const link = `${siteUrl}${invoicePath(invoice.token)}`;
      const pay = { paymentInstructions: settings.paymentInstructions, payByCard: cardPaymentsEnabled(env) };
      const mail = depositRequestMail(invoice, visit, dueAt, link, await readCompany(env, db), siteUrl, pay);
      await enqueueMail(db, env, mail, { kind: "invoice", entity: "invoice", entityId: invoice.id }, undefined, now);
    }
  } catch (error) {
    logFailure("deposit_mail_failed", error, { visitId: visit.id, invoiceId: made.id });
  }
  return held;
}

/** How long an open card checkout of a deposit holds off its release: the customer may be paying at WiPay. */
const CHECKOUT_GRACE_MS = 60 * MINUTE_MS;

/**
 * SQL true for the `visits` row in scope when no deposit invoice of it has an open card checkout
 * created less than `CHECKOUT_GRACE_MS` before `now`. Its tables are aliased, so it reads the
 * outer `visits` row whatever else the statement joins.
 */
const noCheckoutUnderWaySql = (now: Date) =>
  sql`NOT EXISTS (SELECT 1 FROM ${cardCheckouts} AS "grace_checkout" JOIN ${invoices} AS "grace_invoice" ON "grace_invoice"."id" = "grace_checkout"."invoice_id" WHERE "grace_invoice"."visit_id" = ${visits.id} AND "grace_invoice"."purpose" = 'deposit' AND "grace_checkout"."status" = 'open' AND "grace_checkout"."created_at" > ${now.getTime() - CHECKOUT_GRACE_MS})`;

/** What one run of the release did. */
export interface DepositRelease {
  /** Visits cancelled because their deposit was not paid in time. */
  released: number;
  /** Deposit invoices made void (those of this run, and any left issued by an earlier run that stopped half-way). */
  voided: number;
}

/**
 * The hourly task (server.ts `scheduled`): every scheduled visit whose deposit is still unpaid at
 * its `deposit_due_at` (`awaitingDepositSql`, due <= now) is cancelled as a cancellation does it
 * (status cancelled, SEQUENCE + 1, a `visit_changes` row by the system, its window freed), its
 * deposit invoice made void by the core's `voidInvoice` ("Deposit not paid by <time>", a credit
 * note for what is left) and `depositReleasedMail` queued to the customer. A visit whose deposit
 * invoice has an open card checkout created less than `CHECKOUT_GRACE_MS` ago is left for a later
 * run (the customer may be on WiPay's page). The cancelling UPDATE re-checks the whole condition,
 * the balance and the checkout included, so a payment that lands first wins and a second run
 * finds nothing to do. A deposit invoice still issued and unpaid of a visit released or
 * cancelled otherwise past its time is made void too (no e-mail). Out: the counts. Throws what
 * D1 threw; one visit's void or e-mail failing is logged and the others go on.
 */
export async function releaseUnpaidDeposits(db: Database, env: DepositEnv, now: Date): Promise<DepositRelease> {
  const due = await db
    .select({ visit: visits, request: quoteRequests })
    .from(visits)
    .innerJoin(quoteRequests, eq(visits.quoteRequestId, quoteRequests.id))
    .where(and(lte(visits.depositDueAt, now), awaitingDepositSql, noCheckoutUnderWaySql(now)));
  const outcome: DepositRelease = { released: 0, voided: 0 };
  for (const { visit } of due) {
    const [cancelled] = await db.batch([
      db
        .update(visits)
        .set({ status: "cancelled", sequence: sql`${visits.sequence} + 1`, updatedAt: now })
        .where(and(eq(visits.id, visit.id), lte(visits.depositDueAt, now), awaitingDepositSql, noCheckoutUnderWaySql(now)))
        .returning(),
      changeStatement(db, { visitId: visit.id, kind: "cancelled", to: visit }, { userId: null, system: true }, now),
    ]);
    if (!cancelled[0]) continue;
    outcome.released++;
    const invoiceId = await depositInvoiceId(db, visit.id);
    try {
      if (await voidDeposit(db, visit, now)) outcome.voided++;
    } catch (error) {
      logFailure("deposit_release_step_failed", error, { visitId: visit.id });
    }
    try {
      await queueReleasedMail(db, env, cancelled[0], invoiceId, now);
    } catch (error) {
      logFailure("deposit_mail_failed", error, { visitId: visit.id });
    }
  }
  // A run that stopped between the cancel and the void, or a visit cancelled by other means past its time.
  const stranded = await db
    .select({ visit: visits })
    .from(visits)
    .innerJoin(invoices, depositOfVisit)
    .where(and(lte(visits.depositDueAt, now), inArray(visits.status, ["cancelled", "skipped"]), sql`${balanceSql(invoices)} > 0`));
  for (const { visit } of stranded) {
    try {
      if (await voidDeposit(db, visit, now)) outcome.voided++;
    } catch (error) {
      logFailure("deposit_release_step_failed", error, { visitId: visit.id });
    }
  }
  return outcome;
}

/** The id of the visit's deposit invoice still issued (not void), if any. */
async function depositInvoiceId(db: Database, visitId: string): Promise<string | null> {
  const invoice = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.visitId, visitId), eq(invoices.purpose, "deposit"), eq(invoices.kind, "invoice"), eq(invoices.status, "issued")))
    .get();
  return invoice?.id ?? null;
}

/** Makes the visit's issued deposit invoice void ("Deposit not paid by <time>"). Out: its id, or null when none was voided. */
async function voidDeposit(db: Database, visit: Visit, now: Date): Promise<string | null> {
  const invoiceId = await depositInvoiceId(db, visit.id);
  if (!invoiceId || !visit.depositDueAt) return null;
  const voided = await voidInvoice(db, invoiceId, `Deposit not paid by ${deadlineLabel(visit.depositDueAt)}`, { system: "cron" }, now);
  if (voided.status !== "voided") {
    logFailure("deposit_void_refused", new Error(voided.message), { visitId: visit.id, invoiceId });
    return null;
  }
  return invoiceId;
}

/** Queues `depositReleasedMail` for a released visit (its deposit invoice `invoiceId`, read again), when the customer has an e-mail. */
async function queueReleasedMail(db: Database, env: DepositEnv, visit: Visit, invoiceId: string | null, now: Date): Promise<void> {
  if (!invoiceId) return;
  const invoice = await readInvoice(db, invoiceId, todayInJamaica(now));
  if (!invoice?.billToEmail) return;
  const mail = depositReleasedMail(invoice, visit, await readCompany(env, db), readSiteUrl(env));
  await enqueueMail(db, env, mail, { kind: "confirmation", entity: "quote_request", entityId: visit.quoteRequestId }, undefined, now);
}
