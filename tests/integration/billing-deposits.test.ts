/**
 * Deposits that confirm a booking (app/server/billing/deposits.server.ts) on real D1 in
 * Miniflare: the customer's booking asks the owner's deposit (an issued deposit invoice, the
 * visit held until its time), a payment clears it, the hourly task releases an unpaid one once
 * (visit cancelled, invoice void by a credit note, one e-mail), staff bookings and the rule
 * "none" ask nothing, and the visit's own invoice deducts the deposit paid.
 *
 * Invoices and payments cannot be deleted (migrations/0016_billing_guards.sql): every test books
 * its own request on its own day.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { HOUR_MS, jamaicaInstant, todayInJamaica } from "~/domain/dates";
import type { Database } from "~/server/platform";
import { awaitingDeposits, createDraft, readInvoice, recordPayment } from "~/server/billing";
import * as schema from "../../drizzle/schema";
import { SANDBOX_ACCOUNT, startWipayStandIn } from "../support/wipay-stand-in.mjs";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, followRedirect, postFields, startWorker, waitFor, type TestWorker } from "./worker";

const HOURLY = "0 * * * *";
const HOLD_HOURS = 48;

let worker: TestWorker;
let db: Database;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let wipay: Awaited<ReturnType<typeof startWipayStandIn>>;
beforeAll(async () => {
  wipay = await startWipayStandIn({ apiKey: "deposit-test-key" });
  worker = await startWorker({
    bindings: {
      WIPAY_ACCOUNT_NUMBER: SANDBOX_ACCOUNT,
      WIPAY_API_KEY: "deposit-test-key",
      WIPAY_ENVIRONMENT: "sandbox",
      WIPAY_BASE_URL: wipay.url,
    },
  });
  db = drizzle(worker.db, { schema }) as unknown as Database;
  admin = await createAdminSession(worker);
});
afterAll(async () => {
  await worker?.dispose();
  await wipay?.stop();
});

/** The rule as the owner's settings form would save it (app/server/billing `saveBillingSettings`'s row). */
async function setRule(rule: "none" | "percent" | "fixed", percent = 25) {
  await worker.db
    .prepare("UPDATE billing_settings SET deposit_rule = ?, deposit_percent = ?, deposit_hold_hours = ? WHERE id = 1")
    .bind(rule, percent, HOLD_HOURS)
    .run();
}

let nextDay = 6;
/** A working day (not a Sunday) far enough ahead that the hold ends before the visit, a new one per call (each test its own window). */
function bookableDay(): string {
  let day = plusDays(todayInJamaica(), nextDay++);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) day = plusDays(todayInJamaica(), nextDay++);
  return day;
}

let n = 0;
/** A quoted request of J$14,500 with its customer linked, and its status token. */
async function quotedRequest(): Promise<{ id: string; token: string; email: string }> {
  const token = crypto.randomUUID().replaceAll("-", "");
  const id = await seedQuotedRequest(worker, ++n, { token, name: `Deposit${n}`, amountJmd: 14500 });
  const customerId = crypto.randomUUID();
  const email = `deposit${n}${n}@example.com`;
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO customers (id, name, email, phone, created_at, updated_at) VALUES (?, ?, ?, '+18765550101', ?, ?)")
      .bind(customerId, `Deposit${n} ${n}`, email, Date.now(), Date.now()),
    worker.db.prepare("UPDATE quote_requests SET customer_id = ?, email = ? WHERE id = ?").bind(customerId, email, id),
  ]);
  return { id, token, email };
}

/** The booking page's answer to the last `customerBooks`. */
let lastAnswer: Response;

/** The customer books `day` at 09:00 on their booking page; out: the visit. */
async function customerBooks(token: string, day: string) {
  const answer = await postFields(worker, `/status/${token}/book?day=${day}`, { day, windowStart: "09:00" });
  expect(answer.status).toBe(302);
  lastAnswer = answer;
  return (await worker.db
    .prepare(
      "SELECT v.id, v.status, v.deposit_due_at FROM visits v JOIN quote_requests q ON q.id = v.quote_request_id WHERE q.status_token = ?",
    )
    .bind(token)
    .first<{ id: string; status: string; deposit_due_at: number | null }>())!;
}

/** The visit's deposit invoices (any status) and the credit notes made for them. */
async function depositDocuments(visitId: string) {
  const { results } = await worker.db
    .prepare(
      "SELECT id, kind, status, purpose, total_cents, token, number, void_reason, credit_for_id FROM invoices WHERE (visit_id = ? AND purpose = 'deposit') OR credit_for_id IN (SELECT id FROM invoices WHERE visit_id = ? AND purpose = 'deposit') ORDER BY kind DESC",
    )
    .bind(visitId, visitId)
    .all<{
      id: string;
      kind: string;
      status: string;
      purpose: string;
      total_cents: number;
      token: string | null;
      number: string | null;
      void_reason: string | null;
      credit_for_id: string | null;
    }>();
  return results;
}

/** Runs the hourly trigger at `at`; out: its outcome. */
async function runHourly(at: Date) {
  const { outcome } = await (await worker.mf.getWorker()).scheduled({ scheduledTime: at, cron: HOURLY });
  return outcome;
}

const statusText = async (token: string) => (await (await worker.fetch(`/status/${token}`)).text()).replaceAll("&#x27;", "'");

describe("a deposit to confirm a booking", () => {
  test("a percent rule: the customer's booking makes an issued deposit invoice of 25% and holds the visit until it is paid; the e-mail asks for it", async () => {
    await setRule("percent", 25);
    const { id, token, email } = await quotedRequest();
    const day = bookableDay();
    const before = Date.now();
    const visit = await customerBooks(token, day);
    const [invoice, ...others] = await depositDocuments(visit.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", status: "issued", purpose: "deposit", total_cents: 362_500 });
    expect(invoice!.number).toMatch(/^INV-\d{4}-\d{4,}$/);
    expect(invoice!.token).toMatch(/^[0-9a-f]{32}$/);
    // Held for the owner's hours from the booking.
    expect(visit.status).toBe("scheduled");
    expect(visit.deposit_due_at).toBeGreaterThanOrEqual(before + HOLD_HOURS * HOUR_MS);
    expect(visit.deposit_due_at).toBeLessThanOrEqual(Date.now() + HOLD_HOURS * HOUR_MS);
    expect(visit.deposit_due_at).toBeLessThan(jamaicaInstant(day, "09:00"));
    expect([...(await awaitingDeposits(db, [visit.id])).keys()]).toEqual([visit.id]);
    // The page the booking opens says it, with the invoice's link; the staff's schedule, day sheet and record too.
    const page = (await (await followRedirect(worker, lastAnswer)).text()).replaceAll("&#x27;", "'");
    expect(page).toContain("Your visit is held. Pay the deposit below to confirm it.");
    expect(page).toContain("Awaiting your deposit of J$3,625.00 by");
    expect(page).toContain(`href="/invoice/${invoice!.token}"`);
    const schedule = await (await worker.fetch(`/admin/schedule?day=${day}`, { headers: { Cookie: admin.cookie } })).text();
    expect(schedule).toContain("Awaiting deposit: J$3,625.00 by");
    for (const path of [`/admin/schedule/sheet?day=${day}`, `/admin/quotes/${id}`]) {
      const staffPage = await (await worker.fetch(path, { headers: { Cookie: admin.cookie } })).text();
      expect(staffPage, path).toContain("Awaiting deposit: J$3,625.00 by");
    }
    const mail = await waitFor(
      () => worker.mails().find((sent) => sent.to === email && sent.subject.includes("deposit")),
      "the deposit's e-mail",
    );
    expect(mail.subject).toMatch(/^Pay your deposit of J\$3,625\.00 to confirm your booking/);
    expect(mail.links[0]).toMatch(new RegExp(`^https?://[^/]+/invoice/${invoice!.token}$`));
  });

  test("paying the deposit clears the hold: the visit reads as booked, the hourly task past its time leaves it, and its own invoice deducts the deposit", async () => {
    await setRule("percent", 25);
    const { token } = await quotedRequest();
    const visit = await customerBooks(token, bookableDay());
    const [invoice] = await depositDocuments(visit.id);
    const paid = await recordPayment(
      db,
      {
        invoiceId: invoice!.id,
        kind: "payment",
        method: "cash",
        amountCents: 362_500,
        excess: "refuse",
        reference: null,
        paidOn: todayInJamaica(),
        note: null,
        idempotencyKey: crypto.randomUUID(),
      },
      { userId: admin.userId },
      new Date(),
    );
    expect(paid).toMatchObject({ status: "recorded", balanceCents: 0 });
    expect((await awaitingDeposits(db, [visit.id])).size).toBe(0);
    expect(await statusText(token)).not.toContain("Awaiting your deposit");
    // Past its time, the hourly task finds nothing to release.
    expect(await runHourly(new Date(visit.deposit_due_at! + HOUR_MS))).toBe("ok");
    expect(await worker.db.prepare("SELECT status FROM visits WHERE id = ?").bind(visit.id).first("status")).toBe("scheduled");
    expect((await depositDocuments(visit.id)).map((row) => row.status)).toEqual(["issued"]);
    // The visit's invoice: its price, less the deposit paid.
    const draft = await createDraft(db, { from: "visit", visitId: visit.id }, { userId: admin.userId }, new Date());
    expect(draft.status).toBe("created");
    const detail = (await readInvoice(db, (draft as { id: string }).id, todayInJamaica()))!;
    expect(detail.lines.map((line) => line.amountCents)).toEqual([1_450_000, -362_500]);
    expect(detail.lines[1]!.description).toContain(invoice!.number!);
    expect(detail.subtotalCents).toBe(1_087_500);
  });

  test("an unpaid deposit past its time: the hourly task cancels the visit, voids the invoice by a credit note and e-mails once; a second run does nothing", async () => {
    await setRule("percent", 25);
    const { token, email } = await quotedRequest();
    const day = bookableDay();
    const visit = await customerBooks(token, day);
    const at = new Date(visit.deposit_due_at! + 60_000);
    // Before its time, nothing happens.
    expect(await runHourly(new Date(visit.deposit_due_at! - 60_000))).toBe("ok");
    expect(await worker.db.prepare("SELECT status FROM visits WHERE id = ?").bind(visit.id).first("status")).toBe("scheduled");

    for (const run of [1, 2]) {
      expect(await runHourly(at), `run ${run}`).toBe("ok");
      const row = await worker.db.prepare("SELECT status, sequence FROM visits WHERE id = ?").bind(visit.id).first();
      expect(row).toEqual({ status: "cancelled", sequence: 1 });
      const changes = await worker.db
        .prepare("SELECT kind, actor FROM visit_changes WHERE visit_id = ? ORDER BY created_at")
        .bind(visit.id)
        .all();
      expect(changes.results).toEqual([
        { kind: "booked", actor: "customer" },
        { kind: "cancelled", actor: "system" },
      ]);
      const [invoice, credit, ...others] = await depositDocuments(visit.id);
      expect(others).toEqual([]);
      expect(invoice).toMatchObject({ kind: "invoice", status: "void" });
      expect(invoice!.void_reason).toMatch(/^Deposit not paid by /);
      expect(credit).toMatchObject({ kind: "credit_note", status: "issued", total_cents: 362_500, credit_for_id: invoice!.id });
    }
    await waitFor(() => worker.mails().find((sent) => sent.to === email && sent.subject.includes("released")), "the release's e-mail");
    expect(worker.mails().filter((sent) => sent.to === email && sent.subject.includes("released"))).toHaveLength(1);
    expect(worker.output().filter((line) => line.includes("unpaid_deposits_released") && line.includes(at.toISOString()))).toHaveLength(2);
    // The hourly trigger runs no daily task.
    expect(worker.output().some((line) => line.includes("expired_rows_deleted") && line.includes(at.toISOString()))).toBe(false);
    // The window is free again: the status page no longer shows the visit, and the quote can be booked again.
    const page = await statusText(token);
    expect(page).not.toContain("Awaiting your deposit");
    expect(page).toContain("Accept and book");
  });

  test("no rule: the customer's booking asks no deposit", async () => {
    await setRule("none");
    const { token } = await quotedRequest();
    const visit = await customerBooks(token, bookableDay());
    expect(visit.deposit_due_at).toBeNull();
    expect(await depositDocuments(visit.id)).toEqual([]);
    expect(await statusText(token)).not.toContain("Awaiting your deposit");
  });

  test("a staff booking ('Book for the customer') asks no deposit, whatever the rule", async () => {
    await setRule("percent", 50);
    const { id } = await quotedRequest();
    const day = bookableDay();
    const booked = await postFields(worker, `/admin/quotes/${id}`, { intent: "book", day, windowStart: "09:00" }, { Cookie: admin.cookie });
    expect(booked.status).toBe(302);
    const visit = (await worker.db
      .prepare("SELECT id, deposit_due_at FROM visits WHERE quote_request_id = ?")
      .bind(id)
      .first<{ id: string; deposit_due_at: number | null }>())!;
    expect(visit.deposit_due_at).toBeNull();
    expect(await depositDocuments(visit.id)).toEqual([]);
  });
});

describe("a deposit and a card payment under way", () => {
  /** POST /invoice/:token/pay as the page's button does; out: the response (not followed). */
  const pay = (token: string) =>
    worker.fetch(`/invoice/${token}/pay`, { method: "POST", redirect: "manual", headers: { Origin: worker.origin } });
  const visitStatus = (visitId: string) => worker.db.prepare("SELECT status FROM visits WHERE id = ?").bind(visitId).first("status");

  test("an open checkout younger than an hour holds off the release; paid after the release: recorded, logged, and the page says the booking was released", async () => {
    await setRule("percent", 25);
    const { token } = await quotedRequest();
    const visit = await customerBooks(token, bookableDay());
    const [invoice] = await depositDocuments(visit.id);
    const started = await pay(invoice!.token!);
    expect(started.status).toBe(303);
    const hostedPage = started.headers.get("Location")!;
    expect(hostedPage.startsWith(`${wipay.url}/checkout/`)).toBe(true);
    const paid = await fetch(hostedPage, { method: "POST", body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
    const back = new URL(paid.headers.get("Location")!);
    // The customer opened the checkout ten minutes before the deadline and is still on WiPay's page.
    const opened = visit.deposit_due_at! - 10 * 60_000;
    await worker.db.prepare("UPDATE card_checkouts SET created_at = ? WHERE invoice_id = ?").bind(opened, invoice!.id).run();
    expect(await runHourly(new Date(visit.deposit_due_at! + 60_000))).toBe("ok");
    expect(await visitStatus(visit.id)).toBe("scheduled");
    // An hour after the checkout opened, the grace is over: released.
    expect(await runHourly(new Date(opened + HOUR_MS + 60_000))).toBe("ok");
    expect(await visitStatus(visit.id)).toBe("cancelled");
    expect((await depositDocuments(visit.id))[0]).toMatchObject({ kind: "invoice", status: "void" });

    // WiPay's verified return lands on the void invoice: the money was taken, so it is recorded.
    const landed = await worker.fetch(`${back.pathname}${back.search}`, { redirect: "manual" });
    expect(landed.headers.get("Location")).toBe(`/invoice/${invoice!.token}?paid=1`);
    const payments = await worker.db.prepare("SELECT method, amount_cents FROM payments WHERE invoice_id = ?").bind(invoice!.id).all();
    expect(payments.results).toEqual([{ method: "card_online", amount_cents: 362_500 }]);
    expect(worker.output().some((line) => line.includes('"card_payment_on_void_invoice"') && line.includes(invoice!.id))).toBe(true);
    const page = (await (await worker.fetch(`/invoice/${invoice!.token}?paid=1`)).text()).replaceAll("&#x27;", "'");
    expect(page).toContain("this booking had already been released");
    expect(page).toContain("refund");
    expect(page).not.toContain("your card payment is recorded");
  });

  test("a deposit whose visit is no longer scheduled cannot be paid by card", async () => {
    await setRule("percent", 25);
    const { token } = await quotedRequest();
    const visit = await customerBooks(token, bookableDay());
    const [invoice] = await depositDocuments(visit.id);
    await worker.db.prepare("UPDATE visits SET status = 'cancelled' WHERE id = ?").bind(visit.id).run();
    expect((await pay(invoice!.token!)).headers.get("Location")).toBe(`/invoice/${invoice!.token}?failed=released`);
    expect(await worker.db.prepare("SELECT COUNT(*) AS n FROM card_checkouts WHERE invoice_id = ?").bind(invoice!.id).first("n")).toBe(0);
    const page = (await (await worker.fetch(`/invoice/${invoice!.token}?failed=released`)).text()).replaceAll("&#x27;", "'");
    expect(page).toContain("This booking has been released");
  });

  test("awaitingDeposits reads any number of visits (D1 binds at most 100 parameters a statement)", async () => {
    await setRule("percent", 25);
    const { token } = await quotedRequest();
    const visit = await customerBooks(token, bookableDay());
    const ids = [...Array.from({ length: 149 }, () => crypto.randomUUID()), visit.id];
    expect([...(await awaitingDeposits(db, ids)).keys()]).toEqual([visit.id]);
  });
});
