/**
 * The billing core (app/server/billing/) on real D1 in Miniflare: numbers given under 50
 * concurrent issues are distinct and consecutive; the same idempotency key records once; racing
 * payments of the full balance record one; any sequence of payments, refunds and credit notes
 * leaves the balance read equal to what the rows add up to, and a refused one writes nothing;
 * an issued invoice is frozen (saveDraft, raw UPDATE/DELETE: the triggers of
 * migrations/0016_billing_guards.sql); drafts from a quote, a visit (its paid deposit deducted)
 * and a month; voids, lists, the Unpaid view, a customer's balance, the accountant's rows; a
 * customers' merge and split move invoices with their customer and request.
 *
 * Invoices and payments cannot be deleted: every test makes its own customer and request.
 */
import { drizzle } from "drizzle-orm/d1";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { invoiceTotals, MAX_INVOICE_LINES } from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import {
  accountingRows,
  createDepositInvoice,
  createDraft,
  customerBalance,
  deleteDraft,
  issueCreditNote,
  issueInvoice,
  listInvoices,
  readBillingSettings,
  readInvoice,
  readInvoiceByToken,
  recordPayment,
  saveBillingSettings,
  saveDraft,
  unpaidReport,
  voidInvoice,
  type PaymentInput,
} from "~/server/billing";
import { mergeCustomers, splitRecord } from "~/server/customers";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { seedQuotedRequest } from "./booking-seed";
import { startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
});
afterAll(() => worker?.dispose());

const STAFF = { userId: "staff-user" };
const today = () => todayInJamaica();
const year = () => today().slice(0, 4);

let n = 0;
/** A quoted request of `amountJmd` whole dollars with its own customer linked. */
async function customerRequest(amountJmd = 10000): Promise<{ requestId: string; customerId: string; name: string }> {
  n++;
  const requestId = await seedQuotedRequest(worker, n, { name: `Billed${n}`, amountJmd });
  const customerId = crypto.randomUUID();
  const name = `Customer ${n} Billed`;
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO customers (id, name, email, phone, created_at, updated_at) VALUES (?, ?, ?, '+18765550101', ?, ?)")
      .bind(customerId, name, `billed${n}@example.com`, Date.now(), Date.now()),
    worker.db.prepare("UPDATE quote_requests SET customer_id = ? WHERE id = ?").bind(customerId, requestId),
  ]);
  return { requestId, customerId, name };
}

/** An issued invoice of a quote of `amountJmd`; out: its id and the request's. */
async function issuedInvoice(amountJmd = 10000) {
  const request = await customerRequest(amountJmd);
  const draft = await createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date());
  if (draft.status !== "created") throw new Error(`no draft: ${JSON.stringify(draft)}`);
  const issued = await issueInvoice(db, draft.id, STAFF, new Date());
  if (issued.status !== "issued") throw new Error(`not issued: ${issued.status}`);
  return { id: draft.id, ...request, ...issued };
}

/** A payment input with a fresh key, paid today. */
function payment(invoiceId: string, amountCents: number, extra: Partial<PaymentInput> = {}): PaymentInput {
  return {
    invoiceId,
    kind: "payment",
    method: "cash",
    amountCents,
    excess: "refuse",
    reference: null,
    paidOn: today(),
    note: null,
    idempotencyKey: crypto.randomUUID(),
    ...extra,
  };
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (
    (await worker.db
      .prepare(sql)
      .bind(...params)
      .first<number>("c")) ?? 0
  );
}

/** A visit row of the request (status `status`, on `day`, priced `amountJmd`). */
async function insertVisit(requestId: string, day: string, status: "scheduled" | "done", amountJmd = 8000): Promise<string> {
  const id = crypto.randomUUID();
  await worker.db
    .prepare(
      "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', ?, '09:00', '12:00', ?, '5 Kent Avenue', 'residential', ?, ?, ?)",
    )
    .bind(id, requestId, day, status, amountJmd, Date.now(), Date.now())
    .run();
  return id;
}

describe("numbers", () => {
  // First in the file: the series of this Miniflare's database starts here.
  test("50 invoices issued concurrently get 50 distinct consecutive numbers INV-YYYY-0001..0050", async () => {
    const drafts = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const request = await customerRequest(5000);
        const made = await createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date());
        if (made.status !== "created") throw new Error(JSON.stringify(made));
        return made.id;
      }),
    );
    const issued = await Promise.all(drafts.map((id) => issueInvoice(db, id, STAFF, new Date())));
    const numbers = issued.map((result) => (result.status === "issued" ? result.number : `refused ${result.status}`)).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${year()}-${String(i + 1).padStart(4, "0")}`));
    const tokens = new Set(issued.map((result) => (result.status === "issued" ? result.token : "")));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
    // A second issue of the same draft changes nothing.
    expect(await issueInvoice(db, drafts[0]!, STAFF, new Date())).toEqual({ status: "not_draft" });
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE series = ?", `INV-${year()}`)).toBe(50);
  });
});

describe("drafts", () => {
  test("a quote's draft: one line at the quote's price; two clicks make one draft", async () => {
    const request = await customerRequest(14500);
    const [a, b] = await Promise.all([
      createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date()),
      createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date()),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual(["created", "exists"]);
    const id = a.status === "refused" ? "" : a.id;
    expect(b.status === "refused" ? "" : b.id).toBe(id);
    const invoice = (await readInvoice(db, id, today()))!;
    expect(invoice).toMatchObject({
      status: "draft",
      state: "draft",
      number: null,
      token: null,
      totalCents: 1_450_000,
      billToName: request.name,
    });
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]).toMatchObject({ quantity: 1, unitCents: 1_450_000, amountCents: 1_450_000 });
    expect(await readInvoiceByToken(db, "0".repeat(32), today())).toBeNull();
  });

  test("a request without a customer is refused and writes nothing", async () => {
    const requestId = await seedQuotedRequest(worker, ++n, { name: "Nobody" });
    const made = await createDraft(db, { from: "quote", quoteRequestId: requestId }, STAFF, new Date());
    expect(made.status).toBe("refused");
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE quote_request_id = ?", requestId)).toBe(0);
  });

  test("saveDraft replaces lines and totals; deleteDraft removes a draft; an issued invoice refuses both and raw edits", async () => {
    const request = await customerRequest(10000);
    const made = await createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date());
    if (made.status !== "created") throw new Error("no draft");
    const content = {
      billToName: "Jane Brown",
      billToEmail: "jane@example.com",
      billToPhone: null,
      billToAddress: "1 Main Street",
      lines: [
        { description: "Deep clean", quantity: 2, unitCents: 600_000 },
        { description: "Oven", quantity: 1, unitCents: 150_000 },
      ],
      discountCents: 50_000,
      dueDate: today(),
      notes: "Thanks",
    };
    expect(await saveDraft(db, made.id, content, new Date())).toEqual({ status: "saved" });
    const saved = (await readInvoice(db, made.id, today()))!;
    expect(saved).toMatchObject({ billToName: "Jane Brown", subtotalCents: 1_350_000, discountCents: 50_000, totalCents: 1_300_000 });
    expect(saved.lines.map((line) => line.description)).toEqual(["Deep clean", "Oven"]);

    const issued = await issueInvoice(db, made.id, STAFF, new Date());
    expect(issued.status).toBe("issued");
    expect(await saveDraft(db, made.id, content, new Date())).toEqual({ status: "not_draft" });
    expect(await deleteDraft(db, made.id)).toEqual({ status: "not_draft" });
    await expect(
      worker.db
        .prepare("UPDATE invoices SET total_cents = 1, subtotal_cents = 1, discount_cents = 0, tax_cents = 0 WHERE id = ?")
        .bind(made.id)
        .run(),
    ).rejects.toThrow(/never edited/);
    await expect(worker.db.prepare("DELETE FROM invoices WHERE id = ?").bind(made.id).run()).rejects.toThrow(/never deleted/);
    await expect(worker.db.prepare("DELETE FROM invoice_lines WHERE invoice_id = ?").bind(made.id).run()).rejects.toThrow(/never change/);
    const after = (await readInvoice(db, made.id, today()))!;
    expect(after).toMatchObject({ totalCents: 1_300_000, lines: expect.any(Array) });
    expect(after.lines).toHaveLength(2);

    const other = await customerRequest(3000);
    const draft = await createDraft(db, { from: "quote", quoteRequestId: other.requestId }, STAFF, new Date());
    if (draft.status !== "created") throw new Error("no draft");
    expect(await deleteDraft(db, draft.id)).toEqual({ status: "deleted" });
    expect(await readInvoice(db, draft.id, today())).toBeNull();
    expect(await deleteDraft(db, draft.id)).toEqual({ status: "not_found" });
  });

  test("a visit's draft deducts its paid deposit; GCT is frozen at issue; a month bills the done visits left", async () => {
    const before = await readBillingSettings(db);
    const request = await customerRequest(8000);
    const visitId = await insertVisit(request.requestId, "2026-03-10", "done", 8000);
    const deposit = await createDepositInvoice(
      db,
      {
        visitId,
        customerId: request.customerId,
        quoteRequestId: request.requestId,
        billToName: request.name,
        billToEmail: null,
        billToPhone: null,
        billToAddress: null,
        amountCents: 200_000,
        dueDate: today(),
        description: "Deposit",
      },
      new Date(),
    );
    expect(deposit.number).toMatch(new RegExp(`^INV-${year()}-\\d{4}$`));
    expect((await recordPayment(db, payment(deposit.id, 200_000), STAFF, new Date())).status).toBe("recorded");
    await saveBillingSettings(db, { ...before, gctRegistered: true, trn: "123456789", gctNumber: "GCT-1" }, new Date());
    try {
      const made = await createDraft(db, { from: "visit", visitId }, STAFF, new Date());
      if (made.status !== "created") throw new Error(JSON.stringify(made));
      expect(await createDraft(db, { from: "visit", visitId }, STAFF, new Date())).toEqual({ status: "exists", id: made.id });
      const draft = (await readInvoice(db, made.id, today()))!;
      expect(draft.lines.map((line) => [line.unitCents, line.visitId])).toEqual([
        [800_000, visitId],
        [-200_000, null],
      ]);
      expect(draft.lines[1]!.description).toBe(`Less deposit paid, ${deposit.number}`);
      expect(draft).toMatchObject({ subtotalCents: 600_000, taxCents: 90_000, totalCents: 690_000, purpose: "visit", visitId });
      // Issued after GCT is turned off: the rate of the day of issue is frozen on it.
      await saveBillingSettings(db, before, new Date());
      const issued = await issueInvoice(db, made.id, STAFF, new Date());
      expect(issued.status).toBe("issued");
      const frozen = (await readInvoice(db, made.id, today()))!;
      expect(frozen).toMatchObject({ taxRateBp: 0, taxCents: 0, totalCents: 600_000, businessTrn: null, state: "issued" });
      const byToken = await readInvoiceByToken(db, frozen.token!, today());
      expect(byToken?.id).toBe(made.id);
      expect(byToken?.visit).toMatchObject({ id: visitId, day: "2026-03-10" });

      // The month: the visit already billed is left out; a second done visit is billed; scheduled ones are not.
      const second = await insertVisit(request.requestId, "2026-03-20", "done", 7000);
      await insertVisit(request.requestId, "2026-03-25", "scheduled", 9000);
      const month = await createDraft(db, { from: "month", customerId: request.customerId, month: "2026-03" }, STAFF, new Date());
      if (month.status !== "created") throw new Error(JSON.stringify(month));
      const monthly = (await readInvoice(db, month.id, today()))!;
      expect(monthly.lines.map((line) => line.visitId)).toEqual([second]);
      expect(monthly).toMatchObject({ period: "2026-03", totalCents: 700_000 });
      expect(await createDraft(db, { from: "month", customerId: request.customerId, month: "2026-03" }, STAFF, new Date())).toEqual({
        status: "exists",
        id: month.id,
      });
      expect((await createDraft(db, { from: "month", customerId: request.customerId, month: "2026-04" }, STAFF, new Date())).status).toBe(
        "refused",
      );
    } finally {
      await saveBillingSettings(db, before, new Date());
    }
  });
});

describe("deposits, quotes and months", () => {
  /** A deposit of `amountCents` for the visit, issued; out: its id and number. */
  async function depositOf(request: { requestId: string; customerId: string; name: string }, visitId: string, amountCents: number) {
    return createDepositInvoice(
      db,
      {
        visitId,
        customerId: request.customerId,
        quoteRequestId: request.requestId,
        billToName: request.name,
        billToEmail: null,
        billToPhone: null,
        billToAddress: null,
        amountCents,
        dueDate: today(),
        description: "Deposit",
      },
      new Date(),
    );
  }

  /** The lines of a draft as [unit cents, description]. */
  async function linesOf(id: string) {
    return (await readInvoice(db, id, today()))!.lines.map((line) => [line.unitCents, line.description]);
  }

  test("a quote's and a visit's draft deduct the paid deposits of the request's visits, for the net actually paid", async () => {
    const request = await customerRequest(10000);
    const [paid, credited, waived, unpaid] = await Promise.all(
      ["2026-05-04", "2026-05-11", "2026-05-18", "2026-05-25"].map((day) => insertVisit(request.requestId, day, "done", 8000)),
    );
    // Paid in full: deducted in full.
    const paidDeposit = await depositOf(request, paid!, 200_000);
    expect((await recordPayment(db, payment(paidDeposit.id, 200_000), STAFF, new Date())).status).toBe("recorded");
    // Paid in full, then reduced by a credit note of J$1,000 (the customer keeps it in credit): J$2,000 deducted.
    const creditedDeposit = await depositOf(request, credited!, 300_000);
    expect((await recordPayment(db, payment(creditedDeposit.id, 300_000), STAFF, new Date())).status).toBe("recorded");
    const reduced = await issueCreditNote(
      db,
      creditedDeposit.id,
      { lines: [{ description: "Smaller deposit", quantity: 1, unitCents: 100_000 }], reason: "Deposit reduced" },
      STAFF,
      new Date(),
    );
    expect(reduced.status).toBe("issued");
    // Waived by a credit note of all of it, never paid: its balance is 0, nothing was paid, nothing deducted.
    const waivedDeposit = await depositOf(request, waived!, 150_000);
    const waiver = await issueCreditNote(
      db,
      waivedDeposit.id,
      { lines: [{ description: "Deposit waived", quantity: 1, unitCents: 150_000 }], reason: "Deposit waived" },
      STAFF,
      new Date(),
    );
    expect(waiver.status).toBe("issued");
    // Not paid: not deducted.
    await depositOf(request, unpaid!, 100_000);

    const quote = await createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date());
    if (quote.status !== "created") throw new Error(JSON.stringify(quote));
    expect(await linesOf(quote.id)).toEqual([
      [1_000_000, expect.any(String)],
      [-200_000, `Less deposit paid, ${paidDeposit.number}`],
      [-200_000, `Less deposit paid, ${creditedDeposit.number}`],
    ]);
    expect((await readInvoice(db, quote.id, today()))!.subtotalCents).toBe(600_000);

    // Billed by its visits instead: each deducts its own deposit, for what was paid.
    expect(await deleteDraft(db, quote.id)).toEqual({ status: "deleted" });
    const ofCredited = await createDraft(db, { from: "visit", visitId: credited! }, STAFF, new Date());
    if (ofCredited.status !== "created") throw new Error(JSON.stringify(ofCredited));
    expect((await linesOf(ofCredited.id)).map(([cents]) => cents)).toEqual([800_000, -200_000]);
    const ofWaived = await createDraft(db, { from: "visit", visitId: waived! }, STAFF, new Date());
    if (ofWaived.status !== "created") throw new Error(JSON.stringify(ofWaived));
    expect((await linesOf(ofWaived.id)).map(([cents]) => cents)).toEqual([800_000]);
  });

  test("a request is billed from its quote or by its visits, never both: each refuses the other and names it; racing, one is made", async () => {
    // Invoiced from the quote: its visit's invoice and its month are refused.
    const quoted = await customerRequest(12000);
    const visit = await insertVisit(quoted.requestId, "2026-06-08", "done", 6000);
    const fromQuote = await createDraft(db, { from: "quote", quoteRequestId: quoted.requestId }, STAFF, new Date());
    if (fromQuote.status !== "created") throw new Error(JSON.stringify(fromQuote));
    expect(await createDraft(db, { from: "visit", visitId: visit }, STAFF, new Date())).toEqual({
      status: "refused",
      message: "This request is already invoiced from its quote (a draft).",
    });
    const issued = await issueInvoice(db, fromQuote.id, STAFF, new Date());
    if (issued.status !== "issued") throw new Error(issued.status);
    expect(await createDraft(db, { from: "visit", visitId: visit }, STAFF, new Date())).toEqual({
      status: "refused",
      message: `This request is already invoiced from its quote (${issued.number}).`,
    });
    expect(await createDraft(db, { from: "month", customerId: quoted.customerId, month: "2026-06" }, STAFF, new Date())).toMatchObject({
      status: "refused",
      message: expect.stringContaining("Nothing to bill"),
    });
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE quote_request_id = ?", quoted.requestId)).toBe(1);
    // Voided, the visit may be invoiced on its own.
    expect((await voidInvoice(db, fromQuote.id, "Billed by visit instead", STAFF, new Date())).status).toBe("voided");
    expect((await createDraft(db, { from: "visit", visitId: visit }, STAFF, new Date())).status).toBe("created");

    // A visit invoiced on its own: the quote's invoice is refused.
    const visited = await customerRequest(12000);
    const own = await insertVisit(visited.requestId, "2026-06-09", "scheduled", 6000);
    const ofVisit = await createDraft(db, { from: "visit", visitId: own }, STAFF, new Date());
    if (ofVisit.status !== "created") throw new Error(JSON.stringify(ofVisit));
    const ofVisitIssued = await issueInvoice(db, ofVisit.id, STAFF, new Date());
    if (ofVisitIssued.status !== "issued") throw new Error(ofVisitIssued.status);
    expect(await createDraft(db, { from: "quote", quoteRequestId: visited.requestId }, STAFF, new Date())).toEqual({
      status: "refused",
      message: `This request's visits are already invoiced on their own (${ofVisitIssued.number}).`,
    });

    // Both at once: the guard is in the insert, so one is made and the other refused.
    const racing = await customerRequest(12000);
    const raced = await insertVisit(racing.requestId, "2026-06-10", "done", 6000);
    const results = await Promise.all([
      createDraft(db, { from: "quote", quoteRequestId: racing.requestId }, STAFF, new Date()),
      createDraft(db, { from: "visit", visitId: raced }, STAFF, new Date()),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["created", "refused"]);
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE quote_request_id = ?", racing.requestId)).toBe(1);
  });

  test("a month whose visits and deposits exceed the lines of one invoice is refused, nothing cut; a month of 60 visits is one draft", async () => {
    const request = await customerRequest(5000);
    const statements = Array.from({ length: MAX_INVOICE_LINES - 1 }, (_, i) =>
      worker.db
        .prepare(
          "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', ?, ?, '17:00', 'done', '5 Kent Avenue', 'residential', 5000, ?, ?)",
        )
        .bind(
          crypto.randomUUID(),
          request.requestId,
          `2026-07-${String((i % 28) + 1).padStart(2, "0")}`,
          `0${i % 10}:${String(i).padStart(2, "0")}`,
          Date.now(),
          Date.now(),
        ),
    );
    await worker.db.batch(statements);
    const { results: visitRows } = await worker.db
      .prepare("SELECT id FROM visits WHERE quote_request_id = ? ORDER BY day, window_start")
      .bind(request.requestId)
      .all<{ id: string }>();
    for (const row of visitRows.slice(0, 2)) {
      const deposit = await depositOf(request, row.id, 100_000);
      expect((await recordPayment(db, payment(deposit.id, 100_000), STAFF, new Date())).status).toBe("recorded");
    }
    expect(await createDraft(db, { from: "month", customerId: request.customerId, month: "2026-07" }, STAFF, new Date())).toEqual({
      status: "refused",
      message: `This month's ${MAX_INVOICE_LINES - 1} visits and 2 deposits to deduct come to more than ${MAX_INVOICE_LINES} lines for one invoice. Invoice some of its visits on their own first.`,
    });
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE customer_id = ? AND purpose = 'month'", request.customerId)).toBe(0);

    // 60 visits and no deposit: one statement binds the row and the visits' ids within D1's 100 parameters.
    const full = await customerRequest(5000);
    await worker.db.batch(
      Array.from({ length: MAX_INVOICE_LINES }, (_, i) =>
        worker.db
          .prepare(
            "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', ?, ?, '17:00', 'done', '5 Kent Avenue', 'residential', 5000, ?, ?)",
          )
          .bind(
            crypto.randomUUID(),
            full.requestId,
            `2026-08-${String((i % 28) + 1).padStart(2, "0")}`,
            `0${i % 10}:${String(i).padStart(2, "0")}`,
            Date.now(),
            Date.now(),
          ),
      ),
    );
    const month = await createDraft(db, { from: "month", customerId: full.customerId, month: "2026-08" }, STAFF, new Date());
    if (month.status !== "created") throw new Error(JSON.stringify(month));
    const monthly = (await readInvoice(db, month.id, today()))!;
    expect(monthly.lines).toHaveLength(MAX_INVOICE_LINES);
    expect(monthly.totalCents).toBe(MAX_INVOICE_LINES * 500_000);
    expect(await createDraft(db, { from: "month", customerId: full.customerId, month: "2026-08" }, STAFF, new Date())).toEqual({
      status: "exists",
      id: month.id,
    });
  });
});

describe("payments", () => {
  test("20 concurrent payments with the same idempotency key record one row", async () => {
    const invoice = await issuedInvoice(10000);
    const input = payment(invoice.id, 300_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => recordPayment(db, input, STAFF, new Date())));
    const ids = new Set(results.map((result) => (result.status === "refused" ? "refused" : result.paymentId)));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.status === "recorded")).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS c FROM payments WHERE invoice_id = ?", invoice.id)).toBe(1);
    expect((await readInvoice(db, invoice.id, today()))!).toMatchObject({
      paidCents: 300_000,
      balanceCents: 700_000,
      state: "partly_paid",
    });
  });

  test("20 concurrent payments of the full balance with different keys: exactly one is recorded", async () => {
    const invoice = await issuedInvoice(10000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => recordPayment(db, payment(invoice.id, 1_000_000), STAFF, new Date())),
    );
    expect(results.filter((result) => result.status === "recorded")).toHaveLength(1);
    const refused = results.filter((result) => result.status === "refused");
    expect(refused).toHaveLength(19);
    expect(refused[0]).toMatchObject({ message: expect.stringContaining("Nothing is owed") });
    expect(await count("SELECT COUNT(*) AS c FROM payments WHERE invoice_id = ?", invoice.id)).toBe(1);
    expect((await readInvoice(db, invoice.id, today()))!).toMatchObject({ balanceCents: 0, state: "paid" });
  });

  test("refused inputs write nothing: above the balance, a future day, a draft, a refund above what was paid; a tip keeps the extra apart", async () => {
    const invoice = await issuedInvoice(5000);
    const over = await recordPayment(db, payment(invoice.id, 600_000), STAFF, new Date());
    expect(over).toEqual({
      status: "refused",
      field: "amount",
      message: "This is more than the J$5,000.00 still owed. Tick 'tip' or 'credit' to record the extra.",
    });
    const future = await recordPayment(db, payment(invoice.id, 100, { paidOn: "2999-01-01" }), STAFF, new Date());
    expect(future).toMatchObject({ status: "refused", field: "paidOn" });
    const refund = await recordPayment(db, payment(invoice.id, 100, { kind: "refund" }), STAFF, new Date());
    expect(refund).toMatchObject({ status: "refused" });
    const request = await customerRequest(1000);
    const draft = await createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date());
    if (draft.status !== "created") throw new Error("no draft");
    expect((await recordPayment(db, payment(draft.id, 100), STAFF, new Date())).status).toBe("refused");
    expect(await count("SELECT COUNT(*) AS c FROM payments WHERE invoice_id IN (?, ?)", invoice.id, draft.id)).toBe(0);

    const tipped = await recordPayment(db, payment(invoice.id, 550_000, { excess: "tip" }), STAFF, new Date());
    expect(tipped).toMatchObject({ status: "recorded", balanceCents: 0 });
    const row = await worker.db.prepare("SELECT amount_cents, tip_cents FROM payments WHERE invoice_id = ?").bind(invoice.id).first();
    expect(row).toEqual({ amount_cents: 500_000, tip_cents: 50_000 });
    expect((await recordPayment(db, payment(invoice.id, 100, { excess: "tip" }), STAFF, new Date())).status).toBe("refused");
    await expect(worker.db.prepare("UPDATE payments SET amount_cents = 1 WHERE invoice_id = ?").bind(invoice.id).run()).rejects.toThrow(
      /never changed/,
    );
    await expect(worker.db.prepare("DELETE FROM payments WHERE invoice_id = ?").bind(invoice.id).run()).rejects.toThrow(/never deleted/);
  });

  test("any sequence of payments, refunds and credit notes: the balance read equals the rows' sum, as the model says; refused ones are never stored", async () => {
    type Op =
      { op: "pay"; cents: number; excess: "refuse" | "tip" | "credit" } | { op: "refund"; cents: number } | { op: "credit"; cents: number };
    const cents = fc.integer({ min: 1, max: 1_500_000 });
    const operation: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant("pay" as const), cents, excess: fc.constantFrom("refuse" as const, "tip" as const, "credit" as const) }),
      fc.record({ op: fc.constant("refund" as const), cents }),
      fc.record({ op: fc.constant("credit" as const), cents }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (ops) => {
        const invoice = await issuedInvoice(10000);
        let total = 1_000_000;
        let credited = 0;
        let paid = 0;
        for (const step of ops) {
          const balance = total - credited - paid;
          if (step.op === "credit") {
            const result = await issueCreditNote(
              db,
              invoice.id,
              { lines: [{ description: "Goodwill", quantity: 1, unitCents: step.cents }], reason: "Test" },
              STAFF,
              new Date(),
            );
            const creditTotal = invoiceTotals([{ quantity: 1, unitCents: step.cents }], 0, 0).totalCents;
            expect(result.status).toBe(creditTotal <= total - credited ? "issued" : "refused");
            if (result.status === "issued") credited += creditTotal;
          } else if (step.op === "refund") {
            const result = await recordPayment(db, payment(invoice.id, step.cents, { kind: "refund" }), STAFF, new Date());
            expect(result.status).toBe(step.cents <= paid ? "recorded" : "refused");
            if (result.status === "recorded") paid -= step.cents;
          } else {
            const result = await recordPayment(db, payment(invoice.id, step.cents, { excess: step.excess }), STAFF, new Date());
            const allowed = step.excess === "credit" || (step.excess === "tip" ? balance > 0 : step.cents <= balance);
            expect(result.status).toBe(allowed ? "recorded" : "refused");
            if (result.status === "recorded") paid += step.excess === "tip" ? Math.min(step.cents, balance) : step.cents;
          }
          // The rows, summed here, against the balance the reads give.
          const rows = await worker.db
            .prepare(
              "SELECT (SELECT COALESCE(SUM(total_cents), 0) FROM invoices WHERE credit_for_id = ?1 AND status = 'issued') AS credits, (SELECT COALESCE(SUM(CASE kind WHEN 'payment' THEN amount_cents ELSE 0 END), 0) FROM payments WHERE invoice_id = ?1) AS payments, (SELECT COALESCE(SUM(CASE kind WHEN 'refund' THEN amount_cents ELSE 0 END), 0) FROM payments WHERE invoice_id = ?1) AS refunds",
            )
            .bind(invoice.id)
            .first<{ credits: number; payments: number; refunds: number }>();
          const read = (await readInvoice(db, invoice.id, today()))!;
          expect(read.balanceCents).toBe(total - rows!.credits - rows!.payments + rows!.refunds);
          expect(read.balanceCents).toBe(total - credited - paid);
          expect(read.creditedCents).toBe(credited);
          expect(read.paidCents).toBe(paid);
        }
        total = 0;
      }),
      { numRuns: 12 },
    );
  });
});

describe("corrections and reports", () => {
  test("voiding a partly paid invoice: a credit note of everything left, the invoice void, the customer in credit", async () => {
    const invoice = await issuedInvoice(10000);
    await recordPayment(db, payment(invoice.id, 400_000), STAFF, new Date());
    const partial = await issueCreditNote(
      db,
      invoice.id,
      { lines: [{ description: "Missed room", quantity: 1, unitCents: 100_000 }], reason: "Missed a room" },
      STAFF,
      new Date(),
    );
    expect(partial).toMatchObject({ status: "issued", number: expect.stringMatching(new RegExp(`^CN-${year()}-\\d{4}$`)) });
    const tooMuch = await issueCreditNote(
      db,
      invoice.id,
      { lines: [{ description: "All", quantity: 1, unitCents: 950_000 }], reason: "x" },
      STAFF,
      new Date(),
    );
    expect(tooMuch).toEqual({ status: "refused", message: `This is more than the J$9,000.00 left to credit on ${invoice.number}.` });
    const voided = await voidInvoice(db, invoice.id, "Cancelled by the customer", STAFF, new Date());
    expect(voided.status).toBe("voided");
    const read = (await readInvoice(db, invoice.id, today()))!;
    expect(read).toMatchObject({
      status: "void",
      state: "void",
      creditedCents: 1_000_000,
      paidCents: 400_000,
      balanceCents: -400_000,
      voidReason: "Cancelled by the customer",
    });
    expect(read.creditNotes.map((note) => note.totalCents)).toEqual([100_000, 900_000]);
    expect((await voidInvoice(db, invoice.id, "again", STAFF, new Date())).status).toBe("refused");
    // The customer is in credit; a refund of what was paid brings them to 0.
    expect(await customerBalance(db, invoice.customerId, today())).toMatchObject({
      invoicedCents: 0,
      paidCents: 400_000,
      balanceCents: -400_000,
      openInvoices: 0,
    });
    expect(await recordPayment(db, payment(invoice.id, 400_000, { kind: "refund" }), STAFF, new Date())).toMatchObject({
      status: "recorded",
      balanceCents: 0,
    });
    // A draft is deleted, not voided.
    const request = await customerRequest(1000);
    const draft = await createDraft(db, { from: "quote", quoteRequestId: request.requestId }, STAFF, new Date());
    if (draft.status !== "created") throw new Error("no draft");
    expect((await voidInvoice(db, draft.id, "x", STAFF, new Date())).status).toBe("refused");
  });

  test("lists, the Unpaid view and the accountant's rows read the same balances", async () => {
    const owing = await issuedInvoice(3000);
    const paid = await issuedInvoice(2000);
    await recordPayment(db, payment(paid.id, 200_000, { method: "bank_transfer", reference: "TR-1" }), STAFF, new Date());
    // An old due date makes it overdue (a draft's due day is its own; set before issue).
    const late = await customerRequest(4000);
    const draft = await createDraft(db, { from: "quote", quoteRequestId: late.requestId }, STAFF, new Date());
    if (draft.status !== "created") throw new Error("no draft");
    const lateDraft = (await readInvoice(db, draft.id, today()))!;
    await saveDraft(
      db,
      draft.id,
      {
        ...lateDraft,
        lines: lateDraft.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitCents: line.unitCents })),
        dueDate: "2020-01-01",
      },
      new Date(),
    );
    await issueInvoice(db, draft.id, STAFF, new Date());

    const overdue = await listInvoices(db, { state: "overdue", page: 1 }, today());
    expect(overdue.rows.map((row) => row.id)).toContain(draft.id);
    expect(overdue.rows.every((row) => row.overdue)).toBe(true);
    const found = await listInvoices(db, { q: owing.name, page: 1 }, today());
    expect(found.rows.map((row) => row.id)).toEqual([owing.id]);
    expect((await listInvoices(db, { q: "%", page: 1 }, today())).total).toBe(0);
    expect((await listInvoices(db, { state: "paid", page: 1 }, today())).rows.map((row) => row.id)).toContain(paid.id);
    const all = await listInvoices(db, { page: 1 }, today());
    expect(all.rows).toHaveLength(Math.min(all.total, 50));
    expect(all.rows.map((row) => row.id).slice(0, 1)).toEqual([draft.id]);

    const report = await unpaidReport(db, today());
    expect(report.buckets.map((bucket) => bucket.bucket)).toEqual(["current", "1-30", "31-60", "over-60"]);
    expect(report.rows.find((row) => row.id === draft.id)).toMatchObject({ bucket: "over-60", balanceCents: 400_000 });
    expect(report.rows.find((row) => row.id === paid.id)).toBeUndefined();
    expect(report.totalCents).toBe(report.rows.reduce((sum, row) => sum + row.balanceCents, 0));
    expect(report.buckets.reduce((sum, bucket) => sum + bucket.totalCents, 0)).toBe(report.totalCents);

    const rows = await accountingRows(db, today(), today());
    expect(rows.find((row) => row.number === paid.number)).toMatchObject({
      type: "invoice",
      netCents: 200_000,
      taxCents: 0,
      totalCents: 200_000,
    });
    expect(rows.find((row) => row.type === "payment" && row.invoiceNumber === paid.number)).toMatchObject({
      method: "bank_transfer",
      reference: "TR-1",
      totalCents: 200_000,
    });
    // A credit note's row names the invoice it corrects, not itself.
    const note = await issueCreditNote(
      db,
      owing.id,
      { lines: [{ description: "Window missed", quantity: 1, unitCents: 50_000 }], reason: "Window missed" },
      STAFF,
      new Date(),
    );
    if (note.status !== "issued") throw new Error(JSON.stringify(note));
    expect((await accountingRows(db, today(), today())).find((row) => row.number === note.number)).toMatchObject({
      type: "credit_note",
      description: "Window missed",
      totalCents: 50_000,
      invoiceNumber: owing.number,
    });
    expect(await accountingRows(db, "2000-01-01", "2000-12-31")).toEqual([]);
  });
});

describe("customers", () => {
  test("a merge moves every invoice of the merged customer; a split moves the invoices of the request that moves", async () => {
    const userId = crypto.randomUUID();
    await worker.db
      .prepare("INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, 'x', ?)")
      .bind(userId, `staff-${userId}@example.com`, Date.now())
      .run();
    const actor = { userId, email: `staff-${userId}@example.com` };
    const kept = await issuedInvoice(2000);
    const merged = await issuedInvoice(3000);
    const credit = await issueCreditNote(
      db,
      merged.id,
      { lines: [{ description: "Goodwill", quantity: 1, unitCents: 10_000 }], reason: "Goodwill" },
      STAFF,
      new Date(),
    );
    expect(credit.status).toBe("issued");
    expect(await mergeCustomers(db, { intoId: kept.customerId, fromId: merged.customerId, actor })).toMatchObject({ status: "merged" });
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE customer_id = ?", kept.customerId)).toBe(3);
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE customer_id = ?", merged.customerId)).toBe(0);
    expect(await customerBalance(db, kept.customerId, today())).toMatchObject({ invoicedCents: 490_000, openInvoices: 2 });

    const split = await splitRecord(db, { customerId: kept.customerId, entity: "quote_request", recordId: merged.requestId, actor });
    if (split.status !== "split") throw new Error(JSON.stringify(split));
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE customer_id = ?", split.customerId)).toBe(2);
    expect(await count("SELECT COUNT(*) AS c FROM invoices WHERE customer_id = ?", kept.customerId)).toBe(1);
  });
});
